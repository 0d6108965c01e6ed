// The stall guard of timed trials: a trial during which the event loop stood still is run again.
import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { stallDuring, stallsDuring, withoutStall } from "../../lib/src/grading/trials/stall.js";

function blockFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // a synchronous compile, as a notebook's cells are compiled beside a running check
  }
}

it("measures a synchronous block as a stall, and an await as none", async () => {
  const blocked = await stallDuring(async () => {
    await sleep(30);
    blockFor(300);
    await sleep(30);
    return "blocked";
  });
  expect(blocked.value).toBe("blocked");
  expect(blocked.stalledMs).toBeGreaterThanOrEqual(250);
  // Only a lower bound is sure on a shared machine; a quiet await must at least not look like the block.
  const waited = await stallDuring(() => sleep(300));
  expect(waited.stalledMs).toBeLessThan(blocked.stalledMs);
});

it("runs a stalled trial again and gives the first outcome without a stall", async () => {
  // Each trial's own longest wait between two of its steps: a busy machine may stall a trial that
  // blocks nothing (CI's Node 22 quick tier once stalled trial 3), and that one runs again too.
  const longestGaps: number[] = [];
  const value = await withoutStall(
    200,
    async () => {
      const run = longestGaps.length + 1;
      let last = performance.now();
      let longest = 0;
      const step = (): void => {
        longest = Math.max(longest, performance.now() - last);
        last = performance.now();
      };
      await sleep(20);
      step();
      if (run < 3) blockFor(300);
      await sleep(20);
      step();
      longestGaps.push(longest);
      return run;
    },
    5,
  );
  // The two blocked trials ran again; a later one only after a gap of its own; the one given is the last run.
  expect(value).toBeGreaterThanOrEqual(3);
  expect(longestGaps).toHaveLength(value);
  const unblockedReruns = longestGaps.slice(2, -1).filter((gap) => gap < 150);
  expect(unblockedReruns, "trials run again without a stall").toEqual([]);
});

it("gives the last outcome once its tries are spent, however long the stalls", async () => {
  let runs = 0;
  const value = await withoutStall(
    100,
    async () => {
      runs += 1;
      await sleep(10);
      blockFor(200);
      await sleep(10);
      return runs;
    },
    2,
  );
  expect(value).toBe(2);
  expect(runs).toBe(2);
});

it("says when the loop stood still: a block in the middle is a stall that starts after the first wait", async () => {
  const { value, stalls } = await stallsDuring(async () => {
    await sleep(200);
    blockFor(300);
    await sleep(50);
    return "done";
  });
  expect(value).toBe("done");
  const long = stalls.filter((stall) => stall.to - stall.from >= 250);
  expect(long).toHaveLength(1);
  // Only lower bounds are sure on a shared machine: it began no sooner than the first wait ended.
  expect(long[0]!.from).toBeGreaterThanOrEqual(150);
  expect(long[0]!.to).toBeGreaterThanOrEqual(long[0]!.from + 250);
});
