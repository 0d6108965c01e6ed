// Breaks ids-exact: answerFor compares ids with ==, so true, "7" and 7.0-as-string answer request 7.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (typeof message.method === "string") return null;
  if (message.id != requestId)
    throw new wb.ProtocolError("wrong-id", { what: `reply for ${message.id}`, expected: `id ${requestId}` });
  if (message.error !== undefined)
    throw new wb.ServerError("server-error", { what: message.error.message, expected: "a result" });
  if (typeof message.result !== "object" || message.result === null || Array.isArray(message.result))
    throw new wb.ProtocolError("bad-response", { what: "no result object", expected: "a result object" });
  return message.result;
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
