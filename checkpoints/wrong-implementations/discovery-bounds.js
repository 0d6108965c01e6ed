// Breaks discovery-bounds: checkTools returns result.tools without any check (the example).
"use strict";
const wb = require("mcp-workbook");
module.exports = { ...wb, checkTools: (result) => result.tools };
module.exports.rule = "discovery-bounds";
