// answerFor rounds the reply's id before comparing ("7.0 may come back as a float"):
// Math.round(id) === requestId, so the id 6.6 (or 7.000001) answers request 7.
// Chapter: "answer_for requires the id's type to be exactly int, and only then compares values";
// an id that is not the integer we sent answers nothing.
"use strict";
const wb = require("mcp-workbook");
function answerFor(requestId, message) {
  if ("method" in message) return null;
  const id = message.id;
  if (typeof id !== "number" || Math.round(id) !== requestId)
    throw new wb.ProtocolError("wrong-id", {
      what: `response id ${JSON.stringify(id)} does not answer request ${requestId}`,
    });
  return wb.answerFor(requestId, { ...message, id: requestId });
}
module.exports = { ...wb, answerFor };
module.exports.rule = "ids-exact";
