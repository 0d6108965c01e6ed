// Breaks ping-answered: a ping from the server is told from a notification by the truth of its id,
// so a ping with id 0 or "" is skipped, never answered, and the call waits out its deadline (round
// 9's sibling: JSON-RPC lets an id be any string or number, and MCP forbids only null).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("ping-id-truthy");
module.exports.rule = "ping-answered";
