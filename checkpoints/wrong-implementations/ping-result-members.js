// Breaks ping-answered: the server's ping is answered with the object { pong: true }, not the empty result {} MCP's ping asks for.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("ping-result-members");
module.exports.rule = "ping-answered";
