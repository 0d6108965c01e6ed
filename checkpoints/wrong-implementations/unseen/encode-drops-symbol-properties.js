// encodeFrame refuses a function wherever it is, but forgets symbols: JSON.stringify writes a
// symbol in an array as null and leaves out a property that holds one, {params: {tag: Symbol()}}
// going out as {params: {}}.
// Chapter encode_frame: json.dumps raises on any value it cannot write.
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
      if (typeof value === "function") throw new wb.UsageError("unencodable", { what: `field ${key} is a function` });
      if (Array.isArray(this) && value === undefined)
        throw new wb.UsageError("unencodable", { what: `array element ${key} is undefined` });
      return value;
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
