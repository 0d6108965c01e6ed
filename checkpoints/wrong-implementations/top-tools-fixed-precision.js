// Breaks evidence-recomputes: topTools compares scores to six decimal places, so scores closer than
// a millionth (1e-300 and 5e-324, or two very negative ones) tie and fall back to catalog order,
// though the score function ranked them (chapter lines 151–154: sorted by the score itself).
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const scores = score(request, tools.map(wb.toolText)).map((value) => Number(value.toFixed(6)));
  return wb.topTools(request, tools, () => scores, m);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
