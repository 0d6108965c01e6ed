// checkInitialize ignores its `version` argument and always compares with PROTOCOL_VERSION, so a
// caller that pins another version (checkInitialize(result, "2026-07-28")) still gets 2025-06-18
// accepted and its own version refused.
// Chapter: check_initialize(result, version=PROTOCOL_VERSION): "The server must agree on our pinned
// version"; the pinned version is the caller's.
"use strict";
const wb = require("mcp-workbook");
function checkInitialize(result, version = wb.PROTOCOL_VERSION) {
  return wb.checkInitialize(result, wb.PROTOCOL_VERSION);
}
module.exports = { ...wb, checkInitialize };
module.exports.rule = "handshake-version";
