// answerFor tests the error member for truth (`if (message.error)`) and never checks that a reply
// carries exactly one of result and error: {"id":7,"result":{},"error":null} is returned as a result.
// JSON-RPC 2.0 §5: "Either the result member or error member MUST be included, but both members
// MUST NOT be included." The workbook's answerFor doc: "a response must carry exactly one of result
// (an object) and error".
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if ("method" in message) return null;
  const id = message.id;
  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId)
    throw new wb.ProtocolError("wrong-id", {
      what: `response id ${JSON.stringify(id)} does not answer request ${requestId}`,
    });
  if (message.error) {
    const e = message.error;
    if (typeof e !== "object" || !Number.isInteger(e.code) || typeof e.message !== "string")
      throw new wb.ProtocolError("bad-response", { what: "malformed error" });
    throw new wb.ServerError(e, { what: `server error ${e.code}: ${e.message}` });
  }
  const result = message.result;
  if (typeof result !== "object" || result === null || Array.isArray(result))
    throw new wb.ProtocolError("bad-response", { what: `response ${requestId} carries no result object` });
  return result;
}
module.exports = { ...wb, answerFor };
module.exports.rule = "error-raised";
