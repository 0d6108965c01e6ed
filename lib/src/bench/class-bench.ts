/**
 * `npm run bench:class [-- --learners N --jobs N]`: grades a class of N build notebooks (default
 * 30, each the solved build notebook under its own learner id) through `checkpoint --class`, and
 * prints the seconds each submission took (median and slowest, as the gradebook records them),
 * the class's seconds in all and per submission, against the goal of 30 in at most 3 minutes.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { CHECKPOINT_MAIN } from "../grading/class/grade-learner.js";
import { GRADED, readGradebook } from "../grading/class/gradebook.js";
import { writeNotebookClass } from "../grading/class/sample-class.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";

const USAGE = `usage: npm run bench:class [-- --learners N] [--jobs N]
  grades N copies of the solved build notebook (default 30) as one class, --jobs at once (default:
  the cores), and prints seconds per submission and in all (goal: 30 in at most 180 s)`;

const GOAL_SECONDS_FOR_30 = 180;

async function main(): Promise<void> {
  const { values } = argumentsOrExit("bench:class", USAGE, () =>
    readFlags(process.argv.slice(2), {
      learners: { type: "string" },
      jobs: { type: "string" },
      help: { type: "boolean", short: "h" },
    }),
  );
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const learners =
    values.learners === undefined
      ? 30
      : argumentsOrExit("bench:class", USAGE, () => wholeNumber("--learners", values.learners!, 1, 500));
  const jobs =
    values.jobs === undefined
      ? availableParallelism()
      : argumentsOrExit("bench:class", USAGE, () => wholeNumber("--jobs", values.jobs!, 1, 64));
  const work = mkdtempSync(join(tmpdir(), "bench-class-"));
  try {
    const dir = join(work, "class");
    const out = join(work, "out");
    writeNotebookClass(dir, learners);
    console.log(`bench:class: ${learners} build notebooks, ${jobs} at once`);
    const started = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(
        process.execPath,
        [CHECKPOINT_MAIN, "checkpoint", "--class", dir, "--report-dir", out, "--jobs", String(jobs)],
        {
          stdio: ["ignore", "ignore", "inherit"],
        },
      );
      child.on("close", resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = readGradebook(out);
    const each = rows.flatMap((row) => (row.seconds === undefined ? [] : [row.seconds])).sort((a, b) => a - b);
    const median = each[Math.floor(each.length / 2)] ?? 0;
    const notGraded = rows.filter((row) => row.status !== GRADED).length;
    console.log(
      `graded ${rows.length - notGraded} of ${learners} (exit ${code}); full marks: ${rows.filter((row) => row.score !== undefined && row.score === row.max).length}`,
    );
    console.log(
      `one submission: median ${median.toFixed(1)} s, slowest ${(each.at(-1) ?? 0).toFixed(1)} s (its own grading, ${jobs} at once)`,
    );
    console.log(`the class: ${seconds.toFixed(1)} s in all, ${(seconds / learners).toFixed(1)} s per submission`);
    const projected = (seconds / learners) * 30;
    console.log(
      `goal: 30 in at most ${GOAL_SECONDS_FOR_30} s; ${learners === 30 ? "this run" : "30 at this rate"}: ${projected.toFixed(0)} s (${projected <= GOAL_SECONDS_FOR_30 ? "met" : "not met"})`,
    );
    if (notGraded > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error("bench:class failed:", error);
  process.exitCode = 1;
});
