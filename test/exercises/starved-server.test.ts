// Exercise 5's live trial: the learner's function gets a 1 s deadline against the "reverse"
// server, which holds a lone reply for 2 s. Starting that server and the handshake are set-up and
// get a roomy deadline of their own, so a server slow to start on a busy machine does not fail a
// right answer (or give a wrong one the wrong reason).
import { join } from "node:path";
import { expect, it } from "vitest";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";
import { runInFlightTrial, type InFlightOutcome } from "../../lib/src/exercises/ex5-in-flight/check.js";
import { starveEachOnStart } from "../support/starve.js";

/** Longer than the 1 s the whole trial had, set-up included, before the set-up had its own. */
const LATE_START_MS = 1500;

const fixture = (name: string): unknown =>
  (require(join(__dirname, "fixtures", `exercise5-${name}.js`)) as { exercise5: unknown }).exercise5;

it(`a right exercise 5 passes the live trial when the reverse server is stopped for ${LATE_START_MS} ms as it starts`, async () => {
  const watch = starveEachOnStart(["reverse"], LATE_START_MS);
  let outcome: InFlightOutcome;
  try {
    outcome = await runInFlightTrial(fixture("answered"), { command: teachingServerCommand("reverse") });
  } finally {
    expect(watch.stop()).toBe(1);
  }
  expect(outcome).toMatchObject({ answers: ["1", "5"] });
  expect(outcome.error).toBeUndefined();
  // The time reported is the learner's function's own, from its call: the set-up is not in it.
  expect(outcome.ms).toBeLessThan(LATE_START_MS);
}, 30_000);
