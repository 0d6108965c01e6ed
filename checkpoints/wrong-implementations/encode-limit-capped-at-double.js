// Breaks encode-limit: encodeFrame holds a frame to the limit it is given only up to twice the
// default (128 KiB, "no frame needs more"), so a caller who configured 200 KiB has a 150 KiB message
// refused: the sibling of round 8's limit capped at the default (chapter lines 268-273).
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(message, Math.min(limit, 2 * wb.DEFAULT_FRAME_LIMIT));
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
