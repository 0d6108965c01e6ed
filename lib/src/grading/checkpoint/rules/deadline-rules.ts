// Deadlines as the learner gives them. The chapter bounds a timeout at 0 < timeout <= 60 s and gives
// every operation one deadline of that length. Drawn per seed from 1 to 8 s (one of them at least
// 5 s, where a client that quietly stretches long timeouts shows it), each deadline is handed to a
// session whose call to a hung tool, made half a second after discovery, must end in DeadlineError
// at that deadline: not earlier (a budget kept for the whole session, or a fixed one), not much
// later (a stretched or ignored one). The handshake is set-up, as in deadline-per-operation: one
// run out on a busy machine gives a new session (openReady); the call is judged once.
//
// The margins come from the chapter's bounds, not from retries. A wait on a hung server uses no
// CPU, so what load adds to a refusal is the few wake-ups at its end, never the deadline itself: a
// refusal may run as late as the deadline again plus LATE_MS, by the grader's clock. The one thing
// credited beside it is the longest time the grader's own event loop stood still during the call:
// the grader could not see the refusal then (and graded in the same process, the client's timer
// could not fire either; CI saw a 2 s deadline end at 7061 ms beside a synchronous compile). The
// host's whole wait for a CPU over a call of many seconds is not credited: far more than those
// wake-ups, it let a client that tripled a 5.5 s deadline pass on a busy machine and fail alone.
// The bound is far inside the chapter's 60 s, where a stretched timeout ends, and
// "never", where a timer restarted on every read ends. Early is judged tightly: load only ever
// makes things later.
import { seededInt } from "../../trials/seeded.js";
import { stallsDuring, type Stall } from "../../trials/stall.js";
import { FREE_CHOICES } from "./free-choices.js";
import { showError } from "./expect.js";
import { CALL_PIECES } from "./rule-pieces.js";
import { ClientSession } from "./client-session.js";
import { settledInOrder } from "./settled.js";
import { clockedDeadlines, clockedTrials } from "./clocked-deadlines.js";
import { failRule, type ProbeAnswer, type ObservedRule, type Rule, type RuleContext } from "./types.js";
import { setTimeout as sleep } from "node:timers/promises";

const CLIENT = "learner/src/client.ts";

/** The range deadlines are drawn from, in ms: the chapter's default (5 s) lies inside it. */
export const DRAWN_DEADLINE_MS = { low: 1000, high: 8000 } as const;
/** At least one drawn deadline is this long or longer: where a stretched long timeout shows. */
export const LONG_DEADLINE_MS = 5000;
/**
 * The floor the long deadline is drawn from when none was this long: far enough above the chapter's
 * default 5 s that a client ignoring the option ends too early at every seed (at 5.0 to 5.05 s, the
 * early margin hid it).
 */
const LONG_FLOOR_MS = 5500;
/** How many sessions, each with a deadline of its own. */
const DRAWN_COUNT = 3;

/** How much later than twice its deadline a refusal may be seen: the grader's and the host's scheduling. */
export const LATE_MS = 3000;
/** How much earlier it may be seen: a timer may fire a few ms early by the loop's cached clock. */
export const EARLY_MS = 50;

/** The latest a deadline of `timeoutMs` may be seen to end, measured by the grader's clock. */
export function latestEnd(timeoutMs: number): number {
  return 2 * timeoutMs + LATE_MS;
}

/** The pause between discovery and the hung call: a budget kept for the whole session has spent it. */
const PAUSE_MS = 500;

/** This seed's deadlines: DRAWN_COUNT from [1, 8] s, at least one of them 5 s or more. */
export function drawnDeadlines(seed: number): number[] {
  const { low, high } = DRAWN_DEADLINE_MS;
  // Each from its own floor, a second apart, so even the public inputs (seed 0: each at its floor) differ.
  const drawn = Array.from({ length: DRAWN_COUNT }, (_, index) =>
    seededInt(seed, `deadline-${index}`, low + index * 1000, high),
  );
  if (!drawn.some((timeoutMs) => timeoutMs >= LONG_FLOOR_MS))
    drawn[seededInt(seed, "deadline-long-slot", 0, DRAWN_COUNT - 1)] = seededInt(
      seed,
      "deadline-long",
      LONG_FLOOR_MS,
      high,
    );
  return drawn;
}

/** One session with deadline `timeoutMs`: discovery under it, a pause, then a call the server never answers. */
async function hungCall(context: RuleContext, timeoutMs: number, index: number): Promise<string | undefined> {
  const client = await ClientSession.openReady(
    context,
    (attempt) => context.server("hang", { subdir: `deadline-${index}-${attempt}` }),
    { allowed: ["word_count"], timeoutMs },
  );
  try {
    await sleep(PAUSE_MS);
    const latest = latestEnd(timeoutMs);
    const {
      value: { answer, ms },
      stalls,
    } = await stallsDuring(() => client.call("callTool", ["word_count", { text: "one two" }], latest + PROBE_ROOM_MS));
    return hungCallFinding(timeoutMs, answer, ms, stalls);
  } finally {
    await client.close();
  }
}

/** Room above the judged bound for the probe's own wait, so a late refusal is seen and named. */
const PROBE_ROOM_MS = 6000;

/**
 * What is wrong with how a call to a hung server with deadline `timeoutMs` ended after `ms` (the
 * grader's clock): undefined when it ended in DeadlineError inside [deadline, latestEnd]. A stall of
 * the grader's event loop that began by latestEnd moves that end to STALL_RECOVERY_MS after the stall
 * ended: it could hold a correct refusal until then (graded in this process, the client's timer
 * could not fire either, and what waited on the loop runs first when it moves again), and a stall
 * that begins by the end so moved moves it on. A stall that began later excuses nothing.
 */
export function hungCallFinding(
  timeoutMs: number,
  answer: ProbeAnswer,
  ms: number,
  stalls: readonly Stall[] = [],
): string | undefined {
  const what = `timeoutMs ${timeoutMs}: callTool against a server that never answers`;
  if (answer.ok) return `${what} returned a result`;
  if (answer.error.name !== "DeadlineError") return `${what} threw ${showError(answer.error)}, not DeadlineError`;
  if (ms < timeoutMs - EARLY_MS)
    return `${what} ended after ${ms} ms, before its deadline (is the budget counted from an earlier operation, or fixed?)`;
  const latest = latestEnd(timeoutMs);
  const held = heldEnd(latest, stalls);
  if (ms > held)
    return `${what} ended after ${ms} ms, later than ${latest} ms${held > latest ? ` and ${held} ms, ${STALL_RECOVERY_MS} ms after the grader's event loop moved again` : ""}`;
  return undefined;
}

/**
 * How long the grader's event loop may take, once it moves again after a stall, to run what waited
 * on it, a timer that fired during the stall among them: CI saw a 2 s deadline refused 313 ms after
 * a stall that ended at 7,869 ms.
 */
export const STALL_RECOVERY_MS = 1000;

/** The latest end `latest` as stalls move it: each that began by the end so far moves it past its own end. */
function heldEnd(latest: number, stalls: readonly Stall[]): number {
  let held = latest;
  for (const stall of [...stalls].sort((a, b) => a.from - b.from))
    if (stall.from <= held) held = Math.max(held, stall.to + STALL_RECOVERY_MS);
  return Math.round(held);
}

/**
 * The rule over the deadlines `draw` gives for a seed: this file's drawn ones in the checkpoint;
 * `npm run grader:deadlines` hands it long ones (10 to 60 s), too slow for a checkpoint.
 */
export function deadlinesRule(draw: (seed: number) => readonly number[] = drawnDeadlines): ObservedRule {
  return {
    id: "deadline-as-given",
    observation: 3,
    seeded: true,
    title:
      "every operation gets the timeout it was given: a call to a hung server ends in DeadlineError at that deadline, not earlier, not much later",
    points: 2,
    needs: ["StdioClient"],
    pieces: CALL_PIECES,
    dependsOn: [],
    visibility: "visible",
    where: `${CLIENT}: request() (one deadline of options.timeoutMs for each operation, counted from its start, as given)`,
    deadlineMs: Math.max(120_000, ...draw(0).map((timeoutMs) => latestEnd(timeoutMs) + 30_000)),
    // Three sessions that wait on a hung server side by side, beside the lanes.
    waits: true,
    // Graded in a host, on the grader's clock: the whole (0, 60 s] (clocked-deadlines.ts). In place
    // (a check cell's feedback) on real time, with the drawn deadlines above.
    virtualClock: draw === drawnDeadlines,
    demands: [
      {
        says: "Every operation is bounded by the timeout the client was given: one deadline, counted from the operation's start.",
        chapterLines: [26, 383, 391, 392, 454],
      },
      {
        says: "A hung call ends at its deadline with a timeout error, not a result.",
        chapterLines: [442, 443, 580, 590],
      },
      {
        says: "Any timeout with 0 < timeout <= 60 s is taken as given.",
        chapterLines: [401, 405, 407],
      },
    ],
    freeChoices: [FREE_CHOICES.failClosed, FREE_CHOICES.goesOn, FREE_CHOICES.wording],
    body: async (context) => {
      if (context.clock !== undefined && draw === drawnDeadlines)
        return clockedDeadlines(context, context.clock, hungCallFinding, clockedTrials(context.seed));
      const deadlines = draw(context.seed);
      const findings = await settledInOrder(
        deadlines.map((timeoutMs, index) => ({ timeoutMs, index })),
        deadlines.length,
        ({ timeoutMs, index }) => hungCall(context, timeoutMs, index),
      );
      const wrong = findings.filter((finding): finding is string => finding !== undefined);
      if (wrong.length > 0)
        failRule(
          `${wrong.length} of ${deadlines.length} sessions, each with its own timeout (${deadlines.join(", ")} ms)`,
          `DeadlineError from the deadline on, and before twice the deadline plus ${LATE_MS} ms`,
          wrong.join("; "),
        );
      return `deadlines of ${deadlines.join(", ")} ms each held`;
    },
  };
}

export const deadlineAsGiven: ObservedRule = deadlinesRule();
