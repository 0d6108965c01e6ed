// Breaks notifications-bounded: the skip bound counts with >=, so 16 notifications are already refused
// (one short of the bound; skips-seventeen.js is one past it).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("skip-bound-off-by-one");
module.exports.rule = "notifications-bounded";
