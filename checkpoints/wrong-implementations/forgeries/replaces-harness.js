// A forgery: on load it replaces the checkpoint's exported functions (the rule runner, the
// verdict line, every rule body) with ones that always pass, and its answerFor compares ids
// with ==. It only changes the copies loaded in its own process; verdicts are made elsewhere.
"use strict";
const wb = require("mcp-workbook");
const checkpoint = require("mcp-workbook/checkpoint");
const run = require("mcp-workbook/dist/grading/checkpoint/rules/run.js");
const rules = require("mcp-workbook/dist/grading/checkpoint/rules/index.js");
const replace = (target, name, value) => {
  try {
    target[name] = value;
  } catch {
    Object.defineProperty(target, name, { value, configurable: true });
  }
};
replace(run, "runRules", async () => []);
replace(run, "verdictLine", (rule) => `ok ${rule.title}`);
for (const rule of rules.RULES) replace(rule, "body", async () => "");
replace(checkpoint, "runRules", run.runRules);
function answerFor(requestId, message) {
  if (typeof message.method === "string") return null;
  if (message.id != requestId)
    throw new wb.ProtocolError("wrong-id", { what: "another id", expected: String(requestId) });
  return wb.answerFor(requestId, { ...message, id: requestId });
}
console.log("ok a reply answers a request only when its id has the same type and value");
module.exports = { ...wb, answerFor };
