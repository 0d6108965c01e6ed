// Breaks framing-newline: feed() looks for one newline per read (an `if` where a `while` belongs),
// so a read holding two frames gives only the first, and the second waits for a later read.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.held = Buffer.alloc(0);
  }
  feed(chunk) {
    this.held = Buffer.concat([this.held, chunk]);
    const newline = this.held.indexOf(0x0a);
    if (newline === -1) {
      if (this.held.length + 1 > this.limit)
        throw new wb.ProtocolError("frame-limit", { what: "frame too large", expected: `at most ${this.limit} bytes` });
      return [];
    }
    if (newline + 1 > this.limit)
      throw new wb.ProtocolError("frame-limit", { what: "frame too large", expected: `at most ${this.limit} bytes` });
    const frame = this.held.subarray(0, newline);
    this.held = this.held.subarray(newline + 1);
    return [Buffer.from(frame)];
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-newline";
