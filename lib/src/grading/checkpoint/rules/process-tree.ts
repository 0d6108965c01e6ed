// close-group's two sessions. A grandchild that ignores SIGTERM: nothing of the group is alive after
// close(). And the process tree: a server whose group holds members beside it, each ended by
// SIGTERM's default action, and a witness outside the group that saw what ended each
// (server/src/family.ts). The kernel ends such a member as SIGTERM is sent, so SIGTERM is what
// ended it whenever SIGTERM reached it before SIGKILL, however short the pause between the two
// (the chapter leaves it free): a member ended by SIGKILL never got SIGTERM first. Caught: a
// close() that sends SIGTERM to the leader's pid alone, then SIGKILL to the group.
import { setTimeout as sleep } from "node:timers/promises";
import { ClientSession } from "./client-session.js";
import { showError } from "./expect.js";
import { showWire } from "./wire.js";
import { liveInGroup, memberEnds, serverPid } from "./server-records.js";
import { failRule, type RuleContext } from "./types.js";

/** A SIGKILLed process needs a moment before /proc shows it gone. */
const SETTLE_MS = 400;

/** A grandchild that ignores SIGTERM: close() leaves nothing of the group alive, and returns the status. */
export async function endsTheGrandchild(context: RuleContext): Promise<string> {
  // A handshake run out of time on a busy machine is not what this rule judges: another session.
  const client = await ClientSession.openReady(
    context,
    (attempt) => context.server("grandchild", attempt === 1 ? {} : { subdir: `grandchild-${attempt}` }),
    { allowed: ["word_count"] },
  );
  const { server } = client;
  const pgid = serverPid(server.recordFile);
  if (pgid === undefined) failRule("the server's record", "its pid", "none");
  const before = liveInGroup(pgid);
  if (before.length < 2)
    failRule(
      `process group ${pgid} after the handshake`,
      "the server and its grandchild",
      `${before.length} process(es): the server was not started in a group of its own (detached: true)`,
    );
  const { answer, ms } = await client.close(10_000);
  let after = liveInGroup(pgid);
  for (let waited = 0; after.length > 0 && waited < SETTLE_MS; waited += 20) {
    await sleep(20);
    after = liveInGroup(pgid);
  }
  if (after.length > 0)
    failRule(
      `process group ${pgid} after close()`,
      "no live process",
      `${after.length} of ${before.length} still alive (pids ${after.join(", ")})`,
    );
  if (!answer.ok) failRule("close()", "the server's exit status", `it threw ${showError(answer.error)}`);
  if (!(typeof answer.value === "number" || (typeof answer.value === "string" && /^SIG[A-Z]+$/u.test(answer.value))))
    failRule("close()'s return value", "the exit code or the signal that ended the server", showWire(answer.value));
  return `${before.length} processes before, none after, close() ${ms} ms`;
}

/** How many members the server's group holds beside it. */
export const FAMILY_SIZE = 3;
/** How long after close() the group may take to empty, and the witness to say what ended each member. */
const WORD_WITHIN_MS = 5000;

/** One session against a server with a family: close(), then every member must have met SIGTERM before SIGKILL. */
export async function sigtermReachesTheGroup(context: RuleContext): Promise<string> {
  const client = await ClientSession.openReady(
    context,
    (attempt) => context.server("normal", { subdir: `family-${attempt}`, family: FAMILY_SIZE }),
    { allowed: ["word_count"] },
  );
  const { server } = client;
  const pgid = serverPid(server.recordFile);
  if (pgid === undefined) failRule("the server's record", "its pid", "none");
  const before = liveInGroup(pgid).length;
  const { answer } = await client.close(10_000);
  await server.settled();
  const started = performance.now();
  let ends = memberEnds(server.recordFile);
  while ((ends.size < FAMILY_SIZE || liveInGroup(pgid).length > 0) && performance.now() - started < WORD_WITHIN_MS) {
    await sleep(20);
    ends = memberEnds(server.recordFile);
  }
  if (!answer.ok) failRule("close()", "the server's exit status", `it threw ${showError(answer.error)}`);
  const alive = liveInGroup(pgid);
  if (alive.length > 0)
    failRule(
      `process group ${pgid} after close()`,
      "no live process",
      `${alive.length} of ${before} still alive (pids ${alive.join(", ")})`,
    );
  const notByTerm = [...ends].filter(([, ended]) => ended !== "SIGTERM");
  if (ends.size < FAMILY_SIZE || notByTerm.length > 0)
    failRule(
      `the ${FAMILY_SIZE} members of the server's process group, each ended by SIGTERM's default action, after close()`,
      "each ended by SIGTERM: SIGTERM reached the whole group before SIGKILL",
      [
        ...notByTerm.map(([member, ended]) => `member ${member} ended by ${ended}`),
        ...(ends.size < FAMILY_SIZE ? [`no word on ${FAMILY_SIZE - ends.size} member(s)`] : []),
      ].join("; "),
    );
  return `${FAMILY_SIZE} members beside the server each ended by SIGTERM`;
}
