// Breaks deadline-as-given on the handshake's length alone: initialize gets twice the timeout (for a
// server slow to start), every later operation the timeout as given. The red team's
// request-handshake-double-deadline made this mistake in the build notebook. Judged where the
// grader owns the clock: a hung handshake at any deadline over 1.1 ms shows it.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("handshake-double-deadline");
module.exports.rule = "deadline-as-given";
module.exports.alsoBreaks = ["deadline-per-operation"];
module.exports.onTheGradersClock = true;
