// Breaks parse-frame-strict: parseFrame asks for jsonrpc "2.0" only of a message with a method (a
// request or a notification), so a reply with no jsonrpc, or with "1.0", is taken as a message:
// the sibling of round 8's check made only where an id is (chapter lines 302-307: every frame).
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  const text = typeof frame === "string" ? frame : Buffer.from(frame).toString("utf8");
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return wb.parseFrame(frame); // the library's own refusal of what is not JSON or not UTF-8
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && !("method" in value)) {
    wb.parseFrame(Buffer.from(JSON.stringify({ ...value, jsonrpc: "2.0" }))); // every other check but the version
    return value;
  }
  return wb.parseFrame(frame);
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
