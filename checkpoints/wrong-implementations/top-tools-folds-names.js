// Breaks evidence-recomputes: topTools keeps the scores in a Map keyed by the tool's name after NFKC
// and lower case, so two tools whose names differ only there (fullwidth letters, a ligature, case)
// share the later one's score.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = score(request, tools.map(wb.toolText));
  const key = (tool) => tool.name.normalize("NFKC").toLowerCase();
  const byName = new Map(tools.map((tool, index) => [key(tool), scores[index] ?? 0]));
  return tools
    .map((tool, index) => ({ tool, index, score: byName.get(key(tool)) ?? 0 }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, m)
    .map((entry) => entry.tool);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
