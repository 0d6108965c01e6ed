// Breaks evidence-recomputes: topTools offers no tools for a request that is empty or only
// whitespace, where the chapter ranks every request (lines 145-154): when all scores tie, the m
// best are the first m in catalog order. Red team round 11's top-tools-empty-request-ranks-nothing.
"use strict";
const wb = require("mcp-workbook");
function topTools(request, tools, score, m) {
  return request.trim() === "" ? [] : wb.topTools(request, tools, score, m);
}
module.exports = { ...wb, topTools };
module.exports.rule = "evidence-recomputes";
