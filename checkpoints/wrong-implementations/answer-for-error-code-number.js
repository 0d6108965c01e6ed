// Breaks error-raised: answerFor reads an error's code through Number(), so an error whose code is
// null, "" or "-32601" is raised as a well-formed ServerError, where an error without an integer
// code is no server's answer and is refused as malformed (chapter lines 224–226; the notebook's
// answerFor). The sibling of round 10's answer-for-error-code-coerced.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  const error = message.error;
  if (
    message.id === requestId &&
    !("method" in message) &&
    !("result" in message) &&
    typeof error === "object" &&
    error !== null
  ) {
    const code = Number(error.code);
    if (Number.isInteger(code) && typeof error.message === "string")
      throw new wb.ServerError({ ...error, code }, { what: `server error ${code} for request ${requestId}` });
  }
  return wb.answerFor(requestId, message);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "error-raised";
