// encodeFrame refuses NaN, Infinity, bigint, undefined in an array and cycles, but lets
// JSON.stringify silently drop a property whose value is a function or a symbol:
// {params: {text: "a", onDone: () => 1}} goes out as {params: {text: "a"}}.
// Chapter encode_frame (json.dumps raises for what JSON cannot hold); the workbook's encodeFrame:
// "values JSON cannot carry faithfully (... a function or symbol ...) are refused, instead of
// JSON.stringify turning them into null, dropping them".
"use strict";
const wb = require("mcp-workbook");
function encodeFrame(message, limit = wb.DEFAULT_FRAME_LIMIT) {
  if (typeof message !== "object" || message === null)
    throw new wb.UsageError("unencodable", { what: "the message is not an object" });
  let json;
  try {
    json = JSON.stringify(message, function (key, value) {
      if (typeof value === "number" && !Number.isFinite(value))
        throw new wb.UsageError("unencodable", { what: `field ${key} holds ${value}` });
      if (typeof value === "bigint") throw new wb.UsageError("unencodable", { what: `field ${key} holds a bigint` });
      if (value === undefined && Array.isArray(this))
        throw new wb.UsageError("unencodable", { what: `array element ${key} is undefined` });
      return value; // functions and symbols: JSON.stringify leaves them out
    });
  } catch (error) {
    if (error instanceof wb.UsageError) throw error;
    throw new wb.UsageError("unencodable", { what: "message cannot be encoded", received: String(error) });
  }
  const size = Buffer.byteLength(json, "utf8") + 1;
  if (size > limit)
    throw new wb.UsageError("frame-limit", { what: `outgoing message of ${size} bytes`, expected: `at most ${limit}` });
  return Buffer.from(`${json}\n`, "utf8");
}
module.exports = { ...wb, encodeFrame };
module.exports.rule = "encode-refuses";
