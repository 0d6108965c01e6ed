// Breaks frame-limit-boundary: the limit is compared with >= (a frame of exactly the limit is
// refused), an off-by-one on the newline.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
    this.size = 0;
  }
  check(size) {
    if (size + 1 >= this.limit) {
      this.parts = []; // a refused line is dropped whole
      this.size = 0;
      throw new wb.ProtocolError("frame-limit", {
        what: `a frame of ${size + 1} bytes`,
        expected: `under ${this.limit} bytes`,
      });
    }
  }
  feed(chunk) {
    const frames = [];
    let start = 0;
    const bytes = Buffer.from(chunk);
    for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, start)) {
      this.check(this.size + newline - start);
      frames.push(Buffer.concat([...this.parts, bytes.subarray(start, newline)]));
      this.parts = [];
      this.size = 0;
      start = newline + 1;
    }
    const rest = bytes.subarray(start);
    this.check(this.size + rest.length - 1);
    this.parts.push(rest);
    this.size += rest.length;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
