// Breaks ids-fresh: every request carries the id 1 ("one request at a time, so one id is enough").
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("one-id");
module.exports.rule = "ids-fresh";
