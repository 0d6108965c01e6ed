// Breaks parse-frame-strict: parseFrame revives strings that look like ISO timestamps as Dates, so
// a result holding the text "2026-12-07T12:00:00.000Z" is handed on as something else than the
// string the server sent (chapter lines 300–308). The sibling of round 11's parse-frame-revives-dates.
"use strict";
const wb = require("mcp-workbook");
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/u;
const revive = (value) => {
  if (typeof value === "string") return STAMP.test(value) ? new Date(value) : value;
  if (Array.isArray(value)) return value.map(revive);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revive(item)]));
  return value;
};
module.exports = { ...wb, parseFrame: (frame) => revive(wb.parseFrame(frame)) };
module.exports.rule = "parse-frame-strict";
