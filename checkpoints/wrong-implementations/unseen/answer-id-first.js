// answerFor looks at the id first ("is this the reply I wait for?") and only then at method:
// a server's own request that happens to carry our id (a ping with id 7 while request 7 waits)
// is judged as our response (no result: refused) instead of being returned as null (not a reply).
// JSON-RPC 2.0: a message with a method is a Request; ids are the sender's own. The workbook's
// answerFor: "null when the message is not a response at all (it carries a method: ... a request
// of the server's own)".
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if (message.id === requestId) return wb.answerFor(requestId, { ...withoutMethod(message) });
  if ("method" in message) return null;
  return wb.answerFor(requestId, message);
}
function withoutMethod(message) {
  const { method, params, ...rest } = message;
  return rest;
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
