// Breaks close-eof-first: close() sends a shutdown request and an exit notification before ending
// the input, as LSP does; MCP over stdio ends a session by ending its input.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("says-goodbye");
module.exports.rule = "close-eof-first";
