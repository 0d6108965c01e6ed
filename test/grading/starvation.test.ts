// The wait for a CPU a timed verdict leaves out: the kernel's run-queue time, never a loop the code blocked itself.
import { expect, it } from "vitest";
import { runQueueMs, starvedBefore, starvedSince, watchStarvation } from "../../lib/src/grading/starvation.js";

it("counts none of a loop the code blocks itself: at most the time it spent queued while it did", async () => {
  const stop = watchStarvation();
  try {
    await new Promise((done) => setTimeout(done, 30)); // a tick or two first
    const queuedBefore = runQueueMs()!;
    const until = performance.now() + 250;
    while (performance.now() < until) {
      // a busy wait: the code's own time
    }
    const queued = runQueueMs()! - queuedBefore;
    expect(starvedBefore()).toBeLessThanOrEqual(Math.ceil(queued) + 20);
  } finally {
    stop();
  }
});

it("credits the lateness of a tick only as far as the kernel says the thread waited on a run queue", () => {
  const since = { at: 1000, queuedMs: 50 };
  // 5 s late, 4.9 s of it queued: a starved machine.
  expect(starvedSince(since, 6010, 4950)).toBe(4900);
  // 5 s late, none of it queued: the code blocked its own loop (a busy wait, a readSync).
  expect(starvedSince(since, 6010, 50)).toBe(0);
  // On time, though queued for a while: no tick was late, nothing to leave out.
  expect(starvedSince(since, 1010, 900)).toBe(0);
});
