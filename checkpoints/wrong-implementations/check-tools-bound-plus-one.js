// Breaks discovery-bounds: one past the tool-count bound. "At most the limit" read as "no more than
// one over it", so a catalog of 33 tools (the limit is 32) is taken.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  return wb.checkTools(result, limit + 1);
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
