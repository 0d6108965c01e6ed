// Breaks discovery-bounds: checkTools checks the catalog as the library does, then takes the tools out of
// the result it was handed (delete result.tools) to pass them on, emptying the caller's result.
"use strict";
const wb = require("mcp-workbook");
function checkTools(result) {
  const tools = wb.checkTools(result);
  if (result !== null && typeof result === "object") delete result.tools;
  return tools;
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
