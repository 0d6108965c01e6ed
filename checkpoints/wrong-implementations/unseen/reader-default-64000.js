// FrameReader's default limit is 64_000 ("64 KB") instead of 65_536 (64 KiB): new FrameReader()
// refuses a frame of 64,001..65,536 bytes that the default limit allows.
// Chapter: frame_limit: int = 65_536; workbook DEFAULT_FRAME_LIMIT = 65_536 (bytes, newline included).
"use strict";
const wb = require("mcp-workbook");
class FrameReader extends wb.FrameReader {
  constructor(limit = 64_000) {
    super(limit);
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
