// Breaks handshake-version: a newer protocol version is taken as compatible (compared with >=).
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version = wb.PROTOCOL_VERSION) {
  if (typeof result.protocolVersion === "string" && result.protocolVersion >= version)
    return wb.checkInitialize({ ...result, protocolVersion: version }, version);
  return wb.checkInitialize(result, version);
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-version";
