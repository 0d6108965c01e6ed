// One learner of a class, graded exactly as `checkpoint --notebook|--impl PATH --seed S` grades
// alone: the same command runs as a process of its own (inside the job's isolation), writes its
// results.json and junit.xml into the job's private folder, and prints the summary the checkpoint
// notebook prints. The row is made from that results.json, read only after every process of the
// job has ended, from a folder the graded code could not reach.
import { spawn } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, join, relative } from "node:path";
import { signalGroup } from "../../client/process-group.js";
import type { RulesResultsJson } from "../checkpoint/grade-report.js";
import { SERVER_START_FAILED } from "../checkpoint/host/relayed-servers.js";
import { GRADER_FAULT, GraderFault } from "../checkpoint/grader-fault.js";
import { nodeFor } from "../checkpoint/host/host-node.js";
import { CLASS_COMPILE_CACHE, compileCacheFolder } from "../checkpoint/host/compile-cache.js";
import { GRADED, type GradebookRow } from "./gradebook.js";
import { makeJobCgroup } from "./job-cgroup.js";
import { FIRST_JOB_UID, isolatedCommand, type Isolation } from "./job-isolation.js";
import type { Submission, SubmissionKind } from "./submissions.js";

/** The checkpoint's command line (built beside this folder). */
export const CHECKPOINT_MAIN = join(__dirname, "..", "..", "cli", "main.js");
/** Memory one job (the grader, the graded code and its servers) may use, where a cgroup allows a limit. */
export const JOB_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;
/** Processes and threads one job may hold in its cgroup (the graded uid's own limit is tighter). */
export const JOB_CGROUP_PIDS = 2048;
/** Output of the checkpoint kept for the feedback file and the reason a grading failed. */
const OUTPUT_LIMIT = 256 * 1024;

export interface LearnerJob {
  readonly submission: Extract<Submission, { kind: SubmissionKind }>;
  readonly seed: number;
  readonly slot: number;
  /** The uid the graded code runs as (root's isolation; job-uids.ts). */
  readonly uid: number;
  readonly isolation: Isolation;
  /** The report folder (OUT). */
  readonly out: string;
  /** The job's own folder, inside OUT's work area. */
  readonly work: string;
  /** Where the job sees its own folder (JobFolders.view); the work folder itself when trusted. */
  readonly view: string;
  /** Class-folder entries to cover in the job's view. */
  readonly hidden: ReadonlyArray<{ readonly path: string; readonly directory: boolean }>;
  readonly rules: string | undefined;
  readonly timeLimitSeconds: number;
  readonly hash: string;
  readonly grader: string;
}

/** The checkpoint's arguments for this submission, as one would type them to grade it alone. */
export function checkpointArguments(
  kind: SubmissionKind,
  path: string,
  seed: number,
  reportDir: string,
  rules?: string,
): string[] {
  return [
    kind === "notebook" ? "--notebook" : "--impl",
    path,
    "--seed",
    String(seed),
    "--report-dir",
    reportDir,
    ...(rules !== undefined && kind !== "notebook" ? ["--rules", rules] : []),
  ];
}

/** Said after the cause in a row the grader could not grade through no fault of the submission's. */
const GRADED_AGAIN = "it will be graded again on the class's next run";

/**
 * A "not graded" status for a fault of the grader's, in the words a checkpoint run prints for one
 * (GRADER_FAULT): resume keeps only graded rows, so the class's next run grades it again; an export
 * gives it what --ungraded says.
 */
export function graderFault(why: string): string {
  return `${GRADER_FAULT}: ${why}; ${GRADED_AGAIN}`;
}

/** Whether a gradebook row's status says the grader, not the submission, kept it from being graded. */
export function isGraderFault(status: string): boolean {
  return status.startsWith(`${GRADER_FAULT}: `);
}

/**
 * Each rule's points from a results.json, by rule id (the test name up to its first ": "). A rule
 * that did not apply is written there with no points to give (max_score 0, as the checkpoint counts
 * it 0 of 0): it gets no entry, so the gradebook leaves its cell empty instead of a 0 that reads as a fail.
 */
export function pointsByRule(results: RulesResultsJson): Record<string, number> {
  const points: Record<string, number> = {};
  for (const test of results.tests)
    if (test.max_score > 0) points[test.name.slice(0, test.name.indexOf(": "))] = test.score;
  return points;
}

/** The last lines of what the checkpoint said on stderr, as the reason a grading did not finish. */
function lastWords(stderr: string): string {
  const lines = stderr
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("ok ") && !line.startsWith("FAIL"));
  // The checkpoint names what went wrong on a line of its own, before its usage text.
  const named = lines.find((line) => /^mcp-workbook( checkpoint)?: /u.test(line));
  return (named ?? lines.at(-1) ?? "no message").replace(/^mcp-workbook( checkpoint)?: /u, "").slice(0, 300);
}

/** Lays out the job's folder: the submission's copy (readable by the graded code), a private report, a temporary area. */
function stage(job: LearnerJob): { staged: string; report: string; tmp: string } {
  rmSync(job.work, { recursive: true, force: true });
  mkdirSync(job.work, { recursive: true, mode: 0o711 });
  chmodSync(job.work, 0o711);
  const submission = join(job.work, "submission");
  const report = join(job.work, "report");
  const tmp = join(job.work, "tmp");
  mkdirSync(submission, { mode: 0o755 });
  mkdirSync(report, { mode: 0o700 });
  mkdirSync(tmp);
  chmodSync(tmp, 0o1777);
  const from = job.submission.path;
  const staged = join(submission, basename(from));
  cpSync(from, staged, {
    recursive: true,
    dereference: true,
    filter: (path) => basename(path) !== "node_modules",
  });
  chmodTree(submission);
  return { staged, report, tmp };
}

/** Files readable and folders enterable by the graded code's uid (the copy is the learner's own work). */
function chmodTree(path: string): void {
  if (statSync(path).isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) chmodTree(join(path, name));
  } else chmodSync(path, 0o644);
}

/** Grades one learner; resolves with the row whatever happens. `stop` ends it early (Ctrl-C). */
export function gradeLearner(job: LearnerJob): { done: Promise<GradebookRow>; stop: () => void } {
  let stopRequested = false;
  let stopNow: () => void = () => {
    stopRequested = true;
  };
  const done = (async (): Promise<GradebookRow> => {
    const started = performance.now();
    const row = (status: string, results?: RulesResultsJson): GradebookRow => ({
      learner: job.submission.learner,
      score: results?.score,
      max: results?.max_score,
      status,
      points: results ? pointsByRule(results) : {},
      hash: job.hash,
      grader: job.grader,
      seconds: (performance.now() - started) / 1000,
    });
    let staged: { staged: string; report: string; tmp: string };
    try {
      staged = stage(job);
    } catch (error) {
      return row(graderFault(`the submission could not be copied for grading (${(error as Error).message})`));
    }
    const uid = job.isolation.kind === "uid" ? job.uid : undefined;
    // The job's checkpoint runs as root; its hosts, as the job's uid, run the same Node (host-node.ts).
    let node: string;
    try {
      node = uid === undefined ? process.execPath : nodeFor({ uid, gid: uid }).path;
    } catch (error) {
      if (!(error instanceof GraderFault)) throw error;
      rmSync(job.work, { recursive: true, force: true });
      return row(graderFault(error.message.trim()));
    }
    const cgroup =
      job.isolation.kind === "uid"
        ? makeJobCgroup(`workbook-class-${process.pid}-${job.slot}-${job.uid}`, {
            pids: JOB_CGROUP_PIDS,
            memoryBytes: JOB_MEMORY_BYTES,
          })
        : undefined;
    // The grading sees its folder at `view`; the trusted run has no namespace, so no view.
    const view = job.isolation.kind === "trusted" ? job.work : job.view;
    const seen = (path: string): string => join(view, relative(job.work, path));
    const argv = [
      node,
      CHECKPOINT_MAIN,
      "checkpoint",
      ...checkpointArguments(job.submission.kind, seen(staged.staged), job.seed, seen(staged.report), job.rules),
    ];
    const command = isolatedCommand(
      job.isolation,
      { own: job.work, view, out: job.out, hidden: job.hidden, cgroupProcs: cgroup?.procsFiles ?? [] },
      argv,
    );
    const env: Record<string, string> = {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      TMPDIR: seen(staged.tmp),
      // The class's own compile cache: a job's temporary folder is new, and its grader would start cold.
      [CLASS_COMPILE_CACHE]: compileCacheFolder(),
      ...(uid !== undefined ? { WORKBOOK_HOST_USER: `${uid}:${uid}` } : {}),
      ...(job.isolation.kind === "user-namespace" ? { WORKBOOK_HOST_USER: "self" } : {}),
    };
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    const exit = await new Promise<{ code: number | null; signal: string | null; error?: string }>((resolve) => {
      const child = spawn(command[0]!, command.slice(1), { stdio: ["ignore", "pipe", "pipe"], env, detached: true });
      child.stdout.on("data", (chunk: Buffer) => {
        if (stdout.length < OUTPUT_LIMIT) stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr = (stderr + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
      });
      const kill = (): void => {
        if (child.pid !== undefined) signalGroup(child.pid, "SIGKILL");
        for (const pid of cgroup?.pids() ?? [])
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // gone
          }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, job.timeLimitSeconds * 1000);
      stopNow = kill;
      if (stopRequested) kill();
      child.once("error", (error) => {
        clearTimeout(timer);
        resolve({ code: null, signal: null, error: error.message });
      });
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
    const memoryHit = cgroup?.memoryLimitHit() ?? false;
    await cgroup?.endAll();
    if (uid !== undefined) endProcessesOf(uid);
    try {
      const resultsPath = join(staged.report, "results.json");
      const results = existsSync(resultsPath)
        ? (JSON.parse(readFileSync(resultsPath, "utf8")) as RulesResultsJson)
        : undefined;
      const mine = join(job.out, "learners", job.submission.learner);
      if (stopRequested) return row(graderFault("the class was stopped (Ctrl-C) before this grading finished"));
      if (timedOut)
        return row(
          `not graded: the grading took longer than ${job.timeLimitSeconds} s and was stopped (does a call never return?)`,
        );
      if (exit.error !== undefined) return row(graderFault(`the grader could not start (${exit.error})`));
      // Read from the report only the grader writes (stderr may quote the submission's own words).
      const fault = (results?.extra_data as { not_graded?: { what: string; where: string } } | undefined)?.not_graded;
      if (exit.code === 2 && fault !== undefined) return row(graderFault(`${fault.what} (at ${fault.where})`));
      const serverFailure = stderr.split("\n").find((line) => line.startsWith(SERVER_START_FAILED));
      if (serverFailure !== undefined) return row(graderFault(serverFailure.trim()));
      if (results === undefined || exit.code === 2 || results.max_score === 0)
        return row(
          memoryHit
            ? `not graded: the grading used more than ${JOB_MEMORY_BYTES / 1024 ** 3} GiB of memory and was stopped`
            : graderFault(`the grading ended without a report: ${lastWords(stderr)}`),
        );
      mkdirSync(mine, { recursive: true });
      for (const file of ["results.json", "junit.xml"])
        if (existsSync(join(staged.report, file)))
          writeFileSync(join(mine, file), readFileSync(join(staged.report, file)));
      writeFileSync(join(mine, "feedback.txt"), stdout);
      return row(GRADED, results);
    } finally {
      rmSync(job.work, { recursive: true, force: true });
    }
  })();
  return { done, stop: () => stopNow() };
}

/** SIGKILLs every process still running as the job slot's uid (a uid only this class's jobs use). */
export function endProcessesOf(uid: number): void {
  if (uid < FIRST_JOB_UID) return;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/u.test(name)) continue;
    try {
      const status = readFileSync(join("/proc", name, "status"), "utf8");
      const real = /^Uid:\s+(\d+)/mu.exec(status)?.[1];
      if (Number(real) === uid) process.kill(Number(name), "SIGKILL");
    } catch {
      // ended meanwhile
    }
  }
}
