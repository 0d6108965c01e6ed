// Breaks result-text-iserror: resultText refuses a result holding an item of a kind it does not
// know (not text, image, audio, resource or resource_link), where every item that is not of type
// "text" is left aside: a tool that also returns an item of a newer kind fails. The sibling of
// round 10's result-text-refuses-unknown-items (chapter line 492; the notebook's resultText).
"use strict";
const wb = require("mcp-workbook");
const KNOWN = new Set(["text", "image", "audio", "resource", "resource_link"]);
function resultText(result) {
  const content = Array.isArray(result?.content) ? result.content : [];
  const strange = content.find((item) => !KNOWN.has(item?.type));
  if (strange !== undefined)
    throw new wb.ProtocolError("bad-response", {
      what: `a content item of the unknown kind ${JSON.stringify(strange?.type)}`,
      expected: "text, image, audio, resource or resource_link",
    });
  return wb.resultText(result);
}
module.exports = { ...wb, resultText };
module.exports.rule = "result-text-iserror";
