// Breaks evidence-recomputes: topTools scores each tool's name alone, not its name and description
// (toolText), so the receipts' BM25 rows do not rerun the same.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = score(
    request,
    tools.map((tool) => tool.name),
  );
  return tools
    .map((tool, index) => ({ tool, index, score: scores[index] }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, m)
    .map((entry) => entry.tool);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
