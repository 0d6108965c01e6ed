// Breaks encode-refuses: encodeFrame trusts JSON.stringify, which writes NaN and Infinity as null
// (the byte limit is right).
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  const frame = Buffer.from(`${JSON.stringify(message)}\n`, "utf8");
  if (frame.length > limit)
    throw new wb.UsageError("frame-limit", { what: `a frame of ${frame.length} bytes`, expected: `at most ${limit}` });
  return frame;
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
