// The wait for a CPU a timed verdict leaves out: the kernel's run-queue time, never a loop the code blocked itself.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { queuedSince, runQueueMs } from "../../lib/src/grading/trials/starvation.js";

/** This thread's time on a CPU so far, in ms (/proc/thread-self/schedstat, first field, in ns). */
function threadRanMs(): number {
  return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
}

it("counts a busy wait the code makes itself only as far as the thread sat on a run queue meanwhile", () => {
  const queued = queuedSince();
  const ranBefore = threadRanMs();
  const started = performance.now();
  while (performance.now() - started < 250) {
    // a busy wait: the code's own time
  }
  const wallMs = performance.now() - started;
  // This thread's own time on a CPU: process.cpuUsage() adds the other threads' (the GC's), which a
  // busy machine made larger than this thread's own once (67 ms queued against a bound of 64).
  const ranMs = threadRanMs() - ranBefore;
  // A thread is running, queued or asleep: what it queued is at most what it did not run.
  expect(queued()).toBeLessThanOrEqual(Math.ceil(wallMs - ranMs) + 20);
});

it("grows while the thread waits for a CPU: a second busy thread on the same single CPU", () => {
  // Two busy processes pinned to one CPU take turns: each waits about as long as it runs.
  const script = `const { queuedSince } = require(${JSON.stringify(require.resolve("../../lib/dist/grading/trials/starvation.js"))});
    const queued = queuedSince(); const t = Date.now(); while (Date.now() - t < 600) {} console.log(queued());`;
  const runs = ["a", "b"].map(() =>
    spawnSync(
      "sh",
      ["-c", `taskset -c 0 ${process.execPath} -e '${script}' & taskset -c 0 ${process.execPath} -e '${script}'; wait`],
      {
        encoding: "utf8",
      },
    ),
  );
  const waits = runs.flatMap((run) => run.stdout.trim().split("\n").map(Number));
  expect(waits.length).toBe(4);
  expect(Math.max(...waits)).toBeGreaterThan(100);
  expect(runQueueMs()).toBeGreaterThanOrEqual(0);
});
