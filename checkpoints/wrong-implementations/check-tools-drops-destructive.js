// Breaks discovery-bounds: checkTools leaves out the tools a server marks destructiveHint, so the
// catalog is not what the server listed; what may be called is the application's allowlist to
// decide, not the server's text (chapter lines 354–356, 370–377). The sibling of round 11's
// check-tools-drops-destructive-tools.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  return wb.checkTools(result, limit).filter((tool) => tool.annotations?.destructiveHint !== true);
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
