// Breaks frame-limit-boundary: every FrameReader reads its limit from one module-level variable
// that the reader made last set ("one limit for the whole client"), so a second reader with a larger
// limit lifts the first reader's, and one with a smaller limit lowers it. The limit belongs to each
// reader (chapter lines 283-284; line 408 makes one reader per client). Red team round 12's
// frame-reader-limit-static.
"use strict";
const wb = require("mcp-workbook");
let shared = wb.DEFAULT_FRAME_LIMIT;
class FrameReader extends wb.FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    super(limit);
    shared = limit;
    Object.defineProperty(this, "limit", { get: () => shared });
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
