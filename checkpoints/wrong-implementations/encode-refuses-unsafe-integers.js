// Breaks encode-refuses: an integer past 2^53 (or 1e300, or the largest double, all integers to
// JavaScript) is refused as if it could not travel, where JSON writes every finite number
// (chapter line 270: json.dumps refuses only NaN and the infinities).
"use strict";
const wb = require("mcp-workbook");

function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  try {
    JSON.stringify(message, (_key, value) => {
      if (typeof value === "number" && Number.isInteger(value) && !Number.isSafeInteger(value))
        throw new wb.UsageError("unencodable", { what: `the number ${value}`, expected: "a safe integer" });
      return value;
    });
  } catch (error) {
    if (error instanceof wb.UsageError) throw error; // a cycle or a bigint: the library's own refusal below
  }
  return wb.encodeFrame(message, limit);
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
