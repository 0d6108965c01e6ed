// FrameReader's check on the unfinished line is `held > limit` (the Python chapter's `>=` turned
// around): a line that has reached exactly the limit with no newline yet is still held, though
// with its newline it can no longer fit; it is refused a read later.
// Chapter: `if len(self.buffer) >= self.limit: raise`; the rule: refused "as soon as it outgrows
// the limit".
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
    if (this.held + rest > this.limit) return this.refuse(frames);
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
module.exports.rule = "frame-limit-endless";
