// Breaks close-eof-first: close() signals the group first instead of ending the input and waiting.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("signal-first");
module.exports.rule = "close-eof-first";
