// Breaks allowlist-before-write: names are compared after Unicode NFKC normalisation, so an advertised
// look-alike of an allowed name (fullwidth letters, the ligature ﬁ, é written as e and an accent) is called.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-nfkc");
module.exports.rule = "allowlist-before-write";
