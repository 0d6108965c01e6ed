// Breaks result-text-iserror: resultText prefers a result's structuredContent, when there is one,
// and hands back its JSON, so the text the tool wrote in its text items is replaced.
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  if (result.structuredContent !== undefined && result.isError !== true)
    return JSON.stringify(result.structuredContent);
  return wb.resultText(result);
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
