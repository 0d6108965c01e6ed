// Breaks discovery-bounds: checkTools refuses a tools/list result holding anything beside tools
// and nextCursor, so a result with _meta, as MCP allows every result, is refused whole (chapter
// lines 354–360).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const odd = Object.keys(result).filter((key) => key !== "tools" && key !== "nextCursor");
  if (odd.length > 0) throw new wb.ProtocolError("catalog", { what: `the tool list also holds ${odd.join(", ")}` });
  return wb.checkTools(result, limit);
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
