// Breaks notifications-bounded: only notifications/message is counted among the skipped messages, so
// seventeen notifications of other methods pass (the red team's request-counts-only-log-notifications).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("counts-log-only");
module.exports.rule = "notifications-bounded";
