// Breaks evidence-recomputes: topTools trims the request before scoring, as if the whitespace
// around it carried no meaning, so a score function that tells whitespace apart ranks another
// request than the one asked (the chapter hands score the request as given, lines 145–154).
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  return wb.topTools(request.trim(), tools, score, m);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
