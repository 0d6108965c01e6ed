// Breaks messages-shape: notificationMessage leaves params out when JSON would write them as {}
// (every member undefined, a symbol or a function: "nothing to send"), so the params object the
// caller gave is gone. A notification carries its params as given when it is given some (chapter
// lines 205-210); what JSON writes of them is encodeFrame's. The sibling of red team round 14's
// request-message-params-omitted-when-undefined-members.
"use strict";
const wb = require("mcp-workbook");
function notificationMessage(method, params) {
  const unwritten = params !== undefined && Object.keys(params).length > 0 && JSON.stringify(params) === "{}";
  return unwritten ? wb.notificationMessage(method) : wb.notificationMessage(method, params);
}
module.exports = { ...wb, notificationMessage };
module.exports.rule = "messages-shape";
