// The wait for a CPU a timed verdict leaves out: the kernel's run-queue time, never a loop the code blocked itself.
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { queuedSince, runQueueMs } from "../../lib/src/grading/starvation.js";

it("counts a busy wait the code makes itself only as far as the thread sat on a run queue meanwhile", () => {
  const queued = queuedSince();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  while (performance.now() - started < 250) {
    // a busy wait: the code's own time
  }
  const wallMs = performance.now() - started;
  const cpuMs = (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000;
  // A thread is running, queued or asleep: what it queued is at most what it did not run.
  expect(queued()).toBeLessThanOrEqual(Math.ceil(wallMs - cpuMs) + 20);
});

it("grows while the thread waits for a CPU: a second busy thread on the same single CPU", () => {
  // Two busy processes pinned to one CPU take turns: each waits about as long as it runs.
  const script = `const { queuedSince } = require(${JSON.stringify(require.resolve("../../lib/dist/grading/starvation.js"))});
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
