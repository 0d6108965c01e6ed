// FrameReader decodes each read with one streaming TextDecoder (so a character cut between reads
// survives) and splits the text at "\n", re-encoding each line. But the decoder is not fatal:
// invalid UTF-8 from the server becomes U+FFFD, and the frame handed on is not the bytes that came.
// parseFrame can then never see (and refuse) the invalid bytes.
// Chapter: parse_frame refuses a line that is not UTF-8 (UnicodeDecodeError -> "malformed frame");
// the reader "hands back every complete line" -- the bytes the server sent; MCP: messages are UTF-8.
"use strict";
const wb = require("mcp-workbook");
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.decoder = new TextDecoder("utf-8");
    this.text = "";
    this.failure = undefined;
  }
  feed(chunk) {
    if (this.failure) throw this.failure;
    this.text += this.decoder.decode(chunk, { stream: true });
    const frames = [];
    for (let nl = this.text.indexOf("\n"); nl !== -1; nl = this.text.indexOf("\n")) {
      const line = Buffer.from(this.text.slice(0, nl), "utf8");
      if (line.length + 1 > this.limit) return this.refuse(frames);
      frames.push(line);
      this.text = this.text.slice(nl + 1);
    }
    if (Buffer.byteLength(this.text, "utf8") + 1 > this.limit) return this.refuse(frames);
    return frames;
  }
  refuse(frames) {
    this.text = "";
    this.decoder = new TextDecoder("utf-8");
    this.failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw this.failure;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-utf8-split";
