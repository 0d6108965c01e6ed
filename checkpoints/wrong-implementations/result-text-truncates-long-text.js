// Breaks result-text-iserror: resultText cuts a text longer than 10,000 characters and hands back
// the part as the whole answer, where the frame limit is what bounds an answer and a partial one
// is never read as whole (chapter lines 266, 618, 628). The sibling of round 11's
// result-text-truncated-to-10000.
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const text = wb.resultText(result);
  return text.length > 10_000 ? text.slice(0, 10_000) : text;
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
