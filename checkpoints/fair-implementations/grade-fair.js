// Grades fair implementations the way a grader does: the built command line, `checkpoint --impl`
// or `--notebook`, with a seed and, when asked, the hidden rules. Used by the suite
// (test/checkpoint/fair) and by `npm run grader:fair`; needs `npm run build`.
"use strict";
const { execFile } = require("node:child_process");
const { readFileSync } = require("node:fs");
const { join } = require("node:path");

const REPO = join(__dirname, "..", "..");
const HIDDEN = join(REPO, "test", "checkpoint", "fixtures", "hidden-rules");
/** Seed 0 and three others. */
const FAIR_SEEDS = [0, 7, 1234, 99_991];

/** One grading: its report's score against its maximum, and the lines that fell short. */
function gradeOne(run, reportDir) {
  const flag = run.kind === "notebook" ? "--notebook" : "--impl";
  const argv = [join(REPO, "lib", "dist", "cli", "main.js"), "checkpoint", flag, run.path, "--seed", String(run.seed)];
  if (run.hidden) argv.push("--hidden", HIDDEN);
  argv.push("--report-dir", reportDir);
  const started = performance.now();
  return new Promise((done) => {
    execFile(process.execPath, argv, { cwd: REPO, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      let score = 0;
      let max = -1;
      try {
        const report = JSON.parse(readFileSync(join(reportDir, "results.json"), "utf8"));
        score = report.score;
        max = report.max_score;
      } catch {
        // no report: nothing graded, not full marks
      }
      const short = stdout.split("\n").filter((line) => line.startsWith("FAIL "));
      const exit = error ? Number(error.code ?? 1) : 0;
      done({
        ...run,
        score,
        max,
        exit,
        short,
        full: exit === 0 && max > 0 && score === max,
        seconds: (performance.now() - started) / 1000,
      });
    });
  });
}

/** Grades `runs`, `lanes` at a time, each into a report folder of its own under `reportRoot`. */
async function gradeFair(runs, reportRoot, lanes, onResult = () => undefined) {
  const results = new Array(runs.length);
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < runs.length; index = next++) {
      const run = runs[index];
      const dir = join(reportRoot, `${index}-${run.name}-${run.seed}${run.hidden ? "-hidden" : ""}`);
      results[index] = await gradeOne(run, dir);
      onResult(results[index]);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return results;
}

module.exports = { gradeFair, FAIR_SEEDS };
