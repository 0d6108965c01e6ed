// Breaks result-text-iserror: resultText reads an item's type without regard to case or spaces,
// so an item of type "Text" or "text " (a kind no version of MCP names) is taken as text, where
// only items of type "text" are the call's text and every other kind is left aside (chapter line
// 492; the notebook's resultText).
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const content = Array.isArray(result?.content) ? result.content : result?.content;
  const folded = Array.isArray(content)
    ? content.map((item) =>
        typeof item?.type === "string" && item.type.trim().toLowerCase() === "text" ? { ...item, type: "text" } : item,
      )
    : content;
  return wb.resultText({ ...result, content: folded });
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
