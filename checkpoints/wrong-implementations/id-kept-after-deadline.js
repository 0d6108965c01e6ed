// Breaks ids-fresh: the id of a call that ran out of time is given back and taken by the next call,
// so a late reply to the first call would answer the second.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("id-kept-after-deadline");
module.exports.rule = "ids-fresh";
