// Breaks notifications-bounded: the count of skipped messages starts again after each ping from the
// server, so seventeen notifications with a ping among them pass (the red team's request-ping-resets-skips).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("skips-restart-at-ping");
module.exports.rule = "notifications-bounded";
