// Check 4: after close(), nothing of the server's process group is alive, not even a grandchild
// that ignores SIGTERM. /proc, not the client, says whether anything of the group is still alive.
import { setTimeout as sleep } from "node:timers/promises";
import { processGroupMembers } from "../client/process-group.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { CLOSE_BOUND_MS } from "./closing.js";
import { fail, type CheckSpec } from "./harness.js";

/** A SIGKILLed process needs a moment before /proc shows it gone; this is that moment, not a grace period. */
const SETTLE_MS = 300;

export const shutdownCheck: CheckSpec = {
  name: "process-group shutdown",
  title: "close() leaves nothing of the server's process group alive, not even a grandchild that ignores SIGTERM",
  deadlineMs: 20_000,
  needs: ["StdioClient"],
  body: async (impl, context) => {
    if (processGroupMembers(process.pid) === undefined) fail("this check reads /proc and needs Linux");
    const client = context.track(new impl.StdioClient(teachingServerCommand("grandchild"), { allowed: ["word_count"], timeoutMs: 5000 }));
    const pgid = client.pid;
    if (pgid === undefined) fail("the client does not expose its server's pid, so its process group cannot be checked");
    // The teaching server answers initialize only once its grandchild ignores SIGTERM.
    await client.initialize();
    const before = processGroupMembers(pgid) ?? [];
    if (before.length < 2) fail(`the server's grandchild never appeared in group ${pgid}, so the check cannot test close()`);
    const started = performance.now();
    const status = await context.within(CLOSE_BOUND_MS, "close()", () => client.close());
    const closeMs = Math.round(performance.now() - started);
    let after = processGroupMembers(pgid) ?? [];
    for (let waited = 0; after.length > 0 && waited < SETTLE_MS; waited += 10) {
      await sleep(10);
      after = processGroupMembers(pgid) ?? [];
    }
    if (after.length > 0) {
      fail(
        `after close() ${after.length} of the ${before.length} processes of group ${pgid} still run (pids ${after.join(", ")}): ` +
          "signal the whole group (kill(-pid)) and follow SIGTERM with SIGKILL",
      );
    }
    return `${before.length} processes before, none after; close() took ${closeMs} ms, exit status ${String(status)}`;
  },
};
