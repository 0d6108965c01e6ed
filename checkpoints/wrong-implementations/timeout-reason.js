// Breaks timeout-bounded: an unbounded timeout is refused, but as a UsageError whose reason is "options",
// so a caller cannot tell a deadline that bounds nothing from any other misused option.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("options-reason");
module.exports.rule = "timeout-bounded";
