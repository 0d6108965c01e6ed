// Breaks result-text-iserror: resultText takes as text only items that hold exactly type and text,
// so a text item with annotations or _meta (as MCP allows every content item) is left out of the
// call's text (chapter lines 341–342, 546).
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const plain = (item) => Object.keys(item ?? {}).every((key) => key === "type" || key === "text");
  const content = Array.isArray(result?.content)
    ? result.content.map((item) => (item?.type === "text" && !plain(item) ? { ...item, type: "annotated" } : item))
    : result?.content;
  return wb.resultText({ ...result, content });
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
