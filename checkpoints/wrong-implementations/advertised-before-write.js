// Breaks advertised-before-write: only the allowlist is checked; a tool the server never advertised is sent anyway.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-only");
module.exports.rule = "advertised-before-write";
