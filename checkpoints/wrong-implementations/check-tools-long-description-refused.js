// Breaks discovery-bounds: checkTools refuses a catalog whose descriptions run past 4,096
// characters (Part A's token cost read as a rule of discovery), where the chapter bounds the
// number of tools and leaves what each says to the server (lines 354–371). The sibling of round
// 10's check-tools-bounds-descriptions.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  if (tools.some((tool) => (tool.description ?? "").length > 4096))
    throw new wb.ProtocolError("catalog", {
      what: "a tool's description is too long",
      expected: "at most 4096 characters",
    });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
