// Breaks discovery-bounds: one step inside the name's bound. "A non-empty name" read as "a name of
// more than one character", so a tool named "a" is refused where the chapter takes it (line 365).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  const short = tools.find((tool) => [...tool.name].length < 2);
  if (short !== undefined)
    throw new wb.ProtocolError("catalog", {
      what: `the tool name ${JSON.stringify(short.name)} is too short`,
      expected: "a name of two characters or more",
    });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
