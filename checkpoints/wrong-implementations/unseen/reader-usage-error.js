// FrameReader refuses an overlong line with the error encodeFrame uses, UsageError("frame-limit"),
// copied from the encoder: the server's oversized output is reported as the caller's own mistake.
// Workbook (the team's error decisions, learner/src/framing.ts): the reader refuses with
// ProtocolError, reason "frame-limit"; UsageError is only for what the caller asked to send.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.inner = new wb.FrameReader(limit);
    this.limit = limit;
  }
  feed(chunk) {
    try {
      return this.inner.feed(chunk);
    } catch (error) {
      if (error instanceof wb.ProtocolError)
        throw new wb.UsageError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
      throw error;
    }
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "frame-limit-endless";
