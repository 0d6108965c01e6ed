// Breaks handshake-capability: only the version is checked; a server that offers no tools passes.
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version = wb.PROTOCOL_VERSION) {
  if (result.protocolVersion !== version)
    throw new wb.ProtocolError("version", { what: `version ${result.protocolVersion}`, expected: version });
  return result;
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-capability";
