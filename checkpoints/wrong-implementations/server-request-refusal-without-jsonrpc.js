// Breaks server-request-refused: the server's sampling request gets the error method not found with
// its id, but the reply leaves out jsonrpc "2.0", so the server cannot read it as a response and the
// call it was serving never completes. (A mutant of the reference's request() that emptied the
// reply's "2.0" survived every rule while the rule read only the server's record.)
"use strict";
const { withMistakes } = require("./small-client.js");
module.exports = withMistakes("refusal-without-jsonrpc");
module.exports.rule = "server-request-refused";
