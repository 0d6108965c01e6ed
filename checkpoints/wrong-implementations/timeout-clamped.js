// Breaks deadline-as-given along the deadline's length: a timeout under 1 s is raised to 1 s, and
// one over 10 s is cut to 10 s ("sane" bounds of its own). Every timeout from 1 to 10 s is taken as
// given, so only deadlines outside that span show it: under a second, and from 10 s to the bound.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("clamps-timeout");
module.exports.rule = "deadline-as-given";
module.exports.onTheGradersClock = true;
