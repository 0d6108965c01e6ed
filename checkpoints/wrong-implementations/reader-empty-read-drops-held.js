// Breaks framing-newline: feed() takes an empty read as the start of a new stream and drops the
// bytes it holds, so a line whose reads come with an empty one between them loses its first part
// (only a newline ends a frame, and an empty read brings nothing).
"use strict";
const wb = require("mcp-workbook");
class FrameReader extends wb.FrameReader {
  feed(chunk) {
    if (chunk.length === 0) {
      this.pieces = [];
      this.held = 0;
      return [];
    }
    return super.feed(chunk);
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-newline";
