// Breaks discovery-bounds: checkTools lets one tool through whatever the limit ("a server lists at
// least one"), so a caller's limit of 0 takes a catalog of one: the sibling of round 9's limit of 0
// read as the default (chapter lines 354-361: a catalog longer than the limit given is refused).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  return wb.checkTools(result, Math.max(limit, 1));
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
