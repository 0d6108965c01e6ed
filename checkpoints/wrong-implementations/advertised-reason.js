// Breaks advertised-before-write: a tool the server never advertised is refused before a byte is sent,
// but with the reason "not-allowed", so the application cannot tell its own allowlist from the server's catalog.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("one-refusal-reason");
module.exports.rule = "advertised-before-write";
