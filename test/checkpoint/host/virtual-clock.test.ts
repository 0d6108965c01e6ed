// The virtual clock the host gives graded code: every route on one timeline, timers fired in the
// order they fall due, the timeline moving only when it is moved and only as far as the next timer.
import { createRequire } from "node:module";
import type * as Timers from "node:timers";
import type * as TimersPromises from "node:timers/promises";
import fc from "fast-check";
import { afterEach, expect, it } from "vitest";
import { installVirtualClock, type VirtualClock } from "../../../lib/src/grading/checkpoint/host/virtual-clock.js";

// Graded code is CommonJS and requires the modules: their exports are what the clock replaces.
const require = createRequire(import.meta.url);
const timers = require("node:timers") as typeof Timers;
const timersPromises = require("node:timers/promises") as typeof TimersPromises;

/** Lets every promise a fired timer settled run its continuations (setImmediate is not virtual). */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

let installed: VirtualClock | undefined;
afterEach(() => {
  installed?.uninstall();
  installed = undefined;
});
function install(): VirtualClock {
  installed = installVirtualClock();
  return installed;
}

/** Each route's reading of the time since `install`, in ms. */
function readings(): () => { Date: number } & Record<string, number> {
  const date = Date.now();
  const performanceNow = performance.now();
  const hrtime = process.hrtime.bigint();
  const hrtimePair = process.hrtime();
  return () => ({
    Date: Date.now() - date,
    "performance.now": performance.now() - performanceNow,
    "process.hrtime.bigint": Number(process.hrtime.bigint() - hrtime) / 1e6,
    "process.hrtime": ((): number => {
      const [seconds, nanos] = process.hrtime(hrtimePair);
      return seconds * 1000 + nanos / 1e6;
    })(),
  });
}

const ROUTES = ["setTimeout", "timers.setTimeout", "timers/promises", "AbortSignal.timeout", "setInterval"] as const;
type Route = (typeof ROUTES)[number];

/** Arms one timer of `delay` ms by `route`; `fired` is called with its label each time it fires. */
function arm(route: Route, delay: number, label: string, fired: (label: string) => void): void {
  switch (route) {
    case "setTimeout":
      setTimeout(() => fired(label), delay);
      return;
    case "timers.setTimeout":
      timers.setTimeout(() => fired(label), delay);
      return;
    case "timers/promises":
      void timersPromises.setTimeout(delay).then(() => fired(label));
      return;
    case "AbortSignal.timeout":
      AbortSignal.timeout(delay).addEventListener("abort", () => fired(label));
      return;
    case "setInterval": {
      // Twice, then cleared: an interval falls due again every `delay` ms.
      let times = 0;
      const interval = setInterval(() => {
        times += 1;
        fired(`${label}#${times}`);
        if (times === 2) clearInterval(interval);
      }, delay);
    }
  }
}

/** Moves the clock event by event until no timer is left, settling after each. */
async function runAll(clock: VirtualClock): Promise<void> {
  for (let due = clock.nextDue(); due !== undefined; due = clock.nextDue()) {
    clock.advanceTo(due);
    await settle();
  }
}

it("fires any mix of timers, by every route, in the order they fall due and at their due time", async () => {
  const timer = fc.record({
    route: fc.constantFrom(...ROUTES),
    // The whole (0, 60 s] a deadline may take, fractions included (AbortSignal.timeout takes whole ms).
    delay: fc.oneof(fc.integer({ min: 1, max: 60_000 }), fc.double({ min: 1, max: 60_000, noNaN: true })),
  });
  await fc.assert(
    fc.asyncProperty(fc.array(timer, { minLength: 1, maxLength: 12 }), async (plan) => {
      const clock = install();
      try {
        const fired: Array<{ label: string; at: number }> = [];
        const expected: Array<{ label: string; at: number; order: number }> = [];
        plan.forEach(({ route, delay: drawn }, index) => {
          const delay = route === "AbortSignal.timeout" ? Math.ceil(drawn) : drawn;
          // A fraction fires at the next whole ms, as Node's timer list has it.
          const due = Math.ceil(delay);
          arm(route, delay, String(index), (label) => fired.push({ label, at: clock.now() }));
          if (route === "setInterval")
            expected.push(
              { label: `${index}#1`, at: due, order: index },
              { label: `${index}#2`, at: 2 * due, order: index },
            );
          else expected.push({ label: String(index), at: due, order: index });
        });
        await runAll(clock);
        expect(fired.map((each) => each.at)).toEqual([...fired.map((each) => each.at)].sort((a, b) => a - b));
        expect(new Map(fired.map((each) => [each.label, each.at]))).toEqual(
          new Map(expected.map((each) => [each.label, each.at])),
        );
      } finally {
        installed?.uninstall();
        installed = undefined;
      }
    }),
    { numRuns: 60 },
  );
});

it("moves only when moved, and never past the next timer or backwards", async () => {
  const clock = install();
  const fired: number[] = [];
  setTimeout(() => fired.push(clock.now()), 1000);
  await settle();
  expect(clock.now()).toBe(0);
  expect(clock.nextDue()).toBe(1000);
  clock.advanceTo(400); // an event before the timer (the server's ping): nothing fires
  expect(fired).toEqual([]);
  expect(() => clock.advanceTo(1001)).toThrow(RangeError);
  expect(() => clock.advanceTo(399)).toThrow(RangeError);
  clock.advanceTo(1000);
  expect(fired).toEqual([1000]);
  expect(clock.nextDue()).toBeUndefined();
});

it("shows every route one time, the same as the clock's, at each point it is moved to", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.double({ min: 0, max: 60_000, noNaN: true }), { minLength: 1, maxLength: 8 }),
      async (steps) => {
        const clock = install();
        try {
          const read = readings();
          let to = 0;
          for (const step of steps) {
            to += step;
            clock.advanceTo(to);
            const { Date: date, ...fine } = read();
            // Date counts whole ms (its now is the clock's, floored); the others a fraction of one.
            expect(to - date).toBeGreaterThanOrEqual(0);
            expect(to - date).toBeLessThan(1);
            for (const [route, ms] of Object.entries(fine)) expect([route, ms]).toEqual([route, expect.closeTo(to, 4)]);
            expect(clock.now()).toBeCloseTo(to, 5); // a whole ns
          }
        } finally {
          installed?.uninstall();
          installed = undefined;
        }
      },
    ),
    { numRuns: 40 },
  );
});

it("ends an AbortSignal.timeout with Node's TimeoutError on the timeline, and refuses what Node refuses", async () => {
  const clock = install();
  const signal = AbortSignal.timeout(60_000);
  clock.advanceTo(59_999);
  expect(signal.aborted).toBe(false);
  clock.advanceTo(60_000);
  expect(signal.aborted).toBe(true);
  expect((signal.reason as DOMException).name).toBe("TimeoutError");
  // Node checks the delay as a whole number of ms: the clock keeps its error, so a client that
  // passes 1500.5 fails here as it does on a real clock.
  let real: unknown;
  installed?.uninstall();
  installed = undefined;
  try {
    AbortSignal.timeout(1500.5);
  } catch (error) {
    real = error;
  }
  install();
  expect(() => AbortSignal.timeout(1500.5)).toThrow((real as Error).constructor as ErrorConstructor);
  expect(() => AbortSignal.timeout(1500.5)).toThrow((real as Error).message);
});

it("gives every route its real clock back when uninstalled", () => {
  const before = { setTimeout, Date, timeout: AbortSignal.timeout, promised: timersPromises.setTimeout };
  install().uninstall();
  installed = undefined;
  expect({ setTimeout, Date, timeout: AbortSignal.timeout, promised: timersPromises.setTimeout }).toEqual(before);
  const start = Date.now();
  expect(Math.abs(start - new Date().getTime())).toBeLessThan(1000);
});

it("takes delays as Node's timers do: under 1 ms waits 1 ms, a fraction fires at the next whole ms", async () => {
  const clock = install();
  const fired: Array<[string, number]> = [];
  setTimeout(() => fired.push(["0.5 ms", clock.now()]), 0.5);
  setTimeout(() => fired.push(["0 ms", clock.now()]), 0);
  setTimeout(() => fired.push(["1000.5 ms", clock.now()]), 1000.5);
  await runAll(clock);
  expect(fired).toEqual([
    ["0.5 ms", 1],
    ["0 ms", 1],
    ["1000.5 ms", 1001],
  ]);
  // A client that waits for what is left of its deadline, half a ms at the end, still reaches it.
  const deadline = Date.now() + 1000.5;
  let waits = 0;
  for (let left = deadline - Date.now(); left > 0; left = deadline - Date.now()) {
    waits += 1;
    const waited = new Promise((resolve) => setTimeout(resolve, left));
    clock.advanceTo(clock.nextDue()!);
    await waited;
  }
  expect(waits).toBeLessThanOrEqual(2);
});
