// Breaks deadline-per-operation: one deadline for the whole operation, but three times the one
// given (a unit slip, a retry budget folded in), so a reply that trickles in ends long after its
// deadline and one that drips in arrives before it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("deadline-stretched");
module.exports.rule = "deadline-per-operation";
// Three times any deadline is later than deadline-as-given allows on the grader's clock (a tenth
// over it): the same mistake breaks that demand too.
module.exports.alsoBreaks = ["deadline-as-given"];
// Judged where a grading judges it, on the grader's clock. On real time (a check cell) a stall of
// the grader's loop is credited, and at three times a drawn 5.5 s deadline (16.5 s against the
// 14 s allowed) a stall of 2.5 s under load forgave it once (CI of 0469888).
module.exports.onTheGradersClock = true;
