// Breaks handshake-order: initialize asks for 2024-11-05, an older version, though the client
// speaks and accepts only the pinned 2025-06-18 (the red team's connect-sends-older-version).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("asks-older-version");
module.exports.rule = "handshake-order";
