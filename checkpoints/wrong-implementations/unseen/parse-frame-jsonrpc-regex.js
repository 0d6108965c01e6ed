// parseFrame checks the version with an unanchored regular expression, /^2\.0/.test(jsonrpc), so
// "2.0 ", "2.01" and "2.0-beta" pass as JSON-RPC 2.0.
// JSON-RPC 2.0 §4: jsonrpc "MUST be exactly "2.0""; chapter: message.get("jsonrpc") != "2.0" -> refused.
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  let text;
  try {
    text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { fatal: true }).decode(frame);
  } catch {
    throw new wb.ProtocolError("malformed-frame", { what: "malformed frame: not UTF-8" });
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new wb.ProtocolError("malformed-frame", { what: "malformed frame" });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || !/^2\.0/.test(value.jsonrpc))
    throw new wb.ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message" });
  return value;
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
