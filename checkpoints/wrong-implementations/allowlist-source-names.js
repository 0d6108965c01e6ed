// Breaks allowlist-before-write: a forgery that enforces the allowlist only for the tool names it finds
// in the teaching server's source, and lets every other name through (names made up at run time).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-source-names");
module.exports.rule = "allowlist-before-write";
