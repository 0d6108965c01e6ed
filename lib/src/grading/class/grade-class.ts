// `checkpoint --class DIR --report-dir OUT`: every learner in DIR graded as they would be alone,
// N at once, each in isolation (job-isolation.ts), into OUT/grades.csv and OUT/learners/<id>/.
// Run again, it grades only the learners not yet graded or whose submission or grader changed.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { checkpointVersion } from "../checkpoint/grade-implementation.js";
import { REPO_ROOT } from "../checkpoint/paths.js";
import { classProgress, type ProgressSink } from "./class-progress.js";
import { GRADED, readGradebook, writeGradebook, type GradebookRow, type GradebookRule } from "./gradebook.js";
import { gradeLearner } from "./grade-learner.js";
import { chooseIsolation, type Isolation } from "./job-isolation.js";
import { claimJobUids } from "./job-uids.js";
import { learnerSeed } from "./learner-seed.js";
import { submissionHash } from "./submission-hash.js";
import { findSubmissions, type Submission } from "./submissions.js";

type GradableSubmission = Extract<Submission, { kind: unknown }>;
import { unpackArchive } from "./zip-archive.js";

export interface ClassOptions {
  readonly dir: string;
  readonly out: string;
  readonly jobs: number;
  readonly fresh: boolean;
  readonly trusted: boolean;
  /** The gradebook's rule columns, in the checkpoint's order, with the points each gives. */
  readonly rules: readonly GradebookRule[];
  /** `--rules` as given, passed to each grading (modules and learner copies). */
  readonly ruleList?: string;
  readonly timeLimitSeconds: number;
  readonly progress: ProgressSink;
  readonly log: (line: string) => void;
}

export interface ClassResult {
  readonly rows: readonly GradebookRow[];
  /** Learners graded in this run (not kept from an earlier one). */
  readonly graded: number;
  readonly interrupted: boolean;
  readonly isolation: Isolation;
}

/** A reason the class cannot be graded at all (exit 2). */
export class ClassUsageError extends Error {
  override readonly name = "ClassUsageError";
}

function inside(path: string, folder: string): boolean {
  const below = relative(folder, path);
  return below === "" || (!below.startsWith(`..${sep}`) && below !== ".." && !below.startsWith(sep));
}

/** The folder submissions are read from: DIR itself, or a zip unpacked into OUT's work area. */
function classFolder(
  dir: string,
  work: string,
): { root: string; refused: Map<string, string>; hidden: Array<{ path: string; directory: boolean }> } {
  const refused = new Map<string, string>();
  if (!statSync(dir).isDirectory()) {
    if (!dir.endsWith(".zip"))
      throw new ClassUsageError(`${dir} is a file; expected a folder of submissions or a .zip of one`);
    const into = join(work, "unpacked");
    mkdirSync(into, { recursive: true, mode: 0o700 });
    let unpacked;
    try {
      unpacked = unpackArchive(dir, into);
    } catch (error) {
      throw new ClassUsageError(`cannot unpack ${dir}: ${(error as Error).message}`);
    }
    // A platform's export often wraps the class in one folder: descend into it.
    let root = into;
    let prefix = "";
    const top = readdirSync(into, { withFileTypes: true });
    if (top.length === 1 && top[0]!.isDirectory() && readdirSync(join(into, top[0]!.name)).length > 1) {
      root = join(into, top[0]!.name);
      prefix = `${top[0]!.name}/`;
    }
    for (const entry of unpacked.refused) {
      const name = entry.name.replace(/\\/gu, "/");
      const learner = name.startsWith(prefix) ? name.slice(prefix.length).split("/")[0] : entry.learner;
      const key = learner?.replace(/\.(ipynb|js)$/u, "");
      if (key !== undefined && key !== "" && key !== "..")
        refused.set(
          key,
          `the archive holds ${JSON.stringify(entry.name)}, ${entry.why} leading outside its folder: it was not unpacked`,
        );
    }
    return { root, refused, hidden: [{ path: dir, directory: false }] };
  }
  return {
    root: dir,
    refused,
    hidden: readdirSync(dir, { withFileTypes: true }).map((entry) => ({
      path: join(dir, entry.name),
      directory: entry.isDirectory(),
    })),
  };
}

export async function gradeClass(options: ClassOptions): Promise<ClassResult> {
  const isolation = chooseIsolation(options.trusted);
  if ("refused" in isolation) throw new ClassUsageError(isolation.refused);
  if (!existsSync(options.dir)) throw new ClassUsageError(`no class folder at ${options.dir}`);
  // Each job covers OUT: a report folder holding the workbook would cover the grader itself.
  if (inside(REPO_ROOT, options.out))
    throw new ClassUsageError(`the report folder ${options.out} holds the workbook itself; choose a folder of its own`);
  mkdirSync(options.out, { recursive: true });
  const work = join(options.out, ".work");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true, mode: 0o711 });
  const folder = classFolder(options.dir, work);
  const { submissions, ignored } = findSubmissions(folder.root, [options.out]);
  if (ignored.length > 0) options.log(`not submissions, left alone: ${ignored.join(", ")}`);
  for (const [learner, why] of folder.refused)
    if (!submissions.some((each) => each.learner === learner))
      submissions.push({ learner, problem: why, source: learner });
  // Covered in every job's view: the submissions, never the report folder or the workbook above them.
  const hidden = folder.hidden.filter((entry) => !inside(options.out, entry.path) && !inside(REPO_ROOT, entry.path));

  const grader = checkpointVersion();
  const earlier = options.fresh
    ? new Map<string, GradebookRow>()
    : new Map(readGradebook(options.out).map((row) => [row.learner, row]));
  const rows = new Map<string, GradebookRow>();
  const pending: Array<{ submission: GradableSubmission; hash: string }> = [];
  for (const submission of submissions) {
    const refusal = folder.refused.get(submission.learner);
    const hash = "path" in submission ? submissionHash(submission.path) : "";
    if (refusal !== undefined || !("kind" in submission)) {
      rows.set(submission.learner, {
        learner: submission.learner,
        score: undefined,
        max: undefined,
        status: `not graded: ${refusal ?? ("problem" in submission ? submission.problem : "unknown")}`,
        points: {},
        hash,
        grader,
        seconds: undefined,
      });
      continue;
    }
    const before = earlier.get(submission.learner);
    if (before !== undefined && before.status === GRADED && before.hash === hash && before.grader === grader)
      rows.set(submission.learner, before);
    else pending.push({ submission, hash });
  }
  writeGradebook(options.out, options.rules, [...rows.values()]);
  const kept = submissions.length - pending.length;
  options.log(
    `class: ${submissions.length} learner(s); ${pending.length} to grade, ${kept} kept or not gradable; ${options.jobs} at once; ${describe(isolation)}`,
  );

  const progress = classProgress(options.progress, pending.length, options.jobs);
  const running = new Set<() => void>();
  let interrupted = false;
  const onSignal = (): void => {
    if (interrupted) process.exit(130); // a second Ctrl-C: leave at once (finished rows are written)
    interrupted = true;
    for (const stop of running) stop();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let claimed: ReturnType<typeof claimJobUids> | undefined;
  try {
    claimed = isolation.kind === "uid" ? claimJobUids(options.jobs) : undefined;
  } catch (error) {
    throw new ClassUsageError((error as Error).message);
  }
  // One empty folder per slot where its jobs see their own folder (JobFolders.view).
  const views = Array.from({ length: options.jobs }, () => {
    // In /tmp (every uid may enter it) under a short name, whatever the class's TMPDIR: the job's
    // TMPDIR lies inside, and a relayed server's socket path must fit in a Unix socket's 107
    // bytes (relayed-servers.ts checkSocketRoom).
    const view = mkdtempSync("/tmp/wb-job-");
    chmodSync(view, 0o755);
    return view;
  });
  let next = 0;
  let graded = 0;
  const worker = async (slot: number): Promise<void> => {
    while (!interrupted && next < pending.length) {
      const { submission, hash } = pending[next]!;
      next += 1;
      progress.started(submission.learner);
      const job = gradeLearner({
        submission,
        seed: learnerSeed(submission.learner),
        slot,
        uid: claimed?.uids[slot - 1] ?? 0,
        isolation,
        out: options.out,
        work: join(work, String(slot)),
        view: views[slot - 1]!,
        hidden,
        rules: options.ruleList,
        timeLimitSeconds: options.timeLimitSeconds,
        hash,
        grader,
      });
      running.add(job.stop);
      const row = await job.done;
      running.delete(job.stop);
      rows.set(row.learner, row);
      graded += 1;
      writeGradebook(options.out, options.rules, [...rows.values()]);
      progress.finished(row.learner, row.status, row.seconds);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(options.jobs, Math.max(1, pending.length)) }, (_, index) => worker(index + 1)),
    );
  } finally {
    progress.close();
    claimed?.release();
    for (const view of views) rmSync(view, { recursive: true, force: true });
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    rmSync(work, { recursive: true, force: true });
  }
  const sorted = [...rows.values()].sort((a, b) => (a.learner < b.learner ? -1 : a.learner > b.learner ? 1 : 0));
  return { rows: sorted, graded, interrupted, isolation };
}

function describe(isolation: Isolation): string {
  if (isolation.kind === "uid")
    return `each job's graded code runs as a uid of its own (from ${isolation.firstUid + 1})`;
  if (isolation.kind === "user-namespace") return "each job runs in a user namespace of its own";
  return "submissions trusted: no isolation (--trust-submissions)";
}
