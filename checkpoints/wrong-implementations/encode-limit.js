// Breaks encode-limit: the limit is compared with the string's length, not its bytes, so a frame
// of multi-byte characters passes well over the limit.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  const frame = wb.encodeFrame(message, Number.MAX_SAFE_INTEGER);
  const text = `${JSON.stringify(message)}\n`;
  if (text.length > limit)
    throw new wb.UsageError("frame-limit", {
      what: `a frame of ${text.length} characters`,
      expected: `at most ${limit}`,
    });
  return frame;
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
