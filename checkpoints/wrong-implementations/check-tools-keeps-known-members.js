// Breaks discovery-bounds: checkTools hands back each tool cut down to name, description and
// inputSchema, so a tool's title, annotations, outputSchema and _meta never reach the catalog,
// where the chapter keeps each tool as listed (catalog[name] = tool, lines 362, 370–371).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  return wb
    .checkTools(result, limit)
    .map(({ name, description, inputSchema }) =>
      description === undefined ? { name, inputSchema } : { name, description, inputSchema },
    );
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
