// Breaks messages-shape: notificationMessage copies one template per call, but the copy is shallow,
// so every notification without params of its own carries the template's one params object, and a
// change made to one notification's params shows in the next.
"use strict";
const wb = require("mcp-workbook");
const TEMPLATE = { jsonrpc: "2.0", params: {} };
function notificationMessage(method, params) {
  const { params: shared, ...base } = TEMPLATE;
  // A notification without params carries none; one with empty params gets the template's.
  if (params === undefined) return { ...base, method };
  return { ...base, method, params: Object.keys(params).length === 0 ? shared : params };
}
module.exports = { ...wb, notificationMessage };
module.exports.rule = "messages-shape";
