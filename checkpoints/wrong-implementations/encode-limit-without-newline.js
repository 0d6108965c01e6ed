// Breaks encode-limit: one past the frame limit. The limit is compared with the JSON's bytes alone,
// not with its newline, so a frame one byte over the limit is written.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(message, limit + 1);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
