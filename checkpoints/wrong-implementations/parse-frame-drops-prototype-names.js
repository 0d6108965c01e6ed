// Breaks parse-frame-strict: parseFrame parses with a reviver that drops every member named
// __proto__ "as a precaution", so a reply whose result (a tool's schema, its text) holds such a
// member arrives changed: the sibling of round 10's parse-frame-drops-proto-keys (chapter lines
// 300-308: the frame's one JSON-RPC 2.0 object is the message).
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  const message = wb.parseFrame(frame);
  return JSON.parse(JSON.stringify(message), (key, value) => (key === "__proto__" ? undefined : value));
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
