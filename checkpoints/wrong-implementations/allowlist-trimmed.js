// Breaks allowlist-before-write: names are trimmed before they are compared, so an advertised name with
// whitespace around an allowed one is called.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-trimmed");
module.exports.rule = "allowlist-before-write";
