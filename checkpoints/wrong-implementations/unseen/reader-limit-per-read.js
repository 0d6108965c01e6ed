// FrameReader compares held bytes + the whole read with the limit before it looks for newlines,
// so one read holding several small frames that add up to more than the limit is refused.
// Chapter: the limit is per frame ("refusing any line beyond `limit`"), each line checked at its
// own newline.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
    this.held = 0;
    this.failure = undefined;
  }
  feed(chunk) {
    if (this.failure) throw this.failure;
    const bytes = Buffer.from(chunk);
    // "more than a frame's worth arrived" (the read's own newline counted): refuse before splitting
    if (this.held + bytes.length > this.limit) return this.refuse([]);
    const frames = [];
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
      if (this.held + (nl - start) + 1 > this.limit) return this.refuse(frames);
      frames.push(Buffer.concat([...this.parts, bytes.subarray(start, nl)]));
      this.parts = [];
      this.held = 0;
      start = nl + 1;
    }
    const rest = bytes.length - start;
    if (this.held + rest + 1 > this.limit) return this.refuse(frames);
    if (rest > 0) {
      this.parts.push(Buffer.from(bytes.subarray(start)));
      this.held += rest;
    }
    return frames;
  }
  refuse(frames) {
    this.parts = [];
    this.held = 0;
    this.failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw this.failure;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-boundary";
