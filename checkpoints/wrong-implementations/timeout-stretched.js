// Breaks deadline-as-given: a timeout of 5 s or more quietly becomes 60 s, so a call to a hung server given 5 s is still waiting at 9 s.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("stretches-long-timeouts");
module.exports.rule = "deadline-as-given";
