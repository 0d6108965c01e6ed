// Breaks parse-frame-strict: parseFrame revives every string that looks like an ISO timestamp as a
// Date, so a tool whose text is a timestamp answers with the Date's own wording, not the text the
// server sent. A frame is parsed as the JSON it is (chapter lines 300-308): its strings stay
// strings. Red team round 11's parse-frame-revives-dates.
"use strict";
const wb = require("mcp-workbook");
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/u;
function revived(value) {
  if (typeof value === "string") return ISO.test(value) ? new Date(value) : value;
  if (Array.isArray(value)) return value.map(revived);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revived(item)]));
}
function parseFrame(frame) {
  return revived(wb.parseFrame(frame));
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
