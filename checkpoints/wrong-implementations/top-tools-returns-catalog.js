// Breaks evidence-recomputes: topTools ranks as the library does, but when m covers the catalog and
// the catalog is already in ranked order it hands back the catalog array itself, so a push or a sort
// the caller makes on the result happens to the catalog.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const ranked = wb.topTools(request, tools, score, m);
  if (m >= tools.length && ranked.every((tool, index) => tool === tools[index])) return tools;
  return ranked;
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
