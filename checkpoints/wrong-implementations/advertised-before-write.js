// Breaks advertised-before-write: only the allowlist is checked; a tool the server never advertised is sent anyway.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("allowlist-only");
module.exports.rule = "advertised-before-write";
// A server that advertised nothing (handshake-order's empty catalog) is sent the call just the same.
module.exports.alsoBreaks = ["handshake-order"];
