// Breaks framing-newline: feed() finds the newline with chunk.indexOf("\n"), a search only a Buffer
// understands; handed a plain Uint8Array (what its type allows), indexOf compares each byte with
// the string and never finds one, so no frame ends and the reader holds every line.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.held = [];
    this.heldBytes = 0;
  }
  feed(chunk) {
    const frames = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf("\n", start);
      const part = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      if (this.heldBytes + part.length + 1 > this.limit) {
        this.held = [];
        this.heldBytes = 0;
        throw new wb.ProtocolError("frame-limit", { what: "frame too large", expected: `at most ${this.limit} bytes` });
      }
      if (newline === -1) {
        if (part.length > 0) this.held.push(Buffer.from(part));
        this.heldBytes += part.length;
        return frames;
      }
      frames.push(Buffer.concat([...this.held, part]));
      this.held = [];
      this.heldBytes = 0;
      start = newline + 1;
    }
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-newline";
