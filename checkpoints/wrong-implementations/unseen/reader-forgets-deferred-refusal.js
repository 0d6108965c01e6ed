// FrameReader returns the frames a read completed before an overlong line (as the workbook says),
// drops the overlong line -- and forgets to refuse it at the next read. The stream goes on: the
// tail of the refused line (up to its newline) later comes out as a frame of its own.
// Chapter: an endless/oversized line is refused ("frame exceeds the limit", a failure the client
// reports); workbook FrameReader: "the refusal is thrown then by the next feed()".
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.parts = [];
    this.held = 0;
  }
  feed(chunk) {
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
    const failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw failure;
    return frames; // the mistake: the refusal is not kept for the next feed()
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
