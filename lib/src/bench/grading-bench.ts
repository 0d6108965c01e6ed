/**
 * `npm run bench:grading [-- --runs N --learners N --jobs 1,2,4 --reference DIR --no-class]`: how
 * long grading takes and what it costs, in one run. One build notebook graded alone (--runs
 * times each with a cold compile cache and a warm one): its wall seconds, the whole machine's
 * CPU-seconds (/proc/stat, so the graded code's PID namespaces count, and so does anything else
 * the machine runs meanwhile: the load average is printed beside it), and the grading's own
 * CPU-seconds (its process tree's, as Linux accounts them when it is reaped); then one more
 * grading read every 10 ms by kind of process (grader, hosts, servers, relays, ...), and the CPU
 * of one grading host's start alone (host-start.ts), timed 15 times. Then a class
 * of --learners at each --jobs (default 1, 2 and the cores). With --reference, a built checkout
 * of another commit (the last release) grades its own solved notebook side by side, one each in
 * turn, and the ratios are printed pair by pair; its class at the cores too.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";
import { REPO_ROOT } from "../grading/checkpoint/paths.js";
import { compileCacheFolder } from "../grading/checkpoint/host/compile-cache.js";
import { checkoutPaths, timeClass, type ClassTiming } from "./class-run.js";
import { hostStartCpu } from "./host-start.js";
import { loadAverage, machineCpuSeconds, sampleTree, spawnCounted } from "./process-cpu.js";

const USAGE = `usage: npm run bench:grading [-- --runs N] [--learners N] [--jobs N,N,...] [--reference DIR] [--no-class]
  one build notebook graded alone (--runs times, default 3, with a cold and a warm compile cache):
  wall seconds, the machine's and the grading's CPU-seconds, CPU-seconds by kind of process, and
  the CPU of one grading host's start alone; then a class of --learners (default 30) at each --jobs (default 1, 2 and the cores). --reference:
  a built checkout of another commit, timed side by side (ratios this / reference)`;

/** How many host starts are timed (each alone, in turn with the reference's). */
const HOST_STARTS = 15;

/** Targets of issue 55: one build notebook, and a class of 30. */
const TARGET = { wallSeconds: 6, machineCpuSeconds: 4, classSeconds: 120 } as const;

interface OneGrading {
  readonly wall: number;
  readonly machineCpu: number;
  /** The grading's own: every process it started, wherever it was reparented (undefined: not measurable here). */
  readonly treeCpu: number | undefined;
  readonly load: number;
  readonly exitCode: number | null;
  readonly byKind?: Map<string, { seconds: number; processes: number }>;
}

/** What a process in a grading's tree is, from its argv (the grader's is its root). */
function kindOf(root: number): (pid: number, argv: readonly string[]) => string {
  return (pid, argv) => {
    if (pid === root) return "grader";
    const line = argv.join(" ");
    if (/host-main\.js|tslab kernel/u.test(line)) return "hosts";
    if (/relay\.js/u.test(line)) return "relays";
    if (/server\/dist\/main\.js/u.test(line)) return "servers";
    if (argv.includes("process.version")) return "host start checks";
    if (/^(unshare|setpriv|sh|bash)$/u.test(basename(argv[0] ?? ""))) return "containment (unshare, shells)";
    return "other";
  };
}

/** One build notebook graded alone by the checkout at `root`; `byKind` reads its tree as it runs. */
async function gradeOne(root: string, byKind: boolean): Promise<OneGrading> {
  const report = mkdtempSync(join(tmpdir(), "bench-grading-"));
  try {
    const { main, notebook } = checkoutPaths(root);
    const load = loadAverage();
    const machineBefore = machineCpuSeconds();
    const started = performance.now();
    const counted = spawnCounted(
      [process.execPath, main, "checkpoint", "--notebook", notebook, "--report-dir", report],
      root,
    );
    const { child } = counted;
    const sampler = byKind ? sampleTree(child.pid!, kindOf(child.pid!)) : undefined;
    const exitCode = await new Promise<number | null>((done, fail) => {
      child.on("close", done);
      child.on("error", fail);
    });
    const wall = (performance.now() - started) / 1000;
    const kinds = sampler?.stop();
    return {
      wall,
      machineCpu: machineCpuSeconds() - machineBefore,
      treeCpu: counted.cpuSeconds(),
      load,
      exitCode,
      ...(kinds ? { byKind: kinds } : {}),
    };
  } finally {
    rmSync(report, { recursive: true, force: true });
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** "median (min–max)" of `values`, each with `digits` decimals. */
function spread(values: readonly number[], digits = 1): string {
  return `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
}

/** `spread` of CPU-seconds, or why there are none. */
function cpuSpread(values: ReadonlyArray<number | undefined>, digits = 1): string {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === values.length ? spread(known, digits) : "(no CPU-accounting cgroup here)";
}

function describeRuns(label: string, runs: readonly OneGrading[]): void {
  const failed = runs.filter((run) => run.exitCode !== 0).length;
  console.log(
    `${label}: wall ${spread(runs.map((run) => run.wall))} s; machine ${spread(runs.map((run) => run.machineCpu))} CPU-s; ` +
      `the grading's own ${cpuSpread(runs.map((run) => run.treeCpu))} CPU-s; load average ${spread(runs.map((run) => run.load))}` +
      (failed > 0 ? `; ${failed} exited other than 0` : ""),
  );
}

function describeClass(run: ClassTiming, who = ""): void {
  console.log(
    `class of ${run.learners}${who}, --jobs ${run.jobs}: ${run.seconds.toFixed(1)} s in all (${(run.seconds / run.learners).toFixed(1)} s per submission); ` +
      `one submission median ${run.medianSeconds.toFixed(1)} s, slowest ${run.slowestSeconds.toFixed(1)} s; ` +
      `graded ${run.graded}, full marks ${run.fullMarks} (exit ${run.exitCode})`,
  );
}

/** Empties the compile cache gradings keep (the grader's: compile-cache.ts). */
function forgetCompileCache(): void {
  rmSync(compileCacheFolder(), { recursive: true, force: true });
}

async function main(): Promise<void> {
  const { values } = argumentsOrExit("bench:grading", USAGE, () =>
    readFlags(process.argv.slice(2), {
      runs: { type: "string" },
      learners: { type: "string" },
      jobs: { type: "string" },
      reference: { type: "string" },
      "no-class": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    }),
  );
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const runs = argumentsOrExit("bench:grading", USAGE, () => wholeNumber("--runs", values.runs ?? "3", 1, 50));
  const learners = argumentsOrExit("bench:grading", USAGE, () =>
    wholeNumber("--learners", values.learners ?? "30", 1, 500),
  );
  const cores = availableParallelism();
  const jobs = argumentsOrExit("bench:grading", USAGE, () => [
    ...new Set((values.jobs ?? `1,2,${cores}`).split(",").map((each) => wholeNumber("--jobs", each, 1, 64))),
  ]);
  const reference = values.reference === undefined ? undefined : resolve(values.reference);
  if (reference !== undefined && !existsSync(checkoutPaths(reference).main))
    argumentsOrExit("bench:grading", USAGE, () => {
      throw new UsageError("arguments", {
        what: `--reference ${reference}: no ${checkoutPaths(reference).main}`,
        expected: "a built checkout (npm run build in it)",
      });
    });
  console.log(
    `bench:grading: ${REPO_ROOT}, ${cores} cores, Node ${process.version}, load average ${loadAverage().toFixed(1)} at the start`,
  );

  const cold: OneGrading[] = [];
  for (let run = 0; run < runs; run += 1) {
    forgetCompileCache();
    cold.push(await gradeOne(REPO_ROOT, false));
  }
  describeRuns(`one build notebook, cold compile cache, ${runs} runs`, cold);
  const warm: OneGrading[] = [];
  for (let run = 0; run < runs; run += 1) warm.push(await gradeOne(REPO_ROOT, false));
  describeRuns(`one build notebook, warm compile cache, ${runs} runs`, warm);
  const target =
    median(warm.map((run) => run.wall)) <= TARGET.wallSeconds &&
    median(warm.map((run) => run.machineCpu)) <= TARGET.machineCpuSeconds;
  console.log(
    `target: at most ${TARGET.wallSeconds} s wall and ${TARGET.machineCpuSeconds} machine CPU-s (warm medians): ${target ? "met" : "not met"}`,
  );

  const read = await gradeOne(REPO_ROOT, true);
  const attributed = [...read.byKind!.values()].reduce((sum, each) => sum + each.seconds, 0);
  console.log(
    `by kind of process (one more grading, read every 10 ms; wall ${read.wall.toFixed(1)} s, its own ${read.treeCpu?.toFixed(2) ?? "?"} CPU-s):`,
  );
  for (const [kind, { seconds, processes }] of [...read.byKind!].sort((a, b) => b[1].seconds - a[1].seconds))
    console.log(`  ${kind}: ${seconds.toFixed(2)} CPU-s in ${processes} process${processes === 1 ? "" : "es"}`);
  if (read.treeCpu !== undefined)
    console.log(
      `  not attributed (ended between readings): ${Math.max(0, read.treeCpu - attributed).toFixed(2)} CPU-s`,
    );

  // Host starts alone, in turn with the reference's: the part of each host's CPU every grading repeats.
  const starts = { ours: [] as Array<number | undefined>, theirs: [] as Array<number | undefined> };
  for (let run = 0; run < HOST_STARTS; run += 1) {
    starts.ours.push(...(await hostStartCpu(REPO_ROOT, 1)));
    if (reference !== undefined) starts.theirs.push(...(await hostStartCpu(reference, 1)));
  }
  const ms = (values: ReadonlyArray<number | undefined>): Array<number | undefined> =>
    values.map((value) => (value === undefined ? undefined : value * 1000));
  console.log(
    `one grading host's start (a build notebook's, alone, ${HOST_STARTS} runs): ${cpuSpread(ms(starts.ours), 0)} CPU-ms` +
      (reference === undefined ? "" : `; the reference's ${cpuSpread(ms(starts.theirs), 0)} CPU-ms`),
  );

  if (reference !== undefined) {
    const pairs: Array<{ ours: OneGrading; theirs: OneGrading }> = [];
    for (let run = 0; run < runs; run += 1)
      pairs.push({ ours: await gradeOne(REPO_ROOT, false), theirs: await gradeOne(reference, false) });
    describeRuns(
      `reference ${reference}, one build notebook, ${runs} runs`,
      pairs.map((pair) => pair.theirs),
    );
    console.log(
      `this / reference, pair by pair: wall ${spread(
        pairs.map((pair) => pair.ours.wall / pair.theirs.wall),
        2,
      )}; ` +
        `the grading's own CPU ${cpuSpread(
          pairs.map((pair) =>
            pair.ours.treeCpu === undefined || pair.theirs.treeCpu === undefined
              ? undefined
              : pair.ours.treeCpu / pair.theirs.treeCpu,
          ),
          2,
        )}; ` +
        `machine CPU ${spread(
          pairs.map((pair) => pair.ours.machineCpu / pair.theirs.machineCpu),
          2,
        )}`,
    );
  }

  if (values["no-class"] === true) return;
  for (const each of jobs) {
    const ours = await timeClass(learners, each);
    describeClass(ours);
    if (learners === 30)
      console.log(
        `target: a class of 30 in at most ${TARGET.classSeconds} s: ${ours.seconds <= TARGET.classSeconds ? "met" : "not met"}`,
      );
    if (reference !== undefined && each === cores) {
      const theirs = await timeClass(learners, each, reference);
      describeClass(theirs, " (reference)");
      console.log(`this / reference, --jobs ${each}: ${(ours.seconds / theirs.seconds).toFixed(2)}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error("bench:grading failed:", error);
  process.exitCode = 1;
});
