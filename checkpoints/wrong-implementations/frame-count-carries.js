// Breaks frame-limit-boundary: FrameReader counts the bytes held since it last stood empty, not the
// bytes of the line it holds, so the count carries from one line into the next: FrameReader(20)
// given three 9-byte lines, each cut inside itself, refuses the third line though every line fits.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.buffer = Buffer.alloc(0);
    this.held = 0; // bytes since the buffer was last empty: the mistake
    this.failure = undefined;
  }
  feed(chunk) {
    if (this.failure) throw this.failure;
    this.buffer = Buffer.concat([this.buffer, Buffer.from(chunk)]);
    this.held += chunk.length;
    const frames = [];
    for (let nl = this.buffer.indexOf(0x0a); nl !== -1; nl = this.buffer.indexOf(0x0a)) {
      if (nl + 1 > this.limit) return this.refuse(frames);
      frames.push(Buffer.from(this.buffer.subarray(0, nl)));
      this.buffer = this.buffer.subarray(nl + 1);
    }
    if (this.buffer.length === 0) this.held = 0;
    else if (this.held >= this.limit) return this.refuse(frames);
    return frames;
  }
  refuse(frames) {
    this.buffer = Buffer.alloc(0);
    this.held = 0;
    this.failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw this.failure;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
