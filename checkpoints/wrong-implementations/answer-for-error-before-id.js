// Breaks ids-exact: answerFor raises an error reply as the server's error before it looks at the id,
// so another request's well-formed error (or one with no id) is reported as the answer to ours.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  const error = message.error;
  const wellFormed =
    typeof error === "object" && error !== null && Number.isInteger(error.code) && typeof error.message === "string";
  if (!("method" in message) && wellFormed)
    throw new wb.ServerError(message.error, { what: "the server reported an error" });
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
