// Breaks deadline-per-operation: one deadline for the whole operation, but three times the one
// given (a unit slip, a retry budget folded in), so a reply that trickles in ends long after its
// deadline and one that drips in arrives before it. It holds the run-queue credit to its word: time
// the client's own deadline adds is never left out as the machine's.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("deadline-stretched");
module.exports.rule = "deadline-per-operation";
// Three times a drawn deadline of 5 s or more is later than deadline-as-given allows (twice it plus
// 3 s): the same mistake breaks that demand too, whatever the machine's load.
module.exports.alsoBreaks = ["deadline-as-given"];
