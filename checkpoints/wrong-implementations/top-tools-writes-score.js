// Breaks evidence-recomputes: topTools ranks as the library does, but writes each tool's score onto
// the catalog's own tool objects (tool.score), changing what it was handed.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = score(request, tools.map(wb.toolText));
  tools.forEach((tool, index) => {
    tool.score = scores[index];
  });
  return tools
    .map((tool, index) => ({ tool, index }))
    .sort((a, b) => b.tool.score - a.tool.score || a.index - b.index)
    .slice(0, m)
    .map((entry) => entry.tool);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
