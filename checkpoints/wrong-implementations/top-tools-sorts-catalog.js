// Breaks evidence-recomputes: topTools ranks as the library does (a stable sort keeps catalog order
// among equal scores), but sorts the catalog it was handed in place before it cuts the first m.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = new Map(score(request, tools.map(wb.toolText)).map((value, index) => [tools[index], value]));
  return tools.sort((a, b) => scores.get(b) - scores.get(a)).slice(0, m);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
