// encodeFrame calls JSON.stringify without a replacer and then walks the message it was handed
// for NaN, Infinity, bigint, functions, symbols and undefined in arrays. The walk looks at the
// object, not at what its toJSON returns, so an object (a Date-like value) whose toJSON returns
// NaN passes the walk and JSON.stringify writes it as null.
// Chapter encode_frame: json.dumps(allow_nan=False) refuses NaN wherever it comes from.
"use strict";
const wb = require("mcp-workbook");
function plain(value, inArray) {
  switch (typeof value) {
    case "number":
      return Number.isFinite(value);
    case "string":
    case "boolean":
      return true;
    case "undefined":
      return !inArray;
    case "object":
      if (value === null) return true;
      if (Array.isArray(value)) return value.every((item) => plain(item, true));
      return Object.values(value).every((item) => plain(item, false));
    default:
      return false;
  }
}
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  if (typeof message !== "object" || message === null)
    throw new wb.UsageError("unencodable", { what: "the message is not an object" });
  let json;
  try {
    json = JSON.stringify(message);
  } catch (error) {
    throw new wb.UsageError("unencodable", { what: "message cannot be encoded", received: String(error) });
  }
  if (!plain(message, false))
    throw new wb.UsageError("unencodable", { what: "message holds a value JSON cannot carry" });
  const size = Buffer.byteLength(json, "utf8") + 1;
  if (size > limit)
    throw new wb.UsageError("frame-limit", { what: `outgoing message of ${size} bytes`, expected: `at most ${limit}` });
  return Buffer.from(`${json}\n`, "utf8");
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
