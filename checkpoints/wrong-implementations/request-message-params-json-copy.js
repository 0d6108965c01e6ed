// Breaks messages-shape: requestMessage copies its params through JSON.stringify and JSON.parse,
// so NaN and Infinity become null, -0 becomes 0, undefined members vanish and a Date becomes a
// string before encodeFrame can refuse or write them: the server would be sent a value the caller
// never gave (chapter lines 200–202, 264, 269–270). The sibling of round 10's
// request-message-params-json-roundtrip.
"use strict";
const wb = require("mcp-workbook");
function requestMessage(id, method, params = {}) {
  return { jsonrpc: "2.0", id, method, params: JSON.parse(JSON.stringify(params)) };
}
module.exports = { ...wb, requestMessage };
module.exports.rule = "messages-shape";
