// Breaks ids-exact: answerFor hands back a copy of the result made with Object.assign, which sets
// a member named __proto__ as the copy's prototype instead of keeping it, so a result holding one
// (any name is a member's name in JSON) loses it: the answer is no longer the one the reply
// carries (chapter lines 198, 227–230).
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  const result = wb.answerFor(requestId, message);
  return result === null ? null : Object.assign({}, result);
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
