// Breaks notifications-bounded: one past the bound on the other side from notifications-bounded.js.
// The reply is counted among the skipped messages, so seventeen notifications before it are skipped
// and the call answered (the red team's request-skips-seventeen, round 4).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("skips-seventeen");
module.exports.rule = "notifications-bounded";
