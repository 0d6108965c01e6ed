// Breaks error-raised: answerFor returns an error reply's error object as if it were the result.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (message.error !== undefined && message.id === requestId) return message.error;
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "error-raised";
