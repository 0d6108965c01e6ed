// checkInitialize compares the version with != (loose), so a protocolVersion that is an array
// ["2025-06-18"] (or any value whose string form is the pinned version) is taken as agreement.
// Chapter: "Ours speaks exactly one, so any other answer is a refusal"; MCP 2025-06-18
// InitializeResult.protocolVersion: string.
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version = wb.PROTOCOL_VERSION) {
  if (result.protocolVersion != version)
    throw new wb.ProtocolError("version", {
      what: `server speaks ${JSON.stringify(result.protocolVersion)}, not ${version}`,
    });
  return wb.checkInitialize({ ...result, protocolVersion: version }, version) && result;
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-version";
