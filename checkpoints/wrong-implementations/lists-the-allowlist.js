// Breaks advertised-before-write: allowedTools() lists the allowlist's names, so a tool the server
// never advertised is offered to the model.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("lists-the-allowlist");
module.exports.rule = "advertised-before-write";
