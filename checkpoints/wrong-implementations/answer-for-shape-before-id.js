// Breaks ids-exact: answerFor refuses a reply without a result object as malformed before it looks
// at the id, so a reply for another request is refused for its shape, not as not ours.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (!("method" in message) && !("error" in message)) {
    const result = message.result;
    if (typeof result !== "object" || result === null || Array.isArray(result))
      throw new wb.ProtocolError("bad-response", { what: "the reply carries no result object" });
  }
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
