// How long a process waited for a CPU while a call ran. A timer due while the machine gives the
// process no CPU (four gradings at once, a busy neighbour) fires when it gets one again, so a
// deadline that ends a call then ends it late through no fault of the code: a timed verdict leaves
// out the time the kernel says the process spent waiting on a run queue. A loop the code blocks
// itself (a busy wait, a readSync) is the code's own time and still counts.
import { readFileSync } from "node:fs";

/** This thread's time waiting on a run queue so far, in ms (schedstat's second field); 0 off Linux. */
export function runQueueMs(): number {
  try {
    const waitNs = Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
    return Number.isFinite(waitNs) ? waitNs / 1e6 : 0;
  } catch {
    return 0;
  }
}

/** Starts counting; the function returned gives the ms this thread waited for a CPU since. */
export function queuedSince(): () => number {
  const start = runQueueMs();
  return () => Math.round(Math.max(0, runQueueMs() - start));
}
