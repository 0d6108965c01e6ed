// Breaks close-eof-first: close() sends a shutdown request and an exit notification before ending
// the input, as LSP does; MCP over stdio ends a session by ending its input.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("says-goodbye");
module.exports.rule = "close-eof-first";
// Judged where a grading judges it, on the grader's clock: the server's leaving after its input
// ends and the client's grace are on one timeline (on real time, load once let a 50 ms grace pass).
module.exports.onTheGradersClock = true;
