// FrameReader decodes each read to text, holding back an incomplete UTF-8 character at the end of
// the read -- but it looks for that incomplete tail in the new read alone, not in the held bytes
// plus the read. A 4-byte character cut twice (F0 9F | 8D | A6) is decoded as replacement
// characters: the middle read is only continuation bytes, so nothing is held back.
// Chapter: bytes are bytes until a line is complete ("os.read returns whatever bytes have arrived,
// which may be half a message"); a line is decoded whole.
"use strict";
const wb = require("mcp-workbook");
function incompleteTail(b) {
  for (let i = 1; i <= Math.min(3, b.length); i += 1) {
    const byte = b[b.length - i];
    if ((byte & 0xc0) === 0x80) continue; // continuation: look further back
    if (byte < 0x80) return 0;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    return need > i ? i : 0;
  }
  return 0;
}
class FrameReader {
  constructor(limit = wb.DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
    this.carry = Buffer.alloc(0);
    this.text = "";
    this.failure = undefined;
  }
  feed(chunk) {
    if (this.failure) throw this.failure;
    const bytes = Buffer.from(chunk);
    const tail = incompleteTail(bytes);
    const data = Buffer.concat([this.carry, bytes.subarray(0, bytes.length - tail)]);
    this.carry = Buffer.from(bytes.subarray(bytes.length - tail));
    this.text += data.toString("utf8");
    const frames = [];
    for (let nl = this.text.indexOf("\n"); nl !== -1; nl = this.text.indexOf("\n")) {
      const line = Buffer.from(this.text.slice(0, nl), "utf8");
      if (line.length + 1 > this.limit) return this.refuse(frames);
      frames.push(line);
      this.text = this.text.slice(nl + 1);
    }
    if (Buffer.byteLength(this.text, "utf8") + this.carry.length + 1 > this.limit) return this.refuse(frames);
    return frames;
  }
  refuse(frames) {
    this.text = "";
    this.carry = Buffer.alloc(0);
    this.failure = new wb.ProtocolError("frame-limit", { what: `frame exceeds the ${this.limit}-byte limit` });
    if (frames.length === 0) throw this.failure;
    return frames;
  }
}
module.exports = { ...wb, FrameReader };
module.exports.rule = "framing-utf8-split";
