// Breaks deadline-as-given on discovery alone: tools/list waits with no deadline (a catalog can be
// long), while the handshake and every call get the timeout as given. The red team's
// request-deadline-list-unbounded made this mistake in the build notebook. Judged where the grader
// owns the clock: only a session that hangs tools/list shows it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("list-unbounded");
module.exports.rule = "deadline-as-given";
module.exports.alsoBreaks = ["deadline-per-operation"];
module.exports.onTheGradersClock = true;
