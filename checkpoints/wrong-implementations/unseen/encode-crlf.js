// encodeFrame ends each frame with "\r\n" (a Windows habit) instead of one "\n"; the limit counts
// both bytes.
// Chapter: "each message is compact JSON with no raw newline inside it, followed by one newline";
// MCP stdio: messages are delimited by newlines.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  const frame = wb.encodeFrame(message, Number.MAX_SAFE_INTEGER);
  const out = Buffer.concat([frame.subarray(0, frame.length - 1), Buffer.from("\r\n")]);
  if (out.length > limit)
    throw new wb.UsageError("frame-limit", {
      what: `outgoing message of ${out.length} bytes`,
      expected: `at most ${limit}`,
    });
  return out;
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-limit";
