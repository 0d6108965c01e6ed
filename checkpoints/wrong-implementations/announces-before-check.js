// Breaks handshake-order: notifications/initialized goes out before the initialize result is checked,
// so a server speaking another version hears the announcement before the refusal.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("announces-before-check");
module.exports.rule = "handshake-order";
