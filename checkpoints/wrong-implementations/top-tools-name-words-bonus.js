// Breaks evidence-recomputes: topTools adds 1 to the score of a tool whose name's words (underscores
// as spaces, any case) appear in the request ("a tool asked for by name is the one wanted"), so a
// tool the score function ranks lower comes first. The ranking is the scores' alone, equal scores
// in catalog order (chapter lines 151-154). The sibling of red team round 14's top-tools-name-match-bonus.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  const asked = request.toLowerCase();
  const scores = score(request, tools.map(wb.toolText)).map((value, index) =>
    asked.includes(tools[index].name.replaceAll("_", " ").toLowerCase()) ? value + 1 : value,
  );
  return wb.topTools(request, tools, () => scores, m);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
