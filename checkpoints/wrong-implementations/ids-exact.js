// Breaks ids-exact: answerFor compares ids with ==, so true, "7" and 7.0-as-string answer request 7.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (typeof message.method === "string") return null;
  if (message.id != requestId)
    throw new wb.ProtocolError("wrong-id", { what: `reply for ${message.id}`, expected: `id ${requestId}` });
  // Its one mistake is above; past it, the reply is judged as the library judges one.
  return wb.answerFor(requestId, { ...message, id: requestId });
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
