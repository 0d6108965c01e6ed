// `npm run grader:deadlines [-- --impl PATH]`: deadline-as-given's property at long deadlines,
// 10 to 60 s (the chapter's upper bound itself included), too slow for a checkpoint: five sessions
// side by side, each against a server that never answers its call, graded as the checkpoint grades
// (the graded code in a host of its own, the servers the grader's). Default: the library itself.
// Exits 0 when every deadline held, 1 otherwise.
import { join } from "node:path";
import { parseArgs } from "node:util";

const root = join(import.meta.dirname, "..");
const { values } = parseArgs({ options: { impl: { type: "string" } } });
const { gradeImplementation } = await import(join(root, "lib/dist/grading/checkpoint/grade-implementation.js"));
const { deadlinesRule, latestEnd } = await import(join(root, "lib/dist/grading/checkpoint/rules/deadline-rules.js"));

const LONG_DEADLINES_MS = [10_000, 20_000, 30_000, 45_000, 60_000];
const impl = values.impl ?? join(root, "lib", "dist", "index.js");
const report = await gradeImplementation(impl, { rules: [deadlinesRule(() => LONG_DEADLINES_MS)] });
for (const verdict of report.verdicts) console.log(verdict.line);
console.log(
  `grader:deadlines: timeouts of ${LONG_DEADLINES_MS.map((ms) => `${ms / 1000} s`).join(", ")}, each to end by ${LONG_DEADLINES_MS.map((ms) => `${latestEnd(ms) / 1000} s`).join(", ")}; ${impl}; ${report.seconds.toFixed(1)} s`,
);
process.exitCode = report.verdicts.every((verdict) => verdict.ok) ? 0 : 1;
