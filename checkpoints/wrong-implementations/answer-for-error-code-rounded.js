// Breaks error-raised: answerFor rounds an error's code that is a number but no integer ("a
// server's float code"), so an error with code 1.5 or -32600.5 is raised as the server's
// well-formed error with a code it never sent. JSON-RPC 2.0 gives an error an integer code; any
// other is a malformed reply, refused as a protocol fault (chapter lines 224–226; the notebook's
// answerFor: no integer code is malformed). The sibling of red team round 13's
// answer-for-error-code-any-number.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  const error = message.error;
  const fraction = typeof error === "object" && error !== null && Number.isFinite(error.code);
  return wb.answerFor(
    requestId,
    fraction ? { ...message, error: { ...error, code: Math.round(error.code) } } : message,
  );
}
module.exports = { ...wb, answerFor };
module.exports.rule = "error-raised";
