// Breaks encode-refuses: encodeFrame lets a value under the key "" pass unchecked (JSON.stringify
// hands the root over under that name, and a replacer that skips it for the root skips every
// member named "" too), so NaN or Infinity in a member named "" goes out as null. A value JSON
// cannot carry is refused under a key of any name (chapter lines 264, 269-270). Red team round
// 11's encode-frame-root-key-skipped.
"use strict";
const wb = require("mcp-workbook");
const plain = (value) => [Object.prototype, null].includes(Object.getPrototypeOf(value)) || Array.isArray(value);
/** `value` with each non-finite number under "" written as null, as JSON would; the rest as it is (holes, cycles, toJSON objects kept). */
function passed(value, seen = new Set()) {
  if (typeof value !== "object" || value === null || seen.has(value) || !plain(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => passed(item, seen));
  const blank = (key, item) => key === "" && typeof item === "number" && !Number.isFinite(item);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, blank(key, item) ? null : passed(item, seen)]),
  );
}
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  return wb.encodeFrame(passed(message), limit);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
