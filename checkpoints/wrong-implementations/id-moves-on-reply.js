// Breaks ids-fresh: the id counter moves on only when a reply is taken, so the id of a refused or
// timed-out request goes to the next one, and a late reply to the first would answer the second.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("id-moves-on-reply");
module.exports.rule = "ids-fresh";
