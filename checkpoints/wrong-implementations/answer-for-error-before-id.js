// Breaks ids-exact: answerFor raises an error reply as the server's error before it looks at the id,
// so another request's error (or one with no id) is reported as the answer to ours.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (!("method" in message) && typeof message.error === "object" && message.error !== null)
    throw new wb.ServerError(message.error, { what: "the server reported an error" });
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
