// Breaks allowlist-before-write: an empty allowlist is read as "no restriction", so with nothing
// allowed every advertised tool is offered and called.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("empty-allowlist-open");
module.exports.rule = "allowlist-before-write";
