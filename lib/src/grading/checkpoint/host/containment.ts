// Containment of what graded code starts and writes: each host runs as the first process of a PID
// namespace of its own (unshare --pid --fork), so when that process ends the kernel kills every
// process left in the namespace, however it hid: a session of its own, a double fork, SIGTERM and
// SIGHUP ignored. Where it can, the namespace has its own mounts and IPC too, and a file view
// (private-files.ts) in which the host may write only its home and private temporary folders.
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
// "nobody started me"). The shell is also the one that collects the orphans' statuses. Before it,
// a shell that still holds the namespace's privileges mounts the file view and gives them up
// (becomes the host's user as root; drops every capability as a user), then becomes that shell.
import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { isDeepStrictEqual } from "node:util";
import { signalGroup } from "../../../client/process-group.js";
import { commandLineOf } from "../../../client/process-table.js";
import { privateFilesLines, shellQuote, type FileView } from "./private-files.js";

/** A uid and gid to run as. */
export interface RunAs {
  readonly uid: number;
  readonly gid: number;
}

/**
 * How the processes of one contained run are kept from outliving it, in words a report prints:
 * a PID namespace for each host, the PID namespace the grader is the first process of (the
 * grading's as a whole), or best effort (a process group). `files` says what they may write.
 */
export type Containment = {
  readonly kind: "pid-namespace" | "grading-namespace" | "best-effort";
  readonly says: string;
  readonly files: FileContainment;
};

/**
 * What the graded code may write: "private", only its home and private /tmp, /var/tmp and
 * /dev/shm, in a mount namespace of each host's own (private-files.ts); "none", wherever its
 * user may.
 */
export type FileContainment = {
  readonly kind: "private" | "none";
  readonly says: string;
};

export interface ContainmentOptions {
  /** The unshare program (default "unshare" on PATH); tests name one that refuses. */
  readonly unshare?: string;
}

/** What a report prints: "containment: a PID namespace ..." then "files: ...". */
export function containmentLine(containment: Containment): string {
  return `containment: ${containment.says}\nfiles: ${containment.files.says}`;
}

/** What a grading prints before it starts when the graded code could change the grader's files, else undefined. */
export function containmentWarning(containment: Containment): string | undefined {
  return containment.files.kind === "private" ? undefined : `warning: files ${containment.files.says}`;
}

/**
 * The namespace's first process: a shell that runs the program ($0) with the arguments it reads
 * from fd 3, one a line, closed before the program starts. Its command line, which the graded
 * code may read as its parent's, shows neither the host's file (whose path names the checkpoint)
 * nor anything else the grader passes.
 */
const INIT_SCRIPT =
  'unset PWD; set --; while IFS= read -r arg <&3; do set -- "$@" "$arg"; done; exec 3<&-; "$0" "$@"; exit $?';

/** unshare's flags for a PID namespace with its own /proc, all of whose processes end with its first. */
const PID_NAMESPACE = ["--pid", "--fork", "--kill-child", "--mount-proc"];

export interface NamespaceRequest {
  /**
   * A user namespace first, for a caller that is not root: "--map-current-user" keeps it itself
   * (the graded code gets no capability), "--map-root-user" makes it root inside (a class job,
   * which mounts its covers, then becomes its user again in a namespace of its own).
   */
  readonly userNamespace?: "--map-current-user" | "--map-root-user";
  /**
   * With "--map-current-user": the namespace's capabilities survive into the program unshare runs
   * (as ambient ones), so the first shell can mount before it drops them all.
   */
  readonly keepCapabilities?: boolean;
  /** A mount namespace of its own whose mounts stay private (a class job's covers, a host's file view). */
  readonly privateMounts?: boolean;
  /** An IPC namespace of its own: the System V objects and message queues made in it end with it. */
  readonly privateIpc?: boolean;
}

/**
 * unshare's arguments (before "--") for a PID namespace as `request` says: the one place the
 * grader's PID namespaces are spelled, for each host here and for each class job (job-isolation.ts).
 */
export function namespaceArgs(request: NamespaceRequest = {}): string[] {
  return [
    ...(request.userNamespace === undefined ? [] : ["--user", request.userNamespace]),
    ...(request.keepCapabilities === true ? ["--keep-caps"] : []),
    ...(request.privateMounts === true ? ["--mount", "--propagation", "private"] : []),
    ...(request.privateIpc === true ? ["--ipc"] : []),
    ...PID_NAMESPACE,
  ];
}

const isRoot = (): boolean => process.getuid?.() === 0;

/** The namespaces a host gets: with a file view of its own, a mount and an IPC namespace too. */
function hostNamespace(files: boolean): NamespaceRequest {
  // Root makes the namespaces, then becomes the host's user inside them (no user namespace
  // needed); a user may make them inside a user namespace of its own, where it stays itself.
  return {
    ...(isRoot() ? {} : { userNamespace: "--map-current-user", keepCapabilities: files }),
    ...(files ? { privateMounts: true, privateIpc: true } : {}),
  };
}

/**
 * What the namespace's first shell runs to become what the graded code may be: root sets the
 * host's user; a user gives up the capabilities it mounted with (none is left to lift a mount).
 */
function dropPrivileges(user: RunAs | undefined, files: boolean): string[] {
  if (isRoot())
    return user !== undefined && user.uid !== 0
      ? ["setpriv", `--reuid=${user.uid}`, `--regid=${user.gid}`, "--clear-groups", "--"]
      : [];
  return files ? ["setpriv", "--inh-caps=-all", "--ambient-caps=-all", "--bounding-set=-all", "--"] : [];
}

/**
 * The command that starts `program` in a namespace of its own, as `user`, seeing `files` (a view
 * of its own) or the file system as it is: unshare, then a shell that mounts the view, drops what
 * it must and becomes the namespace's first process (INIT_SCRIPT), which runs the program. That
 * process gets `env` exactly, in its order: a shell would add what its cd set and reorder the rest.
 */
function namespaceCommand(
  unshare: string,
  program: string,
  user: RunAs | undefined,
  files: FileView | undefined,
  env: Readonly<Record<string, string>>,
): string[] {
  const init = [
    "env",
    "-i",
    ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
    ...dropPrivileges(user, files !== undefined),
    "/bin/sh",
    "-c",
    INIT_SCRIPT,
  ];
  const script = [
    ...(files === undefined ? [] : privateFilesLines(files)),
    `exec ${init.map(shellQuote).join(" ")} "$0"`,
  ];
  return [
    unshare,
    ...namespaceArgs(hostNamespace(files !== undefined)),
    "--",
    "setsid",
    "/bin/sh",
    "-c",
    script.join("\n"),
    program,
  ];
}

/** The flags a report names (not --kill-child, nor --keep-caps or --propagation). */
const SHOWN = new Set(["--user", "--map-current-user", "--mount", "--ipc", "--pid", "--fork", "--mount-proc"]);

const tried = new Map<string, Containment>();

/**
 * How processes started for `user` (undefined: this process's own) are contained on this machine:
 * tried once (a namespace that runs `true`, with its file view and without) per user and unshare
 * program, then remembered.
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

/** Runs `true` as a host would run, in a namespace; undefined when it ran, else why not. */
function refusal(unshare: string, user: RunAs | undefined, files: boolean): string | undefined {
  const home = mkdtempSync(join(tmpdir(), "workbook-probe-"));
  try {
    if (user !== undefined && isRoot()) chownSync(home, user.uid, user.gid);
    const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" };
    const argv = namespaceCommand(unshare, "true", user, files ? { writable: home, readable: [] } : undefined, env);
    const result = spawnSync(argv[0]!, argv.slice(1), {
      encoding: "utf8",
      timeout: 10_000,
      cwd: home,
      stdio: ["ignore", "pipe", "pipe", "ignore"],
      env,
      ...(user !== undefined && !isRoot() ? { uid: user.uid, gid: user.gid } : {}),
    });
    if (result.status === 0) return undefined;
    return (
      result.error?.message ??
      (result.stderr.trim().split("\n")[0] || `unshare exited with ${result.status ?? result.signal}`)
    );
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

function tryNamespace(unshare: string, user: RunAs | undefined): Containment {
  if (process.platform !== "linux") return bestEffort(`${process.platform} has no PID namespaces`, user);
  const noView = refusal(unshare, user, true);
  const why = noView === undefined ? undefined : refusal(unshare, user, false);
  if (noView === undefined || why === undefined) {
    const args = namespaceArgs(hostNamespace(noView === undefined));
    return {
      kind: "pid-namespace",
      says: `a PID namespace for each host (unshare ${args.filter((arg) => SHOWN.has(arg)).join(" ")}): every process the graded code starts ends with its host`,
      files: noView === undefined ? PRIVATE_FILES : noFiles(`no mount namespace of its own: ${noView}`, user),
    };
  }
  // The first process of a namespace takes every other one with it when it ends: a class job's
  // grader is one where it could make no namespace of its own.
  if (process.pid === 1)
    return {
      kind: "grading-namespace",
      says: "the grader is the first process of a PID namespace (a class job's): every process the graded code starts ends with the grading",
      files: noFiles(`no namespace of the host's own: ${why}`, user),
    };
  return bestEffort(`no PID namespace could be made: ${why}`, user);
}

const PRIVATE_FILES: FileContainment = {
  kind: "private",
  says: "every file system read-only to the graded code but its home, and /tmp, /var/tmp and /dev/shm its own (a mount namespace for each host): it changes no file of anyone's, and what it writes ends with its host",
};

function noFiles(why: string, user: RunAs | undefined): FileContainment {
  const who =
    user === undefined || (isRoot() && user.uid === 0)
      ? "the graded code runs as the grader's own user and may change any file that user may: grade only work you trust, or grade as root"
      : `the graded code may write wherever uid ${user.uid} may (folders anyone may write, such as /tmp), and what it writes there stays`;
  return { kind: "none", says: `not contained (${why}): ${who}` };
}

function bestEffort(why: string, user: RunAs | undefined): Containment {
  return {
    kind: "best-effort",
    says: `best effort (${why}); each host's process group is ended, but a process the graded code moves into a session of its own can outlive the grading`,
    files: noFiles("no mount namespace could be made", user),
  };
}

let reachable: string | undefined;

/**
 * A folder of this process's in the temporary folder that every contained process sees
 * (read-only), made on first use and removed when this process exits: where the grader puts what
 * graded code must reach after its host started (the sockets of the relayed servers).
 */
export function reachableFolder(): string {
  if (reachable === undefined || !existsSync(reachable)) {
    if (reachable === undefined) process.once("exit", () => rmSync(reachable!, { recursive: true, force: true }));
    reachable = mkdtempSync(join(tmpdir(), "workbook-"));
    chmodSync(reachable, 0o711);
  }
  return reachable;
}

export interface ContainedSpawnOptions {
  readonly containment: Containment;
  /** The user the processes run as (undefined: this process's own). */
  readonly user?: RunAs | undefined;
  readonly env: Readonly<Record<string, string>>;
  /** Their working folder, and with a file view of their own the one folder they may write. */
  readonly cwd: string;
  /** What they must still reach through a file view of their own (read-only), beside the program. */
  readonly readable?: readonly string[];
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
  const asUser = options.user !== undefined && (!namespaced || !isRoot());
  const files: FileView | undefined =
    options.containment.files.kind === "private"
      ? { writable: options.cwd, readable: [program, reachableFolder(), ...(options.readable ?? [])] }
      : undefined;
  const command = namespaced
    ? namespaceCommand(options.unshare ?? "unshare", program, options.user, files, options.env)
    : [];
  const child = namespaced
    ? namespaceInit(
        spawn(command[0]!, command.slice(1), {
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
