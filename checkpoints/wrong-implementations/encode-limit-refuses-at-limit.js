// Breaks encode-limit: one short of the frame limit. The frame must stay under the limit, so a
// frame of exactly the limit in bytes, newline included, is refused where the chapter writes it.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(message, limit - 1);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
