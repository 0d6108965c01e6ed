// Breaks deadline-per-operation on discovery alone: while tools/list waits, each part of a line that
// arrives starts its deadline afresh, so a catalog that trickles in never times out; the handshake
// and every call keep one deadline. Judged where the grader owns the clock: only a session that
// hangs tools/list while its answer comes a byte at a time shows it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("list-timer-per-read");
module.exports.rule = "deadline-per-operation";
module.exports.onTheGradersClock = true;
