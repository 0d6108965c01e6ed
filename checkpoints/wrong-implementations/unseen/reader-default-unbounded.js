// FrameReader's limit is optional and defaults to Infinity ("the client always passes one"):
// new FrameReader() holds an endless line whole.
// Chapter: the reader "enforces a frame limit ... A server that sends one endless line is refused
// once the buffer passes the limit"; the default is 65_536 bytes.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = Infinity) {
    this.limit = limit;
    this.inner = new wb.FrameReader(Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER);
  }
  feed(chunk) {
    return this.inner.feed(chunk);
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
