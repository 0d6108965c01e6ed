// The Node every graded host and relay runs on, and the check that a host can start, made before any
// graded code runs. Graded code runs as another uid than a root grader's (nobody, or a class job's
// uid), which must be able to run the grader's Node. A Node under a folder only root may enter
// (/root/.npm, where `npm exec --package=node@22` leaves it; ~/.nvm) cannot be run by it: every host
// exited 126 and every rule said FAIL. So, when the grading uid cannot reach process.execPath, the
// hosts run a copy of it in a folder that uid can reach: made once per binary in the temporary
// folder (hard-linked where it can be, else copied), in a folder owned by this uid and writable by
// no one else (checked on every use, so no other user can swap it), and renamed into place whole.
// Then one contained start of that Node as the grading uid (the way every host starts) proves it
// runs; that start is skipped where the answer is plain without it (startNeedsTrying). Where neither
// works the grading is the grader's fault (GraderFault): it exits 2 and marks no rule FAIL. The
// file-system rules of who may reach what are reachable-copy.ts's (reachableBy).
import { createHash } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { GraderFault, graderStep } from "../grader-fault.js";
import { spawnContained, type Containment, type RunAs } from "./containment.js";
import { reachableBy } from "./reachable-copy.js";

/** The Node hosts run, and what a report says about it when it is not the grader's own. */
export interface HostNode {
  readonly path: string;
  /** Set when the hosts run a copy: why, in words a report prints. */
  readonly copied?: string;
}

/** How long one start of Node as the grading uid may take on a loaded machine before it counts as failed. */
const START_LIMIT_MS = 30_000;

function uidName(user: RunAs): string {
  return `uid ${user.uid}`;
}

/** A file or folder only this process's uid may change: not a link, owned by it, not group- or world-writable. */
function ownedAlone(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return !stat.isSymbolicLink() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * A copy of `source` that `user` can run, in the temporary folder: the one made before for this very
 * binary (its path, size and time) when it is still ours alone and whole, else made now.
 */
function reachableCopy(source: string, user: RunAs): string {
  const stat = statSync(source);
  const key = createHash("sha256")
    .update(`${realpathSync(source)}\0${stat.size}\0${stat.mtimeMs}`)
    .digest("hex")
    .slice(0, 16);
  const folder = join(tmpdir(), `workbook-node-${process.versions.node}-${key}`);
  const copy = join(folder, "node");
  const whole = (path: string): boolean => ownedAlone(path) && statSync(path).size === stat.size;
  if (ownedAlone(folder) && whole(copy)) return copy;
  return graderStep("copy Node where the grading uid can reach it", folder, () => {
    const fresh = mkdtempSync(`${folder}.`);
    const made = join(fresh, "node");
    try {
      // A hard link costs no bytes; it serves when the file itself is ours alone and others may run it.
      let linked = tryLink(source, made);
      if (linked && !(ownedAlone(made) && (statSync(made).mode & 0o005) === 0o005)) {
        rmSync(made);
        linked = false;
      }
      if (!linked) {
        copyFileSync(source, made);
        chmodSync(made, 0o755);
      }
      chmodSync(fresh, 0o755);
    } catch (error) {
      rmSync(fresh, { recursive: true, force: true });
      throw error;
    }
    // What holds the name now (a squatter's folder, or a copy of ours no longer whole) goes; a whole
    // copy another grader renamed into place meanwhile stays (the rename below then fails).
    if (!(ownedAlone(folder) && whole(copy))) rmSync(folder, { recursive: true, force: true });
    try {
      renameSync(fresh, folder);
      return copy;
    } catch {
      if (ownedAlone(folder) && whole(copy)) {
        rmSync(fresh, { recursive: true, force: true });
        return copy;
      }
      return made; // this process's own copy, under a name of its own
    }
  });
}

function tryLink(source: string, target: string): boolean {
  try {
    linkSync(source, target);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Node that hosts started for `user` run: this process's own when `user` can reach it, else a
 * copy `user` can reach. Throws GraderFault when neither can be had.
 */
export function nodeFor(user: RunAs | undefined, node = process.execPath): HostNode {
  if (user === undefined || reachableBy(user, node)) return { path: node };
  const copy = reachableCopy(node, user);
  if (!reachableBy(user, copy)) {
    rmSync(dirname(copy), { recursive: true, force: true });
    throw new GraderFault(
      `${uidName(user)} cannot reach the grader's Node, nor a copy of it in the temporary folder`,
      `${node}; the copy's folder: ${dirname(copy)}`,
    );
  }
  return { path: copy, copied: `a copy of ${node}, which ${uidName(user)} cannot reach` };
}

const started = new Map<string, Promise<void>>();

/** Whether `user` may execute the file at `path` (its mode's bits for that user's class). */
function executableBy(user: RunAs, path: string): boolean {
  const { uid, gid, mode } = statSync(path);
  if (user.uid === 0) return (mode & 0o111) !== 0;
  if (uid === user.uid) return (mode & 0o100) !== 0;
  if (gid === user.gid) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

/**
 * Whether a host's start must be tried to know that `node` runs as `user`. Not when it is this very
 * process's Node, started with no variable a host lacks that tells the loader where to look, and
 * `user` may reach and execute it: the file system it lies on lets it run (this process does), its
 * libraries load without help, and containmentFor has already run a program as `user` in the
 * containment. A copy (made because `user` could not reach the grader's own) is always tried: its
 * folder may not let it run (noexec) or hold it whole.
 */
export function startNeedsTrying(node: string, user: RunAs | undefined): boolean {
  if (process.env["LD_LIBRARY_PATH"] !== undefined || process.env["LD_PRELOAD"] !== undefined) return true;
  try {
    if (realpathSync(node) !== realpathSync(process.execPath)) return true;
    return user !== undefined && !(reachableBy(user, node) && executableBy(user, node));
  } catch {
    return true;
  }
}

/**
 * Starts `node` once as `user`, contained as every host is, from `cwd`: it must print its version
 * and exit 0. Throws GraderFault naming what happened. Tried once per Node, user and containment
 * in this process, and only where startNeedsTrying says the answer is not plain without it.
 */
export function checkHostStarts(
  node: string,
  user: RunAs | undefined,
  containment: Containment,
  cwd: string = tmpdir(),
): Promise<void> {
  const key = `${node}\0${user?.uid ?? "self"}\0${containment.kind}\0${cwd}`;
  let check = started.get(key);
  if (check === undefined) {
    check = startOnce(node, user, containment, cwd);
    started.set(key, check);
    check.catch(() => started.delete(key)); // a fault is tried again on the next grading
  }
  return check;
}

async function startOnce(node: string, user: RunAs | undefined, containment: Containment, cwd: string): Promise<void> {
  const who = user === undefined ? "the grader's own uid" : uidName(user);
  if (user !== undefined && !reachableBy(user, cwd))
    throw new GraderFault(`${who} cannot enter the temporary folder, where each host's home is made`, cwd);
  if (!startNeedsTrying(node, user)) return;
  const contained = spawnContained([node, "-p", "process.version"], {
    containment,
    user,
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin" },
    cwd,
  });
  let stdout = "";
  let stderr = "";
  let failedToStart: string | undefined;
  contained.child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  contained.child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  contained.child.once("error", (error) => (failedToStart = error.message));
  contained.child.stdin.end();
  const timer = setTimeout(() => void contained.end(), START_LIMIT_MS);
  const status = await new Promise<string>((resolve) => {
    contained.child.once("exit", (code, signal) => resolve(signal ?? String(code)));
    contained.child.once("error", () => resolve("not started"));
  });
  clearTimeout(timer);
  await contained.end();
  if (status === "0" && /^v\d+\./u.test(stdout)) return;
  const said = (failedToStart ?? stderr.trim().split("\n").at(-1) ?? "").slice(0, 300);
  throw new GraderFault(
    `a grading host could not start: ${node} run as ${who} (containment: ${containment.kind}) ${
      status === "SIGKILL" ? `did not answer within ${START_LIMIT_MS / 1000} s` : `exited ${status}`
    }${said === "" ? "" : `: ${said}`}`,
    node,
  );
}
