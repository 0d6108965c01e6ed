// Breaks failure-modes: a reply refused as wrong or stale is answered by sending the call once
// more, so the tool runs twice.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("resends-after-refusal");
module.exports.rule = "failure-modes";
