// Breaks parse-frame-strict: parseFrame decodes a Buffer strictly but any other Uint8Array with a
// forgiving TextDecoder, so bytes that are not UTF-8, handed as a plain Uint8Array (what its type
// allows), become replacement characters and a broken frame is taken as a message.
"use strict";
const wb = require("mcp-workbook");
const strict = new TextDecoder("utf-8", { fatal: true });
const forgiving = new TextDecoder("utf-8");
function parseFrame(frame) {
  let text;
  try {
    text = typeof frame === "string" ? frame : Buffer.isBuffer(frame) ? strict.decode(frame) : forgiving.decode(frame);
  } catch (error) {
    throw new wb.ProtocolError("malformed-frame", { what: "not UTF-8", expected: "UTF-8" }, { cause: error });
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new wb.ProtocolError(
      "malformed-frame",
      { what: "not JSON", expected: "one JSON-RPC 2.0 object" },
      { cause: error },
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || value.jsonrpc !== "2.0")
    throw new wb.ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message", expected: 'jsonrpc "2.0"' });
  return value;
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
