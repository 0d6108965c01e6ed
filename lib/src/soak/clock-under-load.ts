/**
 * `npm run soak:clock [-- --runs N --hogs N --seed N] [PATH]`: grades an implementation (a .js
 * module; default the workbook's own library) by the rules judged on the grader's clock,
 * deadline-as-given, deadline-per-operation and close-eof-first, N times (default 40) beside N busy
 * processes (default one per core, nice 0), and each time close-grace-50ms.js (a 50 ms grace) by
 * close-eof-first. The clock's promise is that load moves no verdict, so a correct implementation
 * must pass every time and the short grace must fail every time: each verdict otherwise is printed
 * whole, with what was received, and the exit is 1 if there is one. A few-ms deadline is where real
 * time once leaked onto the timeline (the next session's judged end reckoned from a stale reading of
 * the host's clock); on real time a 50 ms grace passed at load 8 or more.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { gradeImplementation } from "../grading/checkpoint/grade-implementation.js";
import { join } from "node:path";
import { REFERENCE_ENTRY, REPO_ROOT } from "../grading/checkpoint/paths.js";
import { deadlinePerOperation } from "../grading/checkpoint/rules/client-rules.js";
import { deadlineAsGiven } from "../grading/checkpoint/rules/deadline-rules.js";
import { closeEofFirst } from "../grading/checkpoint/rules/mode-rules.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";
import { startBusy } from "./busy.js";

const USAGE = `usage: npm run soak:clock [-- --runs N] [--hogs N] [--seed N] [PATH]
  grades PATH (a .js module; default the workbook's library) by deadline-as-given,
  deadline-per-operation and close-eof-first N times (default 40) beside N busy processes
  (default: one per core), and close-grace-50ms.js by close-eof-first as often
  exit 1 if any of PATH's verdicts failed or the short grace passed once`;

/** A wrong implementation whose 50 ms grace passed close-eof-first on real time under load. */
const SHORT_GRACE = join(REPO_ROOT, "checkpoints", "wrong-implementations", "close-grace-50ms.js");

function options(argv: readonly string[]): { runs: number; hogs: number; seed: number; path: string } {
  const { values, positionals } = argumentsOrExit("soak:clock", USAGE, () =>
    readFlags(
      argv,
      {
        runs: { type: "string" },
        hogs: { type: "string" },
        seed: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      { positionals: true },
    ),
  );
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (flag: string, text: string | undefined, fallback: number, min: number): number =>
    text === undefined ? fallback : argumentsOrExit("soak:clock", USAGE, () => wholeNumber(flag, text, min));
  return {
    runs: number("--runs", values.runs, 40, 1),
    hogs: number("--hogs", values.hogs, availableParallelism(), 0),
    seed: number("--seed", values.seed, 0, 0),
    path: positionals[0] ?? REFERENCE_ENTRY,
  };
}

async function main(): Promise<void> {
  const { runs, hogs, seed, path } = options(process.argv.slice(2));
  if (!existsSync(path)) {
    process.stderr.write(
      `soak:clock: no module at ${path}; expected a .js module exporting the Part B names\n${USAGE}\n`,
    );
    process.exit(2);
  }
  console.log(
    `the grader's clock under load: ${path} at seed ${seed}, ${runs} gradings beside ${hogs} busy process(es)`,
  );
  startBusy(hogs);
  let failed = 0;
  let shortGracePassed = 0;
  for (let run = 1; run <= runs; run += 1) {
    const [report, shortGrace] = await Promise.all([
      gradeImplementation(path, { rules: [deadlineAsGiven, deadlinePerOperation, closeEofFirst], seed }),
      gradeImplementation(SHORT_GRACE, { rules: [closeEofFirst], seed }),
    ]);
    for (const verdict of report.verdicts.filter((each) => !each.ok)) {
      failed += 1;
      console.log(`grading ${run}: ${verdict.rule} failed: ${verdict.received ?? verdict.line}`);
    }
    for (const verdict of shortGrace.verdicts.filter((each) => each.ok)) {
      shortGracePassed += 1;
      console.log(`grading ${run}: close-grace-50ms.js passed ${verdict.rule}: ${verdict.line}`);
    }
  }
  console.log(
    `${runs} gradings, ${failed} failing verdict(s); close-grace-50ms.js caught ${runs - shortGracePassed} of ${runs}`,
  );
  process.exit(failed === 0 && shortGracePassed === 0 ? 0 : 1);
}

void main();
