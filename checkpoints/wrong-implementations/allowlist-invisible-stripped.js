// Breaks allowlist-before-write: zero-width characters are dropped before names are compared, so an
// advertised name with one inside an allowed name is called.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-invisible-stripped");
module.exports.rule = "allowlist-before-write";
