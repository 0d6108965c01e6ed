// FrameReader has two refusal sites. When an unfinished line outgrows the limit it drops what it
// held; when a line is found too long at its newline it throws but keeps the bytes held from
// earlier reads. The next line then comes out with the refused line's beginning glued in front:
// a frame the server never sent. (Like the chapter's Python, a refusal is not final here.)
// Chapter FrameReader: the overlong line is split off (`line, self.buffer = ...split`) and refused;
// workbook: "refuse it ... and drop what you held".
"use strict";
const wb = require("mcp-workbook");
const tooLong = (limit) => new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${limit}-byte limit` });
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
      if (this.held + (nl - start) + 1 > this.limit) throw tooLong(this.limit); // the mistake: parts kept
      frames.push(Buffer.concat([...this.parts, bytes.subarray(start, nl)]));
      this.parts = [];
      this.held = 0;
      start = nl + 1;
    }
    const rest = bytes.length - start;
    if (this.held + rest + 1 > this.limit) {
      this.parts = [];
      this.held = 0;
      throw tooLong(this.limit);
    }
    if (rest > 0) {
      this.parts.push(Buffer.from(bytes.subarray(start)));
      this.held += rest;
    }
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
