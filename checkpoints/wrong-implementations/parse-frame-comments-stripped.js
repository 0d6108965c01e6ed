// Breaks parse-frame-strict: parseFrame strips // and /* */ comments before parsing ("servers
// annotate their output"), so text that is almost JSON is taken as a message, and a string holding
// "//" loses what follows it. A frame must be one JSON object; anything else is a malformed frame
// (chapter lines 300-308, 589). The sibling of red team round 12's
// parse-frame-tolerates-trailing-commas.
"use strict";
const { isUtf8 } = require("node:buffer");
const wb = require("mcp-workbook");
function parseFrame(frame) {
  // Bytes that are not UTF-8 go on as they came, for the library to refuse.
  if (typeof frame !== "string" && !isUtf8(frame)) return wb.parseFrame(frame);
  const text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { ignoreBOM: true }).decode(frame);
  return wb.parseFrame(text.replace(/\/\*.*?\*\//gsu, "").replace(/\/\/[^\n]*/gu, ""));
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
