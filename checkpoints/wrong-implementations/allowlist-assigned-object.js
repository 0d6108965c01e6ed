// Breaks allowlist-before-write: the allowlist is built by assigning keys to a plain object and read by
// its own keys, so __proto__, allowed and advertised, is refused: the assignment set the object's prototype.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-assigned-object");
module.exports.rule = "allowlist-before-write";
// __proto__ allowed and never advertised is refused as not allowed, not as not advertised.
module.exports.alsoBreaks = ["advertised-before-write"];
