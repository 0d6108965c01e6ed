// Breaks result-text-iserror: resultText reads the result's text items as a queue, shifting each off
// result.content, so its text is right but the caller's result is left without its content.
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const text = wb.resultText(result);
  if (Array.isArray(result?.content)) while (result.content.length > 0) result.content.shift();
  return text;
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
