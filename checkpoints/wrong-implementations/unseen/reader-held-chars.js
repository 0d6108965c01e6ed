// FrameReader counts lines in bytes at each newline (right), but checks the unfinished line's
// size in characters: Buffer.concat(held).toString().length. An endless line of "☕" (3 bytes, 1
// character) is held to three times the limit before it is refused.
// Chapter: "It also enforces a frame limit, and it enforces it before parsing. A server that sends
// one endless line is refused once the buffer passes the limit"; the limit is in bytes.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
    this.failure = undefined;
  }
  feed(chunk) {
    if (this.failure) throw this.failure;
    const bytes = Buffer.from(chunk);
    const frames = [];
    let start = 0;
    for (let nl = bytes.indexOf(0x0a); nl !== -1; nl = bytes.indexOf(0x0a, start)) {
      const line = Buffer.concat([...this.parts, bytes.subarray(start, nl)]);
      if (line.length + 1 > this.limit) return this.refuse(frames);
      frames.push(line);
      this.parts = [];
      start = nl + 1;
    }
    if (start < bytes.length) this.parts.push(Buffer.from(bytes.subarray(start)));
    const heldChars = Buffer.concat(this.parts).toString("utf8").length;
    if (heldChars + 1 > this.limit) return this.refuse(frames);
    return frames;
  }
  refuse(frames) {
    this.parts = [];
    this.failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw this.failure;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
