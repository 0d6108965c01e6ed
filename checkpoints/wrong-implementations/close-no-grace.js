// Breaks close-eof-first: close() ends the input and signals the group at once, giving the server
// no moment to exit on its own.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("no-grace");
module.exports.rule = "close-eof-first";
