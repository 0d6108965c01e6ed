// How long a process waited for a CPU while a call ran. A timer due while the machine gives the
// process no CPU (four gradings at once, a busy neighbour) fires when it gets one again, so a
// deadline that ends a call then ends it late through no fault of the code: a timed verdict leaves
// out the time the kernel says the process spent waiting on a run queue. A loop the code blocks
// itself (a busy wait, a readSync) is the code's own time and still counts.
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
