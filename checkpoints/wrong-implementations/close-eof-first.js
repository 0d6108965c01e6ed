// Breaks close-eof-first: close() signals the group first instead of ending the input and waiting.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("signal-first");
module.exports.rule = "close-eof-first";
// Judged where a grading judges it, on the grader's clock: the server's leaving after its input
// ends and the client's grace are on one timeline (on real time, load once let a 50 ms grace pass).
module.exports.onTheGradersClock = true;
