// Breaks timeout-bounded: one step past the upper end of (0, 60 s]. The bound is checked on the
// timeout rounded down, so 60000.5 ms, over the chapter's 60 s, is taken.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("bound-fraction-taken");
module.exports.rule = "timeout-bounded";
