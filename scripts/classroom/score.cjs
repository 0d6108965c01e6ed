// `node scripts/classroom/score.cjs REPORT`: prints the checkpoint's score from its results.json
// and, under GitHub Actions, hands it to Classroom's reporter as the step output `result`.
const { appendFileSync, readFileSync } = require("node:fs");
const { classroomResult } = require("../../lib/dist/grading/checkpoint/classroom-result.js");

const report = process.argv[2] ?? "checkpoints/reports/results.json";
const { result, score, max } = classroomResult(readFileSync(report, "utf8"));
console.log(`checkpoint score: ${score} of ${max}`);
if (process.env.GITHUB_OUTPUT)
  appendFileSync(process.env.GITHUB_OUTPUT, `result=${Buffer.from(JSON.stringify(result)).toString("base64")}\n`);
