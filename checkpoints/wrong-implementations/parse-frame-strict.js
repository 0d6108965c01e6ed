// Breaks parse-frame-strict: parseFrame is JSON.parse and "is it an object", so a batch, a message
// without jsonrpc and invalid UTF-8 (decoded with replacement characters) all pass.
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  let value;
  try {
    value = JSON.parse(Buffer.from(frame).toString("utf8"));
  } catch (error) {
    throw new wb.ProtocolError("malformed-frame", {
      what: "not JSON",
      expected: "a JSON object",
      received: String(error),
    });
  }
  if (typeof value !== "object" || value === null)
    throw new wb.ProtocolError("not-json-rpc", { what: "not an object", expected: "an object" });
  return value;
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
