// Breaks discovery-bounds: one short of the tool-count bound. The bound is compared with >=, so a
// catalog of exactly the limit (32 by default) is refused where the chapter takes it (line 360).
"use strict";
const wb = require("mcp-workbook");
function checkTools(result, limit = wb.MAX_TOOLS) {
  if (Array.isArray(result?.tools) && result.nextCursor === undefined && result.tools.length === limit)
    throw new wb.ProtocolError("catalog", {
      what: `the server lists ${limit} tools`,
      expected: `fewer than ${limit}`,
    });
  return wb.checkTools(result, limit);
}
module.exports = { ...wb, checkTools };
module.exports.rule = "discovery-bounds";
