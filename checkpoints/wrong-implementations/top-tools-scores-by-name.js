// Breaks evidence-recomputes: topTools keeps the scores in a plain object keyed by the tool's name, so
// a tool named __proto__ has no score of its own (the assignment set the object's prototype) and is
// ranked wrongly.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = score(request, tools.map(wb.toolText));
  const byName = {};
  tools.forEach((tool, index) => {
    byName[tool.name] = scores[index] ?? 0;
  });
  return tools
    .map((tool, index) => ({ tool, index, score: byName[tool.name] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, m)
    .map((entry) => entry.tool);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
