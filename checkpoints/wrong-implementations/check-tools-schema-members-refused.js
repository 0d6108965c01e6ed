// Breaks discovery-bounds: checkTools asks more of a schema than its type: one with a $schema or
// additionalProperties member (as JSON Schema writers add) is refused, where any object schema
// of type "object" is one the client can call (chapter lines 368–369).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  const tools = wb.checkTools(result, limit);
  const odd = tools.find((tool) => "$schema" in tool.inputSchema || "additionalProperties" in tool.inputSchema);
  if (odd !== undefined)
    throw new wb.ProtocolError("catalog", {
      what: `the tool ${JSON.stringify(odd.name)} has a schema this client cannot read`,
    });
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
