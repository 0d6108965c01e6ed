// Breaks failure-modes: the frame limit is never applied to what the server sends, so an oversized reply is taken.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("no-frame-limit");
module.exports.rule = "failure-modes";
