// checkTools tests the schema with `schema.type != "object"` (loose), so a schema whose type is the
// array ["object"] passes ( ["object"] == "object" ).
// MCP 2025-06-18 Tool.inputSchema: { type: "object", ... }; chapter: schema.get("type") != "object"
// -> "lacks an object input schema".
"use strict";
const wb = require("mcp-workbook");
const refuse = (what) => new wb.ProtocolError("catalog", { what });
function checkTools(result, limit = wb.MAX_TOOLS) {
  if (result.nextCursor !== undefined && result.nextCursor !== null) throw refuse("tool list is paginated");
  const tools = result.tools;
  if (!Array.isArray(tools)) throw refuse("tools/list result has no tools array");
  if (tools.length > limit) throw refuse(`server advertises ${tools.length} tools`);
  const seen = new Set();
  for (const tool of tools) {
    const name = typeof tool === "object" && tool !== null ? tool.name : undefined;
    if (typeof name !== "string" || name === "" || seen.has(name)) throw refuse("invalid or duplicate name");
    seen.add(name);
    const schema = tool.inputSchema;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema) || schema.type != "object")
      throw refuse(`tool ${name} lacks an object input schema`);
    if (tool.description !== undefined && typeof tool.description !== "string") throw refuse("non-text description");
  }
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
