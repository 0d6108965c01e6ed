// The one bound every probe and rule waits under (grading/trials/harness.ts): it ends a hung piece
// of work, and it never wins a race the work won while this process's event loop stood still.
import { execFile } from "node:child_process";
import { expect, it } from "vitest";
import { bounded } from "../../lib/src/grading/trials/harness.js";

/** Holds this process's event loop for `ms`, as a synchronous compile or a starved machine does. */
function standStill(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

it("ends work that never settles, with the error it is given", async () => {
  const started = performance.now();
  await expect(
    bounded(
      150,
      () => new Promise(() => undefined),
      () => new Error("no outcome"),
    ),
  ).rejects.toThrow("no outcome");
  expect(performance.now() - started).toBeGreaterThanOrEqual(140);
});

it("gives work that finished while the loop stood still its outcome, though its timer is long past due", async () => {
  // A child's exit comes as I/O, which Node reads after the timers that fell due meanwhile.
  const exited = bounded(
    200,
    () => new Promise<string>((resolve) => execFile("true", () => resolve("exited"))),
    () => new Error("bound"),
  );
  standStill(2500);
  await expect(exited).resolves.toBe("exited");
});

it("waits again the time the work's processes stood waiting for a CPU, and falls once that is spent", async () => {
  // A meter that says the work waited for a CPU all the while, as on a machine far busier than its cores.
  const started = performance.now();
  const starved = (): number => performance.now() - started;
  const slow = bounded(
    150,
    () => new Promise<string>((resolve) => setTimeout(() => resolve("done"), 450)),
    () => new Error("bound"),
    starved,
  );
  await expect(slow).resolves.toBe("done");
  // Owed ever more, the bound still falls: at most six times its length in all.
  const hung = bounded(
    150,
    () => new Promise(() => undefined),
    () => new Error("bound"),
    () => Number.POSITIVE_INFINITY,
  );
  const from = performance.now();
  await expect(hung).rejects.toThrow("bound");
  expect(performance.now() - from).toBeGreaterThanOrEqual(6 * 150 - 10);
});
