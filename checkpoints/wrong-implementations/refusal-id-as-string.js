// Breaks server-request-refused: the error reply to a server's request the client does not serve
// carries String(id), so request 0 is answered as "0" and -3 as "-3": a response to no request the
// server made (chapter line 196: the response carries the same id, type and all).
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("refusal-id-as-string");
module.exports.rule = "server-request-refused";
