// Breaks allowlist-before-write: the request is written first and the allowlist checked after, so the server runs the refused tool.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("refuses-after-sending");
module.exports.rule = "allowlist-before-write";
