/**
 * `npm run bench:class [-- --learners N --jobs N]`: grades a class of N build notebooks (default
 * 30, each the solved build notebook under its own learner id) through `checkpoint --class`, and
 * prints the seconds each submission took (median and slowest, as the gradebook records them),
 * the class's seconds in all and per submission, against the goal of 30 in at most 3 minutes.
 */
import { availableParallelism } from "node:os";
import { timeClass } from "./class-run.js";
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
  console.log(`bench:class: ${learners} build notebooks, ${jobs} at once`);
  const run = await timeClass(learners, jobs);
  console.log(`graded ${run.graded} of ${learners} (exit ${run.exitCode}); full marks: ${run.fullMarks}`);
  console.log(
    `one submission: median ${run.medianSeconds.toFixed(1)} s, slowest ${run.slowestSeconds.toFixed(1)} s (its own grading, ${jobs} at once)`,
  );
  console.log(`the class: ${run.seconds.toFixed(1)} s in all, ${(run.seconds / learners).toFixed(1)} s per submission`);
  const projected = (run.seconds / learners) * 30;
  console.log(
    `goal: 30 in at most ${GOAL_SECONDS_FOR_30} s; ${learners === 30 ? "this run" : "30 at this rate"}: ${projected.toFixed(0)} s (${projected <= GOAL_SECONDS_FOR_30 ? "met" : "not met"})`,
  );
  if (run.graded < learners) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error("bench:class failed:", error);
  process.exitCode = 1;
});
