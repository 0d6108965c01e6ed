// Breaks evidence-recomputes: topTools trims each tool's description before scoring, as if the
// whitespace around it carried no meaning, so a score function that tells whitespace apart scores
// another text than the tool's own: the sibling of round 9's text items trimmed in resultText
// (the chapter scores each tool by its name and description as listed, lines 145-154).
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const trimmed = tools.map((tool) =>
    typeof tool.description === "string" ? { ...tool, description: tool.description.trim() } : tool,
  );
  const kept = new Map(trimmed.map((copy, index) => [copy, tools[index]]));
  return wb.topTools(request, trimmed, score, m).map((copy) => kept.get(copy));
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
