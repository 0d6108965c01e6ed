// Breaks handshake-order: notifications/initialized is sent only after tools/list.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("initialized-after-list");
module.exports.rule = "handshake-order";
