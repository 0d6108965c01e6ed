// Breaks allowlist-before-write: an allowed name lets through every name that starts with it
// ("place" allows place_purchase).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-prefix");
module.exports.rule = "allowlist-before-write";
