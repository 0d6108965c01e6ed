// Breaks deadline-as-given on the handshake alone: initialize waits the default 5 s whatever the
// timeout, while every later operation gets the timeout as given.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("handshake-default-deadline");
module.exports.rule = "deadline-as-given";
module.exports.onTheGradersClock = true;
