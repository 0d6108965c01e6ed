// Breaks allowlist-before-write: names are compared as their UTF-8 bytes, which write every lone
// surrogate as U+FFFD, so an advertised name ending in another lone half than the allowed one is called.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-utf8-bytes");
module.exports.rule = "allowlist-before-write";
