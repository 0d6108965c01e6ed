// Breaks server-request-refused: the refusal's error is { code: -32601 } alone, without the string message every JSON-RPC error carries.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("refusal-without-message");
module.exports.rule = "server-request-refused";
