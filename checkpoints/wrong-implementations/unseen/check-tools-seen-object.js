// checkTools remembers names in a plain object and tests `name in seen`, so a tool named
// "constructor", "toString" or "__proto__" is refused as a duplicate the first time it appears
// (the name is found on Object.prototype).
// Chapter: names must be unique ("invalid or duplicate tool name"); a unique list is accepted.
"use strict";
const wb = require("mcp-workbook");
const refuse = (what) => new wb.ProtocolError("catalog", { what });
function checkTools(result, limit = wb.MAX_TOOLS) {
  if (result.nextCursor !== undefined && result.nextCursor !== null) throw refuse("tool list is paginated");
  const tools = result.tools;
  if (!Array.isArray(tools)) throw refuse("tools/list result has no tools array");
  if (tools.length > limit) throw refuse(`server advertises ${tools.length} tools`);
  const seen = {};
  for (const tool of tools) {
    const name = typeof tool === "object" && tool !== null ? tool.name : undefined;
    if (typeof name !== "string" || name === "" || name in seen) throw refuse("invalid or duplicate name");
    seen[name] = true;
    const schema = tool.inputSchema;
    if (typeof schema !== "object" || schema === null || Array.isArray(schema) || schema.type !== "object")
      throw refuse(`tool ${name} lacks an object input schema`);
    if (tool.description !== undefined && typeof tool.description !== "string") throw refuse("non-text description");
  }
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
