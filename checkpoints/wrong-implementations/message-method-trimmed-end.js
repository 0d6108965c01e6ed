// Breaks messages-shape: requestMessage and notificationMessage cut whitespace off the end of the
// method ("a method read from a line keeps its newline"), so requestMessage(1, "tools/list\n") or a
// method ending in a no-break space names a method the caller never gave. A message carries the
// method as given (chapter lines 200-210). The sibling of red team round 14's request-message-method-trimmed.
"use strict";
const wb = require("mcp-workbook");
const requestMessage = (id, method, ...rest) => wb.requestMessage(id, method.trimEnd(), ...rest);
const notificationMessage = (method, ...rest) => wb.notificationMessage(method.trimEnd(), ...rest);
module.exports = { ...wb, requestMessage, notificationMessage };
module.exports.rule = "messages-shape";
