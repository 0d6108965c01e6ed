// How long this thread has waited for a CPU, as the kernel counts it (/proc/thread-self/schedstat,
// second field, in ns), for the grader's starvation credit (lib/src/grading/trials/starvation.ts), the
// graded host's wait before a signal (lib/src/grading/checkpoint/host/first-signal.ts) and the relay's stamps.
import { readFileSync } from "node:fs";

/** This thread's (or the thread whose schedstat file is given) time waiting on a run queue so far, in ms; 0 off Linux or once it has gone. */
export function runQueueMs(schedstat = "/proc/thread-self/schedstat"): number {
  try {
    const waitNs = Number(readFileSync(schedstat, "utf8").split(" ")[1]);
    return Number.isFinite(waitNs) ? waitNs / 1e6 : 0;
  } catch {
    return 0;
  }
}
