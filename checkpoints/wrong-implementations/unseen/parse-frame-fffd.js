// parseFrame decodes with Buffer.toString and takes a U+FFFD in the text as the sign of invalid
// UTF-8, so a valid frame that carries a real U+FFFD (EF BF BD, e.g. a tool echoing text it could
// not read) is refused as malformed.
// Chapter: parse_frame refuses only what is not valid UTF-8 JSON-RPC 2.0; EF BF BD is valid UTF-8.
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  const text = typeof frame === "string" ? frame : Buffer.from(frame).toString("utf8");
  if (text.includes("\uFFFD")) throw new wb.ProtocolError("malformed-frame", { what: "malformed frame: not UTF-8" });
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new wb.ProtocolError("malformed-frame", { what: "malformed frame" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || value.jsonrpc !== "2.0")
    throw new wb.ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message" });
  return value;
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
