// encodeFrame refuses a function or a symbol in an array (where JSON.stringify would write null)
// but lets JSON.stringify leave one out when a property holds it: {params: {text: "a", onDone: f}}
// goes out as {params: {text: "a"}}, and the server never learns a field was lost.
// Chapter encode_frame: json.dumps raises on any value it cannot write, so nothing is dropped.
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
      if (Array.isArray(this) && (value === undefined || typeof value === "function" || typeof value === "symbol"))
        throw new wb.UsageError("unencodable", { what: `array element ${key} is ${typeof value}` });
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
