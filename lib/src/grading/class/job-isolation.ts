// How one learner's grading is kept from every other's. The graded code must not read or write
// another learner's submission, the gradebook or any report. Each job runs in a mount namespace
// of its own in which the class folder's submissions, the report folder and the other jobs'
// folders are covered by empty file systems, and only the job's own folder is mounted back.
//  - root: the graded code runs as a uid of its own per job slot (60000 + slot; the checkpoint's
//    host takes it from WORKBOOK_HOST_USER), with a process limit (RLIMIT_NPROC for that uid) and a
//    cgroup's pids and memory limits where the machine allows (job-cgroup.ts). The job's folder and
//    report are root's, mode 0700: the graded uid can neither read nor forge them.
//  - an ordinary user: a user namespace (unshare --user --map-root-user) with a PID namespace and
//    its own /proc, so no other job's processes (nor their view of the files) can be reached. The
//    graded code runs as that same user, so permissions protect nothing of the user's: the job
//    also sees every file system read-only but its own folder, and /tmp, /var/tmp and /dev/shm of
//    its own (private-files.ts). The checkpoint then runs as the user again, in a user namespace
//    inside (no capability left to lift a cover), where it can make each host's namespaces: each
//    host sees the job's folder read-only too, so it cannot forge the job's report.
//  - neither: the class command refuses, unless --trust-submissions says the code is trusted.
// What the graded code starts never outlives its grading, and the PID namespaces that see to it
// are the checkpoint's own (host/containment.ts, which spells every one): each host of the
// checkpoint is the first process of one; as an ordinary user the job's namespace above is made
// with the same flags, and its first process is the checkpoint.
import { spawnSync } from "node:child_process";
import { isAbsolute } from "node:path";
import { namespaceArgs } from "../checkpoint/host/containment.js";
import { privateFilesLines, shellQuote } from "../checkpoint/host/private-files.js";

export type Isolation =
  | { readonly kind: "uid"; readonly firstUid: number }
  | { readonly kind: "user-namespace" }
  | { readonly kind: "trusted" };

/** The first uid job slots take (slot 1 runs as FIRST_JOB_UID + 1). */
export const FIRST_JOB_UID = 60000;
/** Processes the graded code of one job may run at once (a fork bomb stops here). */
export const JOB_PROCESS_LIMIT = 256;

/** An ordinary user's job: root in a user namespace of its own (to mount the covers), its own mounts, IPC and PID namespace. */
const USER_NAMESPACE_JOB = { userNamespace: "--map-root-user", privateMounts: true, privateIpc: true } as const;

function works(argv: readonly string[]): boolean {
  const result = spawnSync(argv[0]!, argv.slice(1), { stdio: "ignore", timeout: 10_000 });
  return result.status === 0;
}

/** What this machine allows, or the reason the class cannot be isolated here. */
export function chooseIsolation(trusted: boolean): Isolation | { readonly refused: string } {
  const tools = works(["unshare", "--version"]) && works(["setpriv", "--version"]) && works(["prlimit", "--version"]);
  if (process.getuid?.() === 0) {
    if (tools && works(["unshare", "--mount", "--propagation", "private", "--", "true"]))
      return { kind: "uid", firstUid: FIRST_JOB_UID };
  } else if (tools && works(["unshare", ...namespaceArgs(USER_NAMESPACE_JOB), "--", ...asTheUserAgain(), "true"]))
    return { kind: "user-namespace" };
  if (trusted) return { kind: "trusted" };
  return {
    refused:
      process.getuid?.() === 0
        ? "cannot keep learners apart: unshare --mount failed (util-linux's unshare, setpriv and prlimit are needed)"
        : "cannot keep learners apart: this user may not make a user namespace (unshare --user) and is not root; " +
          "grade as root, allow user namespaces, or pass --trust-submissions if every submission is trusted",
  };
}

/**
 * An ordinary user's job, once its covers are mounted: the user itself again, in a user namespace
 * inside the job's (made with the capabilities the job's root still holds, which the program it
 * runs no longer has), where the checkpoint can make each host's namespaces.
 */
function asTheUserAgain(): string[] {
  return ["unshare", `--map-user=${process.getuid?.() ?? 0}`, `--map-group=${process.getgid?.() ?? 0}`, "--"];
}

export interface JobFolders {
  /** The job's own folder (inside the report folder's work area, covered with the rest of it). */
  readonly own: string;
  /**
   * An empty folder in the temporary folder where the job sees its own folder: every folder above
   * it may be entered by the graded code's uid, whatever the report folder's parents allow. In
   * another job's view it stays an empty folder (a mount belongs to its namespace).
   */
  readonly view: string;
  /** The report folder: covered. */
  readonly out: string;
  /** Files and folders to cover: every submission in the class folder (or the class's zip). */
  readonly hidden: ReadonlyArray<{ readonly path: string; readonly directory: boolean }>;
  /** cgroup.procs files the job joins first (root with a cgroup). */
  readonly cgroupProcs: readonly string[];
}

/** The command that runs `argv` (the checkpoint) isolated as `isolation` says, for one job. */
export function isolatedCommand(isolation: Isolation, folders: JobFolders, argv: readonly string[]): string[] {
  if (isolation.kind === "trusted") return [...argv];
  const q = shellQuote;
  const script = [
    "set -e",
    ...folders.cgroupProcs.map((file) => `echo $$ > ${q(file)}`),
    `cd ${q(folders.own)}`,
    ...folders.hidden.map(({ path, directory }) =>
      directory ? `mount -t tmpfs -o mode=0,size=4k hidden ${q(path)}` : `mount --bind /dev/null ${q(path)}`,
    ),
    `mount -t tmpfs -o mode=0755,size=1m class-reports ${q(folders.out)}`,
    // --no-canonicalize: "." is the folder the shell stands in, under the cover, not the path anew
    `mount --no-canonicalize --bind . ${q(folders.view)}`,
    "cd /",
    ...(isolation.kind === "user-namespace"
      ? [
          // the user's own files, read-only; the job's folder (at its view) writable
          ...privateFilesLines({ writable: folders.view, readable: argv.filter((arg) => isAbsolute(arg)) }),
          "cd /",
          `exec ${asTheUserAgain().map(q).join(" ")} prlimit --nproc=${JOB_PROCESS_LIMIT} -- "$@"`,
        ]
      : [`exec prlimit --nproc=${JOB_PROCESS_LIMIT} -- "$@"`]),
  ].join("\n");
  // Root's job needs no PID namespace of its own: each host the checkpoint starts is in one.
  const unshare =
    isolation.kind === "user-namespace" ? namespaceArgs(USER_NAMESPACE_JOB) : ["--mount", "--propagation", "private"];
  return ["unshare", ...unshare, "--", "sh", "-c", script, "sh", ...argv];
}
