// Breaks nothing-before-handshake: listTools() and callTool() before initialize() write to the server instead of refusing.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("no-handshake-guard");
module.exports.rule = "handshake-order";
