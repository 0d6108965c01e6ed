// Breaks messages-shape: requestMessage stores the id as an unsigned 32-bit integer (>>> 0), so a
// counter past 2^32 - 1 wraps: request 4294967296 goes out as 0 and its own reply is refused. The
// sibling of round 9's id | 0 (chapter lines 196-202: a request carries its id as given).
"use strict";
const wb = require("mcp-workbook");
function requestMessage(id, method, params) {
  return wb.requestMessage(id >>> 0, method, params);
}
module.exports = { ...wb, requestMessage };
module.exports.rule = "messages-shape";
