// Once listed as a mistake (checkpoints/wrong-implementations/unseen/), now fair: the chapter's own
// check_initialize tests `"tools" in capabilities` (chapter line 349), so a tools capability of any
// value is taken as offered; handshake-capability lists that as a free choice
// (FREE_CHOICES.toolsCapabilityAnyValue). Kept, never deleted: it must pass its rule's property at
// every seed (test/checkpoint/properties/unseen.test.ts). Its first words, as written:
// checkInitialize ports the chapter's Python literally: "tools" in capabilities. A server whose
// capabilities say {"tools": null} or {"tools": false} -- tools explicitly NOT offered -- passes.
// MCP 2025-06-18 ServerCapabilities.tools is an object ({listChanged?}); "a server without the tools
// capability" is refused; workbook: capabilities.tools must be an object.
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version = wb.PROTOCOL_VERSION) {
  if (result.protocolVersion !== version)
    throw new wb.ProtocolError("version", {
      what: `server speaks ${JSON.stringify(result.protocolVersion)}, not ${version}`,
    });
  const capabilities = result.capabilities;
  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities))
    throw new wb.ProtocolError("capabilities", { what: "initialize result has no capabilities object" });
  if (!("tools" in capabilities)) throw new wb.ProtocolError("capabilities", { what: "server does not offer tools" });
  return wb.checkInitialize({ ...result, capabilities: { ...capabilities, tools: {} } }, version) && result;
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-capability";
