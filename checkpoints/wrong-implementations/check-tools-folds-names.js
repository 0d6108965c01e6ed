// Breaks discovery-bounds: checkTools finds repeated names after NFKC and lower case, so a catalog
// with two different names that differ only there (fullwidth letters, a ligature, case) is refused.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, ...rest) {
  const tools = wb.checkTools(result, ...rest);
  const seen = new Set();
  for (const tool of tools) {
    const key = tool.name.normalize("NFKC").toLowerCase();
    if (seen.has(key))
      throw new wb.ProtocolError("catalog", { what: `tool ${tool.name} named twice`, expected: "each name once" });
    seen.add(key);
  }
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
