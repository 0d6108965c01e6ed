// parseFrame requires an id ("every JSON-RPC message has an id"), so every notification the server
// sends (notifications/progress, notifications/message) is refused as not JSON-RPC, and the client
// dies on the first log notification.
// Chapter: "A notification has a method and no id"; the client must skip notifications before the
// answer (the notify mode: '3'); parse_frame requires only an object with jsonrpc "2.0".
"use strict";
const wb = require("mcp-workbook");
function parseFrame(frame) {
  const message = wb.parseFrame(frame);
  if (!("id" in message)) throw new wb.ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message: no id" });
  return message;
}
module.exports = { ...wb, parseFrame };
module.exports.rule = "parse-frame-strict";
