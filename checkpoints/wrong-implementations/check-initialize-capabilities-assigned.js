// Breaks handshake-capability: checkInitialize reads the capabilities from a copy made with
// Object.assign ("never read the server's object itself"), and assignment turns an own member named
// "__proto__" into the copy's prototype, so capabilities { "__proto__": { "tools": {} } } seem to
// offer tools. A server offers tools only with a tools member of its own (chapter lines 344,
// 348–351: "tools" in capabilities). The sibling of red team round 13's
// check-initialize-has-own-property-method.
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version) {
  const capabilities = result.capabilities;
  const copy = typeof capabilities === "object" && capabilities !== null ? Object.assign({}, capabilities) : undefined;
  if (
    result.protocolVersion === (version ?? wb.PROTOCOL_VERSION) &&
    typeof copy?.tools === "object" &&
    copy.tools !== null
  )
    return result;
  return wb.checkInitialize(result, version);
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-capability";
