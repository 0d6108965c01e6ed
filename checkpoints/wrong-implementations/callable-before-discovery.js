// Breaks advertised-before-write: before listTools() an empty catalog is read as "not checked yet",
// so any allowed name is sent.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("callable-before-discovery");
module.exports.rule = "advertised-before-write";
