// Breaks ids-exact: answerFor compares the reply's id after | 0, so from request 2^31 up a reply
// with the request's own id never answers it (2147483648 | 0 is -2147483648). Types and fractions
// are refused as the library refuses them: only the range of ids varies.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (typeof message.method === "string" || !("id" in message)) return wb.answerFor(requestId, message);
  const { id } = message;
  if (typeof id !== "number" || !Number.isInteger(id) || (id | 0) !== requestId)
    throw new wb.ProtocolError("wrong-id", { what: `reply for ${JSON.stringify(id)}`, expected: `id ${requestId}` });
  // Its one mistake is above; past it, the reply is judged as the library judges one.
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
