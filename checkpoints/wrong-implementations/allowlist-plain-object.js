// Breaks allowlist-before-write: the allowlist is kept as a plain object's keys ({ word_count: true }),
// so a tool named constructor, __proto__ or toString, which every object answers to, is called unasked.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-plain-object");
module.exports.rule = "allowlist-before-write";
