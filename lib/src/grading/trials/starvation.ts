// How long a process waited for a CPU while a call ran. A timer due while the machine gives the
// process no CPU (four gradings at once, a busy neighbour) fires when it gets one again, so a
// deadline that ends a call then ends it late through no fault of the code: a timed verdict leaves
// out the time the kernel says the process spent waiting on a run queue. A loop the code blocks
// itself (a busy wait, a readSync) is the code's own time and still counts. A bound over work that
// other processes do (a rule's, over the graded code's tree) reads their threads the same way.
import { readdirSync, readFileSync } from "node:fs";
import { runQueueMs } from "../../server-build/run-queue.js";

export { runQueueMs };

/** Starts counting; the function returned gives the ms this thread waited for a CPU since. */
export function queuedSince(): () => number {
  const start = runQueueMs();
  return () => Math.round(Math.max(0, runQueueMs() - start));
}

/**
 * Starts counting; the function returned gives the ms of CPU this process has used since (user and
 * system). Unlike wall time, a busy machine does not stretch it: a budget of it ends the same work
 * at the same point alone or beside others.
 */
export function cpuSince(): () => number {
  const start = process.cpuUsage();
  return () => {
    const { user, system } = process.cpuUsage(start);
    return Math.round((user + system) / 1000);
  };
}

/** A process whose threads are counted: alone, or with every process it started, at any depth. */
export interface Watched {
  readonly pid: number;
  readonly withDescendants: boolean;
}

function threads(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
}

function childrenOf(pid: number, tid: string): number[] {
  try {
    const listed = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
    return listed === "" ? [] : listed.split(" ").map(Number);
  } catch {
    return []; // a thread that ended while it was read
  }
}

/** Each process watched (and its descendants, where asked): pid → the ms its threads have waited. */
export function cpuWaits(watched: readonly Watched[]): Map<number, number> {
  const waits = new Map<number, number>();
  const visit = (pid: number, descend: boolean): void => {
    if (waits.has(pid)) return;
    waits.set(pid, 0);
    const children: number[] = [];
    let total = 0;
    for (const tid of threads(pid)) {
      total += runQueueMs(`/proc/${pid}/task/${tid}/schedstat`);
      if (descend) children.push(...childrenOf(pid, tid));
    }
    waits.set(pid, total);
    for (const child of children) visit(child, true);
  };
  for (const { pid, withDescendants } of watched) visit(pid, withDescendants);
  return waits;
}

/**
 * A meter of the ms the watched processes have waited for a CPU since it was made: each process's
 * own growth, a process that came later counted from its start, one that ended kept at its last
 * reading. It reads /proc when made and when asked, never in between.
 */
export function cpuWaitMeter(watched: () => readonly Watched[]): () => number {
  const first = cpuWaits(watched());
  const last = new Map<number, number>();
  return () => {
    for (const [pid, ms] of cpuWaits(watched())) last.set(pid, Math.max(ms, last.get(pid) ?? 0));
    let waited = 0;
    for (const [pid, ms] of last) waited += Math.max(0, ms - (first.get(pid) ?? 0));
    return waited;
  };
}
