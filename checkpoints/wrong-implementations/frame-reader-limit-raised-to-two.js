// Breaks frame-limit-boundary: FrameReader raises a limit under 2 to 2 ("the smallest line that
// holds a byte"), so a reader made with a limit of 0 hands back a one-byte line: the sibling of round 9's falsy limit read as none (chapter lines 266, 276-296).
"use strict";
const wb = require("mcp-workbook");
class FrameReader extends wb.FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    super(Math.max(limit, 2));
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
