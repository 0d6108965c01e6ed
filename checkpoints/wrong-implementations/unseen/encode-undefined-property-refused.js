// encodeFrame refuses every undefined it meets, a property's too: a request built as
// {jsonrpc, id, method, params: undefined} (no params to send) can never go out, though JSON
// simply has no such field and JSON.stringify leaves it out.
// Chapter encode_frame: the message's fields are what JSON writes; an absent field is no error.
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
      if (value === undefined || typeof value === "function" || typeof value === "symbol")
        throw new wb.UsageError("unencodable", { what: `field ${key} is ${typeof value}` });
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
