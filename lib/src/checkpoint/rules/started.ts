// Starting Node takes seconds on a busy machine, and a client's deadline (a second, or five) is no
// bound on that: a rule that judges what happens after the handshake begins it once the process
// the client started is running, which its record says (the teaching server's own start, or, when
// relayed, the grader's reading of the relay). Waiting for that is no retry: nothing judged has begun.
import { setTimeout as sleep } from "node:timers/promises";
import { serverPid } from "./evidence.js";
import { failRule } from "./types.js";

/** How long the process a client started may take to run, on a busy machine. */
export const START_BOUND_MS = 20_000;

/** Waits until the server's record holds its start (the process the client started is running). */
export async function startedWithin(recordFile: string, boundMs = START_BOUND_MS): Promise<void> {
  const until = performance.now() + boundMs;
  while (serverPid(recordFile) === undefined) {
    if (performance.now() > until)
      failRule("the server the client started", `running within ${boundMs} ms`, "no sign of it");
    await sleep(20);
  }
}
