/**
 * `npm run soak:grading [-- --rounds N --hogs N --jobs 1,2,4 --rules ID,...]`: grades a mixed class
 * (right, wrong, fair but different: class/sample-class.ts) learner by learner with
 * `checkpoint --seed S` alone on a quiet machine, then as a class (`checkpoint --class`) at each
 * --jobs, N rounds each, beside one CPU-bound process per core at the grader's own priority (nice
 * 0). Every rule's status and points for every learner must equal the quiet grading alone: it
 * prints each difference and exits 1 if there is one. A verdict that changes with the load or the
 * company is a grader bug, whichever way it goes. The busy processes end when this one does.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { CHECKPOINT_MAIN, checkpointArguments } from "../grading/class/grade-learner.js";
import { readGradebook } from "../grading/class/gradebook.js";
import { learnerSeed } from "../grading/class/learner-seed.js";
import { writeMixedClass } from "../grading/class/sample-class.js";
import { findSubmissions } from "../grading/class/submissions.js";
import type { RulesResultsJson } from "../grading/checkpoint/grade-report.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";
import { startBusy } from "./busy.js";

const USAGE = `usage: npm run soak:grading [-- --rounds N] [--hogs N] [--jobs 1,2,4] [--rules ID,...]
  grades a mixed class learner by learner alone on a quiet machine, then as a class at each --jobs
  (default 1,2,4), N rounds each (default 3), beside N busy processes (default: one per core, nice 0)
  --rules ID,...  only these rules (a quicker run; the class then holds no notebook, graded by all its rules)
  exit 1 if any learner's rule status or points differ from their grading alone`;

function options(argv: readonly string[]): { rounds: number; hogs: number; jobs: number[]; rules?: string } {
  const { values } = argumentsOrExit("soak:grading", USAGE, () =>
    readFlags(argv, {
      rounds: { type: "string" },
      hogs: { type: "string" },
      jobs: { type: "string" },
      rules: { type: "string" },
      help: { type: "boolean", short: "h" },
    }),
  );
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (flag: string, text: string | undefined, fallback: number): number =>
    text === undefined ? fallback : argumentsOrExit("soak:grading", USAGE, () => wholeNumber(flag, text, 1));
  const jobs = (values.jobs ?? "1,2,4").split(",").map((each) => number("--jobs", each, 1));
  return {
    rounds: number("--rounds", values.rounds, 3),
    hogs: number("--hogs", values.hogs, availableParallelism()),
    jobs,
    ...(values.rules === undefined ? {} : { rules: values.rules }),
  };
}

function run(argv: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CHECKPOINT_MAIN, ...argv], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

type Verdicts = Map<string, { status: string; score: number; output: string }>;

function verdictsIn(resultsPath: string): Verdicts | undefined {
  if (!existsSync(resultsPath)) return undefined;
  const results = JSON.parse(readFileSync(resultsPath, "utf8")) as RulesResultsJson;
  return new Map(
    results.tests.map((test) => [
      test.name.slice(0, test.name.indexOf(": ")),
      { status: test.status, score: test.score, output: test.output.split("\n")[0] ?? "" },
    ]),
  );
}

async function main(): Promise<void> {
  const { rounds, hogs, jobs, rules } = options(process.argv.slice(2));
  const work = mkdtempSync(join(tmpdir(), "soak-grading-"));
  const classDir = join(work, "class");
  // A notebook is graded by every rule it teaches whatever --rules says: a quicker run leaves it out.
  const learners = writeMixedClass(classDir, rules === undefined);
  const { submissions } = findSubmissions(classDir);
  console.log(
    `grading under load: a class of ${learners.length} (${learners.join(", ")}); alone and quiet once, then as a class at --jobs ${jobs.join(", ")}, ${rounds} round(s) each, beside ${hogs} busy process(es) at nice 0`,
  );

  const alone = new Map<string, Verdicts>();
  const started = performance.now();
  for (const submission of submissions) {
    if (!("kind" in submission)) throw new Error(`${submission.learner}: ${submission.problem}`);
    const report = join(work, "alone", submission.learner);
    await run([
      "checkpoint",
      ...checkpointArguments(submission.kind, submission.path, learnerSeed(submission.learner), report, rules),
    ]);
    const verdicts = verdictsIn(join(report, "results.json"));
    if (verdicts === undefined) throw new Error(`${submission.learner} could not be graded alone`);
    alone.set(submission.learner, verdicts);
  }
  console.log(`alone, quiet: ${learners.length} gradings in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const stopBusy = startBusy(hogs);

  let compared = 0;
  const differences: string[] = [];
  try {
    for (const jobCount of jobs)
      for (let round = 1; round <= rounds; round += 1) {
        const out = join(work, `jobs-${jobCount}-round-${round}`);
        const began = performance.now();
        const result = await run([
          "checkpoint",
          "--class",
          classDir,
          "--report-dir",
          out,
          "--jobs",
          String(jobCount),
          "--fresh",
          ...(rules === undefined ? [] : ["--rules", rules]),
        ]);
        const seconds = (performance.now() - began) / 1000;
        let here = 0;
        for (const row of readGradebook(out)) {
          const quiet = alone.get(row.learner)!;
          const now = verdictsIn(join(out, "learners", row.learner, "results.json"));
          if (now === undefined) {
            differences.push(`--jobs ${jobCount}, round ${round}: ${row.learner} not graded: ${row.status}`);
            here += 1;
            continue;
          }
          for (const [rule, was] of quiet) {
            compared += 1;
            const is = now.get(rule);
            if (is?.status !== was.status || is.score !== was.score) {
              here += 1;
              differences.push(
                `--jobs ${jobCount}, round ${round}: ${row.learner} ${rule} ${was.status} ${was.score} alone, ${is?.status ?? "missing"} ${is?.score ?? ""} in the class: ${is?.output ?? ""}`,
              );
            }
          }
        }
        console.log(
          `--jobs ${jobCount}, round ${round}: ${seconds.toFixed(0)} s for the class (exit ${result.code}); differences from alone: ${here}`,
        );
      }
  } finally {
    stopBusy();
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`${compared} rule verdicts compared with the learner graded alone`);
  if (differences.length === 0) {
    console.log("differences: none");
    return;
  }
  console.log(`DIFFERENCES: ${differences.length}`);
  for (const line of differences) console.log(`  ${line}`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error("soak:grading failed:", error);
  process.exitCode = 1;
});
