// Breaks deadline-per-operation: the deadline restarts on every read, so a reply that trickles in never times out.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("timer-per-read");
module.exports.rule = "deadline-per-operation";
