// Breaks error-raised: answerFor tests an error's code for truth, so an error with code 0 (an
// integer, as JSON-RPC's error objects allow any) is refused as malformed instead of raised as
// the server's ServerError (chapter lines 218, 224–226).
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (message.id === requestId && !("method" in message) && "error" in message && message.error?.code === 0)
    throw new wb.ProtocolError("bad-response", { what: `response ${requestId} carries an error without a code` });
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "error-raised";
