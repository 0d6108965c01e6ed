// Breaks result-text-iserror: resultText cuts a call's text at 10,000 characters "to keep the
// model's prompt small" and hands the part back as the whole answer. The frame limit is what
// bounds an answer (chapter lines 266, 618, 628). Red team round 11's result-text-truncated-to-10000.
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const text = wb.resultText(result);
  return text.length > 10_000 ? `${text.slice(0, 10_000)}…` : text;
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
