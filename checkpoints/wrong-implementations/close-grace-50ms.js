// Breaks close-eof-first: close() gives the server only 50 ms after ending its input before it
// signals, less than the moment (100 ms) a server may take to leave (the red team's close-grace-50ms).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("grace-50ms");
module.exports.rule = "close-eof-first";
// Judged where a grading judges it, on the grader's clock: the server's leaving after its input
// ends and the client's grace are on one timeline (on real time, load once let a 50 ms grace pass).
module.exports.onTheGradersClock = true;
