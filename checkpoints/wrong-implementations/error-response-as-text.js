// Breaks negative-control: a JSON-RPC error response to tools/call is handed back as the call's
// text instead of raised.
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("error-response-as-text");
module.exports.rule = "negative-control";
