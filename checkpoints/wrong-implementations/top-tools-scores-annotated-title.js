// Breaks evidence-recomputes: topTools scores a tool by its display name, annotations.title before
// title before name (MCP's order for showing a tool to a person), with its description, so a tool
// with a title is scored by words its name does not hold. The retriever sees the name, underscores
// as spaces, and the description (chapter lines 138, 140-142). The sibling of red team round 12's
// top-tools-text-prefers-title.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const texts = tools.map((tool) => wb.toolText({ ...tool, name: tool.annotations?.title ?? tool.title ?? tool.name }));
  const scores = score(request, texts);
  const order = tools.map((_, index) => index).sort((a, b) => scores[b] - scores[a] || a - b);
  return order.slice(0, Math.max(0, m)).map((index) => tools[index]);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
