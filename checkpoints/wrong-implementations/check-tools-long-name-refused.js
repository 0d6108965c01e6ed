// Breaks discovery-bounds: checkTools refuses a name longer than 128 characters (a bound some
// servers' documentation suggests, read as the client's rule), where any non-empty string is a
// name (chapter lines 363–366). The sibling of round 10's check-tools-name-length-64.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  const long = tools.find((tool) => tool.name.length > 128);
  if (long !== undefined)
    throw new wb.ProtocolError("catalog", { what: "a tool's name is too long", expected: "at most 128 characters" });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
