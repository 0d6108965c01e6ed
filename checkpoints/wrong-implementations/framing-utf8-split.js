// Breaks framing-utf8-split: each read is decoded to a string on its own (chunk.toString()), so a
// character cut between two reads becomes two replacement characters.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.text = "";
  }
  feed(chunk) {
    this.text += Buffer.from(chunk).toString("utf8");
    const frames = [];
    for (let newline = this.text.indexOf("\n"); newline !== -1; newline = this.text.indexOf("\n")) {
      const line = this.text.slice(0, newline);
      if (Buffer.byteLength(line) + 1 > this.limit)
        throw new wb.ProtocolError("frame-limit", { what: "frame too large", expected: `at most ${this.limit} bytes` });
      frames.push(Buffer.from(line, "utf8"));
      this.text = this.text.slice(newline + 1);
    }
    if (Buffer.byteLength(this.text) + 1 > this.limit)
      throw new wb.ProtocolError("frame-limit", { what: "frame too large", expected: `at most ${this.limit} bytes` });
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-utf8-split";
