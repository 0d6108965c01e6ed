// Breaks handshake-capability: checkInitialize refuses a server declaring a capability it does not
// know (anything beyond tools, resources, prompts and logging), so a server that also offers
// completions, experimental features or a vendor's own is refused, where only the tools
// capability is asked (chapter lines 328, 348–350).
"use strict";
const wb = require("mcp-workbook");
const KNOWN = new Set(["tools", "resources", "prompts", "logging"]);
function checkInitialize(result, version) {
  const checked = wb.checkInitialize(result, version);
  const odd = Object.keys(result.capabilities).filter((key) => !KNOWN.has(key));
  if (odd.length > 0) throw new wb.ProtocolError("capabilities", { what: `the server declares ${odd.join(", ")}` });
  return checked;
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-capability";
