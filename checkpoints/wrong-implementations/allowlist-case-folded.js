// Breaks allowlist-before-write: names are compared in lower case, so an advertised Count_X is called
// when count_x is allowed.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-case-folded");
module.exports.rule = "allowlist-before-write";
