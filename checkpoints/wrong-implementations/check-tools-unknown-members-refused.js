// Breaks discovery-bounds: checkTools refuses a tool carrying a member it does not know (anything
// beyond name, title, description, inputSchema and annotations), so a server that sends an
// outputSchema, icons or _meta, as MCP allows, is refused whole (chapter lines 363–370). The
// sibling of round 10's check-tools-refuses-unknown-members.
"use strict";
const wb = require("mcp-workbook");
const KNOWN = new Set(["name", "title", "description", "inputSchema", "annotations"]);
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  const odd = tools.find((tool) => Object.keys(tool).some((key) => !KNOWN.has(key)));
  if (odd !== undefined)
    throw new wb.ProtocolError("catalog", {
      what: `the tool ${JSON.stringify(odd.name)} has members this client does not know`,
    });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
