// Breaks timeout-bounded: one step inside the lower end of (0, 60 s]. A timeout must be a whole
// millisecond or more, so 0.5 ms, which is more than 0, is refused as unbounded.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("sub-ms-refused");
module.exports.rule = "timeout-bounded";
