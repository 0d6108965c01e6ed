// Breaks encode-limit: encodeFrame raises any limit under 64 bytes to 64 ("no message is shorter"),
// so a caller's limit of 0, or of 20, lets a 40-byte frame through: the sibling of round 9's limit
// of 0 read as the default (chapter lines 268-273: a frame over the limit given is refused).
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(message, Math.max(limit, 64));
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
