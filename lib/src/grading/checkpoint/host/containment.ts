// Containment of what graded code starts: each host runs as the first process of a PID namespace of
// its own (unshare --pid --fork), so when that process ends the kernel kills every process left in
// the namespace, however it hid: a session of its own, a double fork, SIGTERM and SIGHUP ignored.
// The namespace gets its own /proc (--mount-proc), so the graded code's pids and what /proc says
// about them agree; the grader, outside, sees other numbers for the same processes
// (pidSeenHere translates). Not root, the namespace needs a user namespace too (--user), mapping
// the user to itself. Where no namespace can be made but the grader is itself the first process of
// one (a class job's, whose flags come from namespaceArgs here too), that namespace contains the
// grading as a whole. Otherwise a host is still started, in a process group of its own, and the
// report says "containment: best effort".
//
// The namespace's first process is a shell that runs the host and leaves with its status: a
// process that is first in a namespace gets no default signal handling (a SIGTERM from inside
// does nothing to it) and is the parent every orphan is handed to, and the host, as any program,
// must have neither oddity (the teaching server's grandchild takes a parent of pid 1 to mean
// "nobody started me"). The shell is also the one that collects the orphans' statuses.
import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import type { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import { signalGroup } from "../../../client/process-group.js";
import { commandLineOf } from "../../../client/process-table.js";

/** A uid and gid to run as. */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/**
 * How the processes of one contained run are kept from outliving it, in words a report prints:
 * a PID namespace for each host, the PID namespace the grader is the first process of (the
 * grading's as a whole), or best effort (a process group).
 */
export type Containment = {
  readonly kind: "pid-namespace" | "grading-namespace" | "best-effort";
  readonly says: string;
};

export interface ContainmentOptions {
  /** The unshare program (default "unshare" on PATH); tests name one that refuses. */
  readonly unshare?: string;
}

/** What a report prints: "containment: a PID namespace ..." or "containment: best effort (...)". */
export function containmentLine(containment: Containment): string {
  return `containment: ${containment.says}`;
}

/**
 * The namespace's first process: a shell that runs the program ($0) with the arguments it reads
 * from fd 3, one a line, closed before the program starts. Its command line, which the graded
 * code may read as its parent's, shows neither the host's file (whose path names the checkpoint)
 * nor anything else the grader passes.
 */
const INIT_SCRIPT =
  'unset PWD; set --; while IFS= read -r arg <&3; do set -- "$@" "$arg"; done; exec 3<&-; "$0" "$@"; exit $?';
const INIT = ["setsid", "/bin/sh", "-c", INIT_SCRIPT];

/** unshare's flags for a PID namespace with its own /proc, all of whose processes end with its first. */
const PID_NAMESPACE = ["--pid", "--fork", "--kill-child", "--mount-proc"];

export interface NamespaceRequest {
  /**
   * A user namespace first, for a caller that is not root: "--map-current-user" keeps it itself
   * (the graded code gets no capability), "--map-root-user" makes it root inside (a class job,
   * which mounts its covers, then drops every capability).
   */
  readonly userNamespace?: "--map-current-user" | "--map-root-user";
  /** A mount namespace of its own whose mounts stay private (a class job's covers). */
  readonly privateMounts?: boolean;
  /** Root only: the user the namespace's first process becomes once it is made. */
  readonly runAs?: RunAs;
}

/**
 * unshare's arguments (before "--") for a PID namespace as `request` says: the one place the
 * grader's PID namespaces are spelled, for each host here and for each class job (job-isolation.ts).
 */
export function namespaceArgs(request: NamespaceRequest = {}): string[] {
  return [
    ...(request.userNamespace === undefined ? [] : ["--user", request.userNamespace]),
    ...(request.privateMounts === true ? ["--mount", "--propagation", "private"] : []),
    ...PID_NAMESPACE,
    ...(request.runAs === undefined
      ? []
      : ["--setgid", String(request.runAs.gid), "--setuid", String(request.runAs.uid)]),
  ];
}

/** unshare's arguments for a namespace whose processes run as `user`, started by this process. */
function unshareArgs(user: RunAs | undefined): string[] {
  // Root makes the namespace, then becomes the host's user inside it (no user namespace needed);
  // a user may make a PID namespace inside a user namespace of its own, where it stays itself.
  if (process.getuid?.() === 0) return namespaceArgs(user !== undefined && user.uid !== 0 ? { runAs: user } : {});
  return namespaceArgs({ userNamespace: "--map-current-user" });
}

/** The flags a report names (not --kill-child, nor the uid and gid). */
const SHOWN = new Set(["--user", "--map-current-user", "--pid", "--fork", "--mount-proc"]);

const tried = new Map<string, Containment>();

/**
 * How processes started for `user` (undefined: this process's own) are contained on this machine:
 * tried once (a namespace that runs `true`) per user and unshare program, then remembered.
 */
export function containmentFor(user: RunAs | undefined, options: ContainmentOptions = {}): Containment {
  const unshare = options.unshare ?? "unshare";
  const key = `${unshare} ${user?.uid ?? "self"} ${user?.gid ?? "self"}`;
  let found = tried.get(key);
  if (found === undefined) {
    found = tryNamespace(unshare, user);
    tried.set(key, found);
  }
  return found;
}

function tryNamespace(unshare: string, user: RunAs | undefined): Containment {
  if (process.platform !== "linux") return bestEffort(`${process.platform} has no PID namespaces`);
  const args = unshareArgs(user);
  const result = spawnSync(unshare, [...args, "--", "true"], {
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    ...(user !== undefined && process.getuid?.() !== 0 ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.status === 0)
    return {
      kind: "pid-namespace",
      says: `a PID namespace for each host (unshare ${args.filter((arg) => SHOWN.has(arg)).join(" ")}): every process the graded code starts ends with its host`,
    };
  // The first process of a namespace takes every other one with it when it ends: a class job's
  // grader is one (having dropped every capability, it can make no namespace of its own).
  if (process.pid === 1)
    return {
      kind: "grading-namespace",
      says: "the grader is the first process of a PID namespace (a class job's): every process the graded code starts ends with the grading",
    };
  const why =
    result.error?.message ??
    (result.stderr.trim().split("\n")[0] || `unshare exited with ${result.status ?? result.signal}`);
  return bestEffort(`no PID namespace could be made: ${why}`);
}

function bestEffort(why: string): Containment {
  return {
    kind: "best-effort",
    says: `best effort (${why}); each host's process group is ended, but a process the graded code moves into a session of its own can outlive the grading`,
  };
}

export interface ContainedSpawnOptions {
  readonly containment: Containment;
  /** The user the processes run as (undefined: this process's own). */
  readonly user?: RunAs | undefined;
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
  readonly unshare?: string;
}

/** A process started contained, with stdin, stdout and stderr piped. */
export interface Contained {
  /** The process this one started: unshare (in a namespace) or the program itself (best effort). */
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves once the child has exited; in a namespace, every process of it has ended by then. */
  readonly exited: Promise<void>;
  /** SIGKILLs everything of this run (the namespace, or best effort the process group); resolves once exited. */
  end(): Promise<void>;
}

/**
 * Starts `argv` (a program and its arguments, none holding a newline) as `options.containment`
 * allows.
 */
export function spawnContained(argv: readonly string[], options: ContainedSpawnOptions): Contained {
  const [program, ...rest] = argv;
  if (program === undefined) throw new TypeError("spawnContained needs a program to run");
  if (rest.some((arg) => arg.includes("\n")))
    throw new TypeError("spawnContained passes no argument holding a newline");
  const namespaced = options.containment.kind === "pid-namespace";
  const asUser = options.user !== undefined && (!namespaced || process.getuid?.() !== 0);
  const child = namespaced
    ? namespaceInit(
        spawn(options.unshare ?? "unshare", [...unshareArgs(options.user), "--", ...INIT, program], {
          stdio: ["pipe", "pipe", "pipe", "pipe"],
          env: options.env,
          cwd: options.cwd,
          detached: true,
          ...(asUser ? { uid: options.user!.uid, gid: options.user!.gid } : {}),
        }),
        rest,
      )
    : spawn(program, rest, {
        stdio: ["pipe", "pipe", "pipe"],
        env: options.env,
        cwd: options.cwd,
        detached: true,
        ...(asUser ? { uid: options.user!.uid, gid: options.user!.gid } : {}),
      });
  if (namespaced && child.pid !== undefined) NAMESPACES.add(child.pid);
  const exited = new Promise<void>((resolve) => {
    const done = (): void => {
      if (child.pid !== undefined) NAMESPACES.delete(child.pid);
      resolve();
    };
    child.once("exit", done);
    child.once("error", done);
  });
  const running = (): boolean => child.pid !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    child,
    exited,
    end: async () => {
      if (running()) {
        if (namespaced) await endNamespace(child.pid!, running);
        else signalGroup(child.pid!, "SIGKILL");
      }
      await exited;
    },
  };
}

/** Hands the namespace's first process the program's arguments on fd 3 (INIT). */
function namespaceInit(child: ChildProcess, args: readonly string[]): ChildProcessWithoutNullStreams {
  const channel = child.stdio[3] as Writable | null | undefined;
  channel?.on("error", () => undefined); // unshare failed: its exit says so
  channel?.end(args.map((arg) => `${arg}\n`).join(""));
  return child as ChildProcessWithoutNullStreams;
}

/**
 * SIGKILLs the namespace's first process (unshare's child): the kernel then kills the rest, and
 * unshare, which waits for that process, exits only once all are gone. Killing unshare instead
 * would let it exit (through --kill-child) while the namespace is still being emptied.
 */
async function endNamespace(unsharePid: number, running: () => boolean): Promise<void> {
  for (let waited = 0; running() && waited < 2000; waited += 10) {
    const first = childrenOf(unsharePid)[0];
    if (first !== undefined) {
      try {
        process.kill(first, "SIGKILL");
        return;
      } catch {
        // gone meanwhile: unshare is about to exit
      }
    }
    await sleep(10); // unshare has not forked yet
  }
  if (running()) signalGroup(unsharePid, "SIGKILL"); // --kill-child ends the rest
}

/** The unshare processes of the namespaces this process started and that still run: where pidSeenHere looks first. */
const NAMESPACES = new Set<number>();

/** A process's children (Linux's /proc/PID/task/PID/children; empty where it cannot be read). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/u)
      .filter((each) => each !== "")
      .map(Number);
  } catch {
    return [];
  }
}

/** A process's pid in each PID namespace it belongs to, outermost first (NSpid in /proc/PID/status). */
function namespacePids(pid: number): number[] | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8")
      .split("\n")
      .find((each) => each.startsWith("NSpid:"));
    return line?.slice("NSpid:".length).trim().split(/\s+/u).map(Number);
  } catch {
    return undefined;
  }
}

/**
 * The pid, as this process sees it, of the live process running exactly `argv` that calls itself
 * `pidInside` (its own process.pid, in whatever namespace it runs); undefined when none does. A
 * process outside any namespace of ours is its own answer.
 */
export function pidSeenHere(pidInside: number, argv: readonly string[]): number | undefined {
  const is = (pid: number): boolean =>
    isDeepStrictEqual(commandLineOf(pid), argv) && namespacePids(pid)?.at(-1) === pidInside;
  // Outside any namespace the pid is its own; inside one of ours, the process descends from its
  // unshare: a few reads, where a scan of all of /proc takes a few hundred ms on a busy machine
  // (and the client under grading is waiting on its deadline meanwhile).
  if (is(pidInside)) return pidInside;
  for (const root of NAMESPACES) {
    const found = descendants(root).find(is);
    if (found !== undefined) return found;
  }
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  return entries
    .filter((entry) => /^\d+$/u.test(entry))
    .map(Number)
    .find(is);
}

function descendants(pid: number): number[] {
  const found: number[] = [];
  for (let next = childrenOf(pid); next.length > 0; next = next.flatMap(childrenOf)) found.push(...next);
  return found;
}
