// encodeFrame's default limit is 64_000 ("64 KB") instead of 65_536 (64 KiB): with no limit
// given, a frame of 64,001..65,536 bytes is refused.
// Chapter: StdioClient(frame_limit: int = 65_536); the workbook: DEFAULT_FRAME_LIMIT = 65_536.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = 64_000) {
  return wb.encodeFrame(message, limit);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
