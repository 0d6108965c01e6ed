// Breaks frame-limit-boundary: one past the frame limit (frame-limit-boundary.js is one short of
// it). A whole line's limit counts its bytes without the newline, so a frame of the limit plus one
// byte is handed on; a line still without its newline is refused once it holds the limit, as the
// chapter's reader does.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
    this.size = 0;
  }
  refuse(bytes) {
    this.parts = []; // a refused line is dropped whole
    this.size = 0;
    throw new wb.ProtocolError("frame-limit", { what: `a line of ${bytes} bytes`, expected: `at most ${this.limit}` });
  }
  feed(chunk) {
    const frames = [];
    let start = 0;
    const bytes = Buffer.from(chunk);
    for (let newline = bytes.indexOf(0x0a); newline !== -1; newline = bytes.indexOf(0x0a, start)) {
      const size = this.size + newline - start;
      if (size > this.limit) this.refuse(size); // the newline left out of the count
      frames.push(Buffer.concat([...this.parts, bytes.subarray(start, newline)]));
      this.parts = [];
      this.size = 0;
      start = newline + 1;
    }
    const rest = bytes.subarray(start);
    if (this.size + rest.length >= this.limit) this.refuse(this.size + rest.length);
    this.parts.push(rest);
    this.size += rest.length;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
// frame-limit-endless's line-after-refusal ends a line held from an earlier read at exactly one
// byte over the limit with its newline: the same uncounted newline hands that line on too.
module.exports.alsoBreaks = ["frame-limit-endless"];
