// `node scripts/classroom/score.cjs REPORT`: the checkpoint's results.json as a GitHub Actions job
// shows it (lib/src/grading/checkpoint/actions-report.ts): the score on stdout, one annotation per
// rule not yet passed, the score and the rules' table appended to the job's summary
// ($GITHUB_STEP_SUMMARY, when Actions sets it). Exit 0 when every rule passed, 1 when one did not,
// 2 when nothing was graded (the reason is the annotation).
const { appendFileSync, readFileSync } = require("node:fs");
const { actionsReport } = require("../../lib/dist/grading/checkpoint/actions-report.js");

const report = actionsReport(readFileSync(process.argv[2] ?? "checkpoints/reports/results.json", "utf8"));
console.log(`checkpoint score: ${report.score} of ${report.max}`);
for (const line of report.annotations) console.log(line);
if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, report.summary);
process.exitCode = report.exitCode;
