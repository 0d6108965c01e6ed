// encodeFrame refuses any message whose strings hold a newline ("a newline would end the frame"),
// so a tool call with a two-line text argument can never be sent.
// Chapter: "JSON escapes any newline inside a string as \n, so a message never contains the byte
// that ends it" -- a newline in a value is encodable; only values JSON cannot carry are refused.
"use strict";
const wb = require("mcp-workbook");
function hasNewline(value) {
  if (typeof value === "string") return value.includes("\n");
  if (typeof value === "object" && value !== null) return Object.values(value).some(hasNewline);
  return false;
}
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  if (typeof message === "object" && message !== null) {
    let nl = false;
    try {
      nl = hasNewline(message);
    } catch {
      /* a cycle: the library refuses it */
    }
    if (nl) throw new wb.UsageError("unencodable", { what: "a string holds a newline", expected: "one line" });
  }
  return wb.encodeFrame(message, limit);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
