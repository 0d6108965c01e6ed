/**
 * `npm run soak:grading [-- --rounds N --hogs N --impl PATH,...]`: grades each implementation once
 * on a quiet machine, then N more times while busy processes hold every core, and compares each
 * rule's verdict (the busy processes run ahead of the grader when the system allows: it is run
 * as root). A verdict that changes with the machine's load is a grader bug, whichever way it
 * goes: a correct client failed for being slow, or a mistake let through. Exit status 1 if any
 * verdict changed. The busy processes end when this one does, however it ends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism, setPriority } from "node:os";
import { join } from "node:path";
import { gradeImplementation } from "../checkpoint/grade-implementation.js";
import { REFERENCE_ENTRY, REPO_ROOT } from "../checkpoint/paths.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";

/** A nice value below the grader's 0: the busy processes are scheduled first. */
const BUSY_PRIORITY = -10;
const WRONG = join(REPO_ROOT, "checkpoints", "wrong-implementations");

const USAGE = `usage: npm run soak:grading [-- --rounds N] [--hogs N] [--impl PATH,...]
  grades each implementation once quietly, then N times (default 2) beside N busy processes
  (default: twice the cores, ahead of the grader when run as root)
  default implementations: the library and every wrong one in checkpoints/wrong-implementations/
  exit 1 if a rule's verdict changed with the load`;

// A busy loop that ends by itself once its parent is gone (a SIGKILLed soak leaves nothing spinning).
const HOG =
  "const parent = process.ppid; for (let i = 0; ; i += 1) if (i % 1e7 === 0 && process.ppid !== parent) process.exit(0);";

function options(argv: readonly string[]): { rounds: number; hogs: number; impls: string[] } {
  const { values } = argumentsOrExit("soak:grading", USAGE, () =>
    readFlags(argv, {
      rounds: { type: "string" },
      hogs: { type: "string" },
      impl: { type: "string" },
      help: { type: "boolean", short: "h" },
    }),
  );
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  const number = (flag: string, text: string | undefined, fallback: number): number =>
    text === undefined ? fallback : argumentsOrExit("soak:grading", USAGE, () => wholeNumber(flag, text, 1));
  const everyWrong = readdirSync(WRONG)
    .filter((name) => name.endsWith(".js"))
    .sort()
    .map((name) => join(WRONG, name));
  return {
    rounds: number("--rounds", values.rounds, 2),
    hogs: number("--hogs", values.hogs, 2 * availableParallelism()),
    impls: values.impl === undefined ? [REFERENCE_ENTRY, ...everyWrong] : values.impl.split(","),
  };
}

/** Each rule's status, and how long the whole grading took. */
async function graded(impl: string): Promise<{ statuses: Map<string, { status: string; line: string }>; ms: number }> {
  const report = await gradeImplementation(impl);
  return {
    statuses: new Map(report.verdicts.map((verdict) => [verdict.rule, { status: verdict.status, line: verdict.line }])),
    ms: report.verdicts.reduce((sum, verdict) => sum + verdict.ms, 0),
  };
}

async function main(): Promise<void> {
  const { rounds, hogs, impls } = options(process.argv.slice(2));
  const name = (impl: string): string => (impl === REFERENCE_ENTRY ? "the library" : impl.replace(`${REPO_ROOT}/`, ""));
  console.log(
    `grading under load: ${impls.length} implementation(s), quiet once, then ${rounds} round(s) beside ${hogs} busy processes`,
  );
  const quiet = new Map<string, Awaited<ReturnType<typeof graded>>>();
  for (const impl of impls) quiet.set(impl, await graded(impl));

  const busy: ChildProcess[] = [];
  const stopBusy = (): void => busy.forEach((hog) => hog.kill("SIGKILL"));
  process.once("exit", stopBusy);
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));
  for (let i = 0; i < hogs; i += 1) {
    const hog = spawn(process.execPath, ["-e", HOG], { stdio: "ignore" });
    busy.push(hog);
    // Ahead of the grader where the system allows it (root): a machine busier than its cores.
    try {
      setPriority(hog.pid!, BUSY_PRIORITY);
    } catch {
      // an ordinary user keeps the busy processes at the grader's own priority
    }
  }

  let verdicts = 0;
  const changed: string[] = [];
  const slowdowns: number[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1)
      for (const impl of impls) {
        const before = quiet.get(impl)!;
        const now = await graded(impl);
        slowdowns.push(now.ms / Math.max(1, before.ms));
        for (const [rule, { status, line }] of now.statuses) {
          verdicts += 1;
          const was = before.statuses.get(rule)?.status;
          if (status !== was)
            changed.push(`${name(impl)}, round ${round}: ${rule} ${was} quietly, ${status} under load: ${line}`);
        }
      }
  } finally {
    stopBusy();
  }
  slowdowns.sort((a, b) => a - b);
  const median = slowdowns[Math.floor(slowdowns.length / 2)] ?? 1;
  console.log(
    `${verdicts} verdicts under load; rules' summed time ${median.toFixed(2)}x the quiet run's (median over ${slowdowns.length} gradings)`,
  );
  if (changed.length === 0) {
    console.log("changed with the load: none");
    return;
  }
  console.log(`CHANGED WITH THE LOAD: ${changed.length}`);
  for (const line of changed) console.log(`  ${line}`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error("soak:grading failed:", error);
  process.exitCode = 1;
});
