// Breaks frame-limit-boundary: a limit above the default is rounded down to a power of two ("buffers
// grow by doubling"), so a reader built for 65,537 or 100,003 bytes refuses a line the default
// refuses, within the limit it was given. The reader keeps the limit it is given (the notebook:
// FrameReader(limit)). The sibling of red team round 14's frame-reader-limit-capped-at-default.
"use strict";
const wb = require("mcp-workbook");
class FrameReader extends wb.FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    super(Number.isSafeInteger(limit) && limit > wb.DEFAULT_FRAME_LIMIT ? 2 ** Math.floor(Math.log2(limit)) : limit);
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
