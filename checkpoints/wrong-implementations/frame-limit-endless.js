// Breaks frame-limit-endless: the limit is applied only when a newline arrives, so a line that
// never ends is held whole (the 64 reads of 64 KiB with no refusal).
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
  }
  feed(chunk) {
    const frames = [];
    let start = 0;
    const bytes = Buffer.from(chunk);
    for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, start)) {
      const frame = Buffer.concat([...this.parts, bytes.subarray(start, newline)]);
      this.parts = [];
      start = newline + 1;
      if (frame.length + 1 > this.limit)
        throw new wb.ProtocolError("frame-limit", {
          what: `a frame of ${frame.length + 1} bytes`,
          expected: `at most ${this.limit}`,
        });
      frames.push(frame);
    }
    this.parts.push(bytes.subarray(start));
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
