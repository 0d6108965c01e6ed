// Breaks parse-frame-strict: parseFrame strips every byte-order mark at the start of the text, not
// the one a parser may ignore, so a frame that begins with two marks (the second one text, not a
// mark of the encoding) is taken as a message.
"use strict";
const wb = require("mcp-workbook");
const keepsMarks = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function parseFrame(frame) {
  let text;
  try {
    text = typeof frame === "string" ? frame : keepsMarks.decode(frame);
  } catch (error) {
    throw new wb.ProtocolError("malformed-frame", { what: "not UTF-8", expected: "UTF-8" }, { cause: error });
  }
  return wb.parseFrame(text.replace(/^\uFEFF+/u, ""));
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
