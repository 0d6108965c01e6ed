// Breaks timeout-bounded: the chapter's 0 < timeout <= 60 s read as below 60 s, so a timeout of exactly 60 s is refused.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("refuses-the-bound");
module.exports.rule = "timeout-bounded";
