// Breaks result-text-iserror: resultText ends every text item with a newline, the last one too, so
// a single item's text does not come as it was, and two items are not one text, a separator, then
// the other (the separator is free; a separator after the last item is not).
"use strict";
const wb = require("mcp-workbook");
function resultText(result) {
  const joined = wb.resultText(result);
  const items = Array.isArray(result.content) ? result.content.filter((item) => item?.type === "text") : [];
  return items.length === 0 ? joined : items.map((item) => `${item.text}\n`).join("");
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
