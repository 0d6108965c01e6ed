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
