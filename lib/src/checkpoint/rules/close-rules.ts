// close() against servers that do not leave when their input ends: one that leaves on SIGTERM with
// status 0, one that SIGTERM kills, one that ignores SIGTERM until SIGKILL. Stated as the chapter's
// property over every way a server may stay (the mode table's shutdown column): a server still
// there after the grace gets SIGTERM before anything harsher (that the input ends first is
// close-eof-first's to judge, against a server that leaves then), close()
// returns how the server really ended (its own record says how it left; a server with no word of
// leaving was killed), and a second after close() returns no process of the group is alive. The
// chapter's close waits for the server alone, so nothing more is demanded at the moment it returns.
import { FREE_CHOICES } from "./free-choices.js";
import { setTimeout as sleep } from "node:timers/promises";
import { constants } from "node:os";
import { showError } from "./expect.js";
import { liveInGroup, readRecord, serverPid } from "./evidence.js";
import { SESSION_PIECES } from "./rule-pieces.js";
import { ClientSession } from "./session.js";
import { startedWithin } from "./started.js";
import { settledInOrder } from "./settled.js";
import { failRule, type Rule, type RuleContext } from "./types.js";
import { showWire } from "./wire.js";
import { TEACHING_MODES } from "../../server-build/modes.js";

const CLIENT = "learner/src/client.ts";

/** Every mode whose server stays after its input ends: the ways of staying the property ranges over. */
export const STAYING_MODES: readonly string[] = TEACHING_MODES.filter((entry) => entry.shutdown?.eof === "stays").map(
  (entry) => entry.mode,
);

/** How long after close() returns the group may take to empty: zombies aside, nothing may be alive then. */
export const GROUP_EMPTY_AFTER_MS = 1000;

/** The bound on one close(): the chapter's grace (1 s), SIGTERM's pause, and a wait for the status, with room. */
const CLOSE_BOUND_MS = 15_000;

/** The status a waiting parent sees for a process that left with `status` (a code, or the signal that ended it). */
function sameStatus(given: unknown, status: number | string): boolean {
  if (given === status) return true;
  // Python's Popen writes a signal as its negative number (-15, -9): the chapter's own close() returns that.
  const number = typeof status === "string" ? constants.signals[status as keyof typeof constants.signals] : undefined;
  return number !== undefined && given === -number;
}

/** One session against a server that stays: what went wrong, or undefined. */
async function closeOne(context: RuleContext, mode: string): Promise<string | undefined> {
  const server = context.server(mode, { subdir: mode });
  const client = await ClientSession.open(context, server, { allowed: ["word_count"] });
  await startedWithin(server.recordFile);
  await client.ready();
  const pgid = serverPid(server.recordFile);
  const { answer } = await client.close(CLOSE_BOUND_MS);
  const returned = performance.now();
  let alive = pgid === undefined ? [] : liveInGroup(pgid);
  while (alive.length > 0 && performance.now() - returned < GROUP_EMPTY_AFTER_MS) {
    await sleep(20);
    alive = liveInGroup(pgid!);
  }
  if (!answer.ok) return `${mode}: close() threw ${showError(answer.error)}, not the server's status`;
  const record = readRecord(server.recordFile);
  const events = record
    .filter((entry) => entry.event === "eof" || entry.event === "signal")
    .map((entry) => (entry.event === "eof" ? "end of input" : (entry.signal ?? "a signal")));
  if (!events.includes("SIGTERM"))
    return `${mode}: the server was still there after the grace, and no SIGTERM reached it before it was killed (its record shows [${events.join(", ")}])`;
  // The server writes how it leaves just before it does; one that never said so was killed. One
  // that said so can still be killed on its way out (a SIGKILL sent soon after SIGTERM, which the
  // chapter allows): then SIGKILL is what really ended it, and the kernel's word is the true one.
  const left = record.find((entry) => entry.event === "left")?.status ?? "SIGKILL";
  if (!sameStatus(answer.value, left) && !sameStatus(answer.value, "SIGKILL"))
    return `${mode}: close() returned ${showWire(answer.value)}, but the server ended with ${showWire(left)}`;
  if (pgid === undefined) return `${mode}: the server's record holds no pid`;
  if (alive.length > 0)
    return `${mode}: ${alive.length} process(es) of group ${pgid} still alive ${GROUP_EMPTY_AFTER_MS} ms after close() returned (pids ${alive.join(", ")})`;
  return undefined;
}

export const closeWhatStays: Rule = {
  id: "close-what-stays",
  title:
    "close() ends a server that outlives its input: SIGTERM first, SIGKILL only after it, the status it really ended with, and nothing of its group alive a second later",
  points: 2,
  needs: ["StdioClient"],
  pieces: SESSION_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: close() (end the input, wait the grace, then SIGTERM the group, then SIGKILL; return the exit code or the signal that really ended the server)`,
  deadlineMs: 40_000,
  // Each server waits out a grace and a pause that use no CPU: all of them side by side, beside the lanes.
  waits: true,
  demands: [
    {
      says: "a server still there after the grace gets SIGTERM, then a pause (the chapter waits 50 ms) so it can act on it, and SIGKILL only after that",
      chapterLines: [496, 497, 505, 506, 507, 510, 527],
    },
    {
      says: "close() returns the server's exit status: its exit code, or the signal that ended it",
      chapterLines: [497, 498, 511, 514, 559],
    },
    {
      says: "nothing of the server's process group outlives the client (looked at a second after close() returns)",
      chapterLines: [26, 381, 418, 527, 643],
    },
  ],
  freeChoices: [
    FREE_CHOICES.signalAsNumber,
    FREE_CHOICES.longerGrace,
    FREE_CHOICES.shorterGrace,
    FREE_CHOICES.longerPause,
  ],
  body: async (context) => {
    const findings = await settledInOrder(STAYING_MODES, STAYING_MODES.length, (mode) => closeOne(context, mode));
    const wrong = findings.filter((finding): finding is string => finding !== undefined);
    if (wrong.length > 0)
      failRule(
        `close() of ${wrong.length} of ${STAYING_MODES.length} servers that stay after their input ends`,
        "SIGTERM once the grace is over, SIGKILL only after it; the status the server really ended with; its group empty a second later",
        wrong.join("; "),
      );
    return `${STAYING_MODES.length} servers that stay, each ended as its record says`;
  },
};
