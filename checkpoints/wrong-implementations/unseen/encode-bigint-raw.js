// encodeFrame refuses NaN, Infinity, functions, symbols and undefined in arrays in its replacer,
// but leaves the bigint and the cycle to JSON.stringify, whose plain TypeError reaches the caller
// as it is: not the UsageError that says the message was the caller's mistake.
// Chapter encode_frame: a value json.dumps cannot write is refused; the workbook types refusals.
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  if (typeof message !== "object" || message === null)
    throw new wb.UsageError("unencodable", { what: "the message is not an object" });
  const json = JSON.stringify(message, function (key, value) {
    if (typeof value === "number" && !Number.isFinite(value))
      throw new wb.UsageError("unencodable", { what: `field ${key} holds ${value}` });
    if (typeof value === "function" || typeof value === "symbol")
      throw new wb.UsageError("unencodable", { what: `field ${key} is a ${typeof value}` });
    if (Array.isArray(this) && value === undefined)
      throw new wb.UsageError("unencodable", { what: `array element ${key} is undefined` });
    return value;
  });
  const size = Buffer.byteLength(json, "utf8") + 1;
  if (size > limit)
    throw new wb.UsageError("frame-limit", { what: `outgoing message of ${size} bytes`, expected: `at most ${limit}` });
  return Buffer.from(`${json}\n`, "utf8");
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
