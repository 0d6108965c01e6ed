// Breaks discovery-bounds: checkTools names a tool that has no name, or no string one, by
// annotations.title ("the server's display name names it"), so a catalog with a nameless tool is
// accepted, holding a tool no call can name. Every tool needs a name, a non-empty string (chapter
// lines 362–366). The sibling of red team round 13's check-tools-title-as-missing-name.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = Array.isArray(result?.tools) ? result.tools : undefined;
  if (tools === undefined) return wb.checkTools(result, limit);
  const named = tools.map((tool) =>
    typeof tool === "object" && tool !== null && (typeof tool.name !== "string" || tool.name === "")
      ? { ...tool, name: tool.annotations?.title ?? tool.name }
      : tool,
  );
  return wb.checkTools({ ...result, tools: named }, limit);
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
