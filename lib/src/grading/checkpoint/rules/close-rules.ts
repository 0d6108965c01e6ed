// close() against servers that do not leave when their input ends: one that leaves on SIGTERM with
// status 0, one that SIGTERM's default action ends, one that ignores SIGTERM until SIGKILL. Stated
// as the chapter's property over every way a server may stay (the mode table's shutdown column):
// a server still there after the grace gets SIGTERM before SIGKILL, close() returns how the process
// it started really ended, and a second after close() returns no process of the group is alive.
// (That the input ends first is close-eof-first's to judge, against a server that leaves then.)
//
// close()'s value is compared with how the process it started really ended, as the host saw it
// (answer.inputEndedChildEnd, the evidence close-eof-first reads too), and that ending with what
// each way of staying allows after SIGTERM first, not with a record: in a relayed
// session the process the client started is the relay, which meets SIGTERM as the server's mode
// does, and a SIGTERM the relay catches acts only once it runs, so a SIGKILL sent at once (no
// pause is the learner's choice) can end it first. SIGTERM's default action is the exception: the
// kernel ends the process as the signal is sent, so the server that leaves SIGTERM uncaught tells
// a close() that sent SIGTERM first (it returns SIGTERM) from one that only killed (SIGKILL).
import { setTimeout as sleep } from "node:timers/promises";
import { constants } from "node:os";
import { FREE_CHOICES } from "./free-choices.js";
import { showError } from "./expect.js";
import { liveInGroup, serverPid } from "./server-records.js";
import { SESSION_PIECES } from "./rule-pieces.js";
import { ClientSession } from "./client-session.js";
import { settledInOrder } from "./settled.js";
import { failRule, type ObservedRule, type Rule, type RuleContext } from "./types.js";
import { showWire } from "./wire.js";
import { TEACHING_MODES, type Shutdown } from "../../../server-build/teaching-modes.js";

const CLIENT = "learner/src/client.ts";

/** Every mode whose server stays after its input ends, with what SIGTERM does to it. */
export const STAYING_MODES: ReadonlyArray<{ readonly mode: string; readonly sigterm: Shutdown["sigterm"] }> =
  TEACHING_MODES.flatMap(({ mode, shutdown }) =>
    shutdown?.eof === "stays" ? [{ mode, sigterm: shutdown.sigterm }] : [],
  );

/** How long after close() returns the group may take to empty: zombies aside, nothing may be alive then. */
export const GROUP_EMPTY_AFTER_MS = 1000;

/** The bound on one close(): the chapter's grace (1 s), SIGTERM's pause, and a wait for the status, with room. */
const CLOSE_BOUND_MS = 15_000;

/**
 * The statuses a correct close() may return for a server that stays and meets SIGTERM as `sigterm`
 * says, with what they mean: each a code, or a signal by name (Python's negative number is checked
 * by sameStatus).
 */
export function statusesFor(sigterm: Shutdown["sigterm"]): {
  readonly statuses: readonly (number | string)[];
  readonly why: string;
} {
  switch (sigterm) {
    case "default":
      return {
        statuses: ["SIGTERM"],
        why: "SIGTERM: this server leaves it uncaught, so it dies of it as it is sent, whatever follows (SIGKILL means no SIGTERM came first)",
      };
    case "ignored":
      return { statuses: ["SIGKILL"], why: "SIGKILL, the only signal that ends this server" };
    case "exits":
      return {
        statuses: [0, "SIGKILL"],
        why: "0 (it leaves on SIGTERM), or SIGKILL if that came before it could leave",
      };
    case "dies":
      return {
        statuses: ["SIGTERM", "SIGKILL"],
        why: "SIGTERM, or SIGKILL if that came before it could die of SIGTERM",
      };
  }
}

/** The ways a waiting parent may write `status`: an exit code as it is, a signal by name or as Python's negative number. */
export function statusSpellings(status: number | string): readonly (number | string)[] {
  const number = typeof status === "string" ? constants.signals[status as keyof typeof constants.signals] : undefined;
  return number === undefined ? [status] : [status, -number];
}

/** Whether `given` is `status` as a waiting parent may write it. */
export function sameStatus(given: unknown, status: number | string): boolean {
  return statusSpellings(status).includes(given as number | string);
}

/** One session against a server that stays: what went wrong, or undefined. */
async function closeOne(
  context: RuleContext,
  { mode, sigterm }: (typeof STAYING_MODES)[number],
): Promise<string | undefined> {
  // A handshake run out of time on a busy machine is set-up, not what is judged: another session.
  const client = await ClientSession.openReady(
    context,
    (attempt) => context.server(mode, { subdir: attempt === 1 ? mode : `${mode}-${attempt}` }),
    { allowed: ["word_count"] },
  );
  const pgid = serverPid(client.server.recordFile);
  const { answer } = await client.close(CLOSE_BOUND_MS);
  const returned = performance.now();
  let alive = pgid === undefined ? [] : liveInGroup(pgid);
  while (alive.length > 0 && performance.now() - returned < GROUP_EMPTY_AFTER_MS) {
    await sleep(20);
    alive = liveInGroup(pgid!);
  }
  if (!answer.ok) return `${mode}: close() threw ${showError(answer.error)}, not the status the server ended with`;
  // How the process close() started really ended, as Node told the host (host/first-signal.ts), as
  // close-eof-first reads it: close() must return that, and that must be an end the mode allows
  // after SIGTERM first (eof-deaf's SIGKILL, say, means no SIGTERM came before it).
  const ended = answer.inputEndedChildEnd;
  const really = ended === undefined ? undefined : (ended.signal ?? ended.code);
  if (really !== undefined && really !== null && !sameStatus(answer.value, really))
    return `${mode}: close() returned ${showWire(answer.value)}, but the process it started ended with ${showWire(really)}`;
  const { statuses, why } = statusesFor(sigterm);
  const judged = really ?? answer.value;
  if (!statuses.some((status) => sameStatus(judged, status)))
    return `${mode}: ${really === undefined || really === null ? "close() returned" : "the process close() started ended with"} ${showWire(judged)}; a close() that sends SIGTERM once the grace is over, then SIGKILL, gets ${why}`;
  if (pgid === undefined) return `${mode}: the server's record holds no pid`;
  if (alive.length > 0)
    return `${mode}: ${alive.length} process(es) of group ${pgid} still alive ${GROUP_EMPTY_AFTER_MS} ms after close() returned (pids ${alive.join(", ")})`;
  return undefined;
}

export const closeWhatStays: ObservedRule = {
  id: "close-what-stays",
  observation: 4,
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
      says: "A server still there after the grace gets SIGTERM, and SIGKILL only after SIGTERM.",
      chapterLines: [496, 497, 505, 506, 507, 527],
    },
    {
      says: "close() returns the server's exit status: its exit code, or the signal that ended it.",
      chapterLines: [497, 498, 511, 514],
    },
    {
      says: "Nothing of the server's process group outlives the client (looked at a second after close() returns).",
      chapterLines: [26, 381, 418, 527, 643],
    },
  ],
  freeChoices: [
    FREE_CHOICES.signalAsNumber,
    FREE_CHOICES.longerGrace,
    FREE_CHOICES.shorterGrace,
    FREE_CHOICES.longerPause,
    FREE_CHOICES.noPause,
    FREE_CHOICES.waitsForLeader,
  ],
  body: async (context) => {
    // One server at a time: the host tells each close() how the child whose input it ended really
    // ended, and with three closes at once in one host, another session's child can be the first.
    const findings = await settledInOrder(STAYING_MODES, 1, (staying) => closeOne(context, staying));
    const wrong = findings.filter((finding): finding is string => finding !== undefined);
    if (wrong.length > 0)
      failRule(
        `close() of ${wrong.length} of ${STAYING_MODES.length} servers that stay after their input ends`,
        "SIGTERM once the grace is over, SIGKILL only after it; the status the server really ended with; its group empty a second later",
        wrong.join("; "),
      );
    return `${STAYING_MODES.map(({ mode }) => mode).join(", ")}: each ended, its status returned`;
  },
};
