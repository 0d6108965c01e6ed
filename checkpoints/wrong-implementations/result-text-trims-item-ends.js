// Breaks result-text-iserror: resultText drops the whitespace at the end of each text item (a
// trailing newline, spaces, a non-breaking space), so the text is not as the tool wrote it: the
// sibling of round 9's items trimmed at both ends (chapter line 492; the notebook's resultText).
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  if (!Array.isArray(result?.content)) return wb.resultText(result);
  const content = result.content.map((item) =>
    item?.type === "text" && typeof item.text === "string" ? { ...item, text: item.text.trimEnd() } : item,
  );
  return wb.resultText({ ...result, content });
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
