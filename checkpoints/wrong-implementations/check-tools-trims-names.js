// Breaks discovery-bounds: checkTools trims each name before asking that it is not empty, so a
// tool named by whitespace alone (" ", a tab, a no-break space) is refused, where any non-empty
// string is a name (chapter lines 363–366). The sibling of round 10's check-tools-blank-name-refused.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  const blank = tools.find((tool) => tool.name.trim() === "");
  if (blank !== undefined)
    throw new wb.ProtocolError("catalog", { what: "a tool has a blank name", expected: "a name with something in it" });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
