// Breaks ping-answered: a request from the server (its ping) is skipped like a notification, never answered.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("ignores-server-requests");
module.exports.rule = "ping-answered";
