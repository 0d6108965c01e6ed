// Breaks timeout-bounded: the timeout option is taken as given, so Infinity (or 0) makes a client with no bounded deadline.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("unbounded-timeout");
module.exports.rule = "timeout-bounded";
