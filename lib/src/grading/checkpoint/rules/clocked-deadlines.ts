// deadline-as-given on the grader's own clock (host/virtual-clock.ts), where the grading host gives
// the graded code one: the whole (0, 60 s] a timeout may take is judged in every grading, in
// milliseconds of the timeline, whatever the machine's load. Each seed draws a deadline under a
// second, one with a fraction of a millisecond, one above 10 s (its server silent), the bound of 60 s itself, and one
// for the handshake; each session's server (one the grader plays, host/clocked-peer.ts) hangs on
// one request and meanwhile sends a seeded mix of pings, notifications, requests of its own and a
// message trickled in pieces, each gap shorter than the deadline: a timer restarted by anything
// that arrives never fires by the judged end. A client that keeps time another way (a socket
// timeout, spawn's timeout, a Worker: nothing of it on the timeline) is judged on real time.
import { seededInt } from "../../trials/seeded.js";
import { stallsDuring, type Stall } from "../../trials/stall.js";
import { showError } from "./expect.js";
import { ClientSession, type Timed } from "./client-session.js";
import { failRule, type ProbeAnswer, type RuleContext } from "./types.js";
import type { ClockedScript, TimedMethod, WaitEvent } from "../host/clocked-peer.js";
import { readRecord } from "./server-records.js";
import { CLOCK_ROUTES } from "../host/clock-routes.js";

/** A server's script that hangs on one request. */
type HungScript = ClockedScript & { readonly hangOn: TimedMethod };

/** One session: its deadline, the request its server never answers, what the server sends meanwhile. */
export interface ClockedTrial {
  readonly timeoutMs: number;
  readonly script: HungScript;
}

/** The chapter's bound on a timeout (0 < timeout <= 60 s), itself drawn in every grading. */
const BOUND_MS = 60_000;

/** How much earlier than its deadline a refusal may come on the timeline: a fraction of a ms rounded down. */
export const TIMELINE_EARLY_MS = 1;

/**
 * The latest a refusal may come on the timeline: a fraction rounded up, and a tenth of the deadline
 * for work a client does on its way to the refusal. No load stretches it: the timeline waits for
 * the machine. A deadline raised to 1 s, or a 60 s one cut to 10 s, is far outside.
 */
export function timelineLatest(timeoutMs: number): number {
  return timeoutMs + 1 + timeoutMs / 10;
}

/** The operations a session bounds, each hung in turn: the handshake, discovery, a tool call. */
export const TIMED_OPERATIONS: readonly TimedMethod[] = ["initialize", "tools/list", "tools/call"];

/**
 * How long before its deadline each operation ahead of the hung one is answered: a deadline shorter
 * than the one given (a clamp, a budget kept for the session) refuses it. Under 3 ms, at once.
 */
const ANSWERED_AHEAD_MS = 2;

/** When the operations ahead of the hung one are answered, for a deadline of `timeoutMs`. */
export function answerAfterMs(timeoutMs: number): number {
  return Math.max(0, Math.floor(timeoutMs) - ANSWERED_AHEAD_MS);
}

const WAIT_EVENTS: readonly WaitEvent[] = ["ping", "notification", "request", "trickle"];

/**
 * The server's sends while a request with deadline `timeoutMs` waits: gaps of a quarter to a third
 * of it, past the judged end, a trickled message's pieces a third of a gap apart (so a message
 * stays incomplete for most of a gap, and every piece is news).
 */
function waitScript(seed: number, label: string, timeoutMs: number, hangOn: TimedMethod): HungScript {
  const gap = (timeoutMs * seededInt(seed, `${label}:gap`, 250, 333)) / 1000;
  const count = Math.ceil(timelineLatest(timeoutMs) / gap) + 1;
  const first = seededInt(seed, `${label}:first`, 0, WAIT_EVENTS.length - 1);
  // A step of 1 or 3 through the four kinds: every kind comes within any four events in a row.
  const step = seededInt(seed, `${label}:step`, 0, 1) === 0 ? 1 : 3;
  return {
    hangOn,
    answerAfterMs: answerAfterMs(timeoutMs),
    during: spaced(count, gap, (index) => WAIT_EVENTS[(first + index * step) % WAIT_EVENTS.length]!),
    trickleGapMs: Math.max(1, Math.floor(gap / 3)),
  };
}

/** `count` events `gap` apart, in whole ms as timers count (the timeline then never stands a fraction past one). */
function spaced(count: number, gap: number, kind: (index: number) => WaitEvent): ClockedScript["during"] {
  return Array.from({ length: count }, (_, index) => ({ afterMs: Math.ceil((index + 1) * gap), send: kind(index) }));
}

/**
 * deadline-as-given's sessions for a seed: deadlines across (0, 60 s], fractions and the bound
 * included, each hanging one operation, the operation turning with the seed so that each is hung
 * in every grading and meets every kind of deadline over the seeds. The last is drawn from 3 ms: the
 * operations before a hung one are then answered on the timeline, where the client's timers show.
 */
export function clockedTrials(seed: number): ClockedTrial[] {
  // The long one's server sends nothing while it waits: silence is in the mix too, and a deadline
  // stretched until something arrives shows only there.
  const drawn: Array<{ timeoutMs: number; silent?: true }> = [
    { timeoutMs: seededInt(seed, "clocked-sub-second", 1, 999) + 0.25 },
    { timeoutMs: seededInt(seed, "clocked-fraction", 1000, 9999) + 0.5 },
    { timeoutMs: seededInt(seed, "clocked-long", 10_001, BOUND_MS - 1), silent: true },
    { timeoutMs: BOUND_MS },
    { timeoutMs: seededInt(seed, "clocked-anywhere", 3, BOUND_MS) },
  ];
  return drawn.map(({ timeoutMs, silent }, index) => {
    const hangOn = TIMED_OPERATIONS[(index + seed) % TIMED_OPERATIONS.length]!;
    return {
      timeoutMs,
      script: silent
        ? { hangOn, answerAfterMs: answerAfterMs(timeoutMs), during: [] }
        : waitScript(seed, `clocked-${index}`, timeoutMs, hangOn),
    };
  });
}

/**
 * deadline-per-operation's sessions for a seed: each operation hung twice, once while its own
 * answer comes a byte at a time (never ending) and once while notifications drip in, each gap an
 * eighth to a sixth of the deadline (never more than sixteen messages: the bound on skipped ones
 * stays out of it), a timer started afresh at each read never fires. The deadlines turn with the
 * seed through four kinds across (0, 60 s]: under a second with three quarters of a ms, 1 to 10 s
 * with a half, 10 to 60 s, and 60 s itself, so each grading has every kind.
 */
export function perOperationTrials(seed: number): ClockedTrial[] {
  const kinds = [
    (label: string) => seededInt(seed, `${label}:sub-second`, 3, 999) + 0.75,
    (label: string) => seededInt(seed, `${label}:fraction`, 1000, 9999) + 0.5,
    (label: string) => seededInt(seed, `${label}:long`, 10_001, BOUND_MS - 1),
    () => BOUND_MS,
  ];
  return Array.from({ length: 2 * TIMED_OPERATIONS.length }, (_, index) => {
    const label = `per-operation-${index}`;
    const hangOn = TIMED_OPERATIONS[index % TIMED_OPERATIONS.length]!;
    const timeoutMs = kinds[(index + seed) % kinds.length]!(label);
    const gap = (timeoutMs * seededInt(seed, `${label}:gap`, 125, 166)) / 1000;
    const kind: WaitEvent = index < TIMED_OPERATIONS.length ? "answer-byte" : "notification";
    const count = Math.ceil(timelineLatest(timeoutMs) / gap) + 1;
    return {
      timeoutMs,
      script: { hangOn, answerAfterMs: answerAfterMs(timeoutMs), during: spaced(count, gap, () => kind) },
    };
  });
}

/** What the report says the grader's clock covers: the routes a client's time on it may come by. */
const OWNED_ROUTES = `the grader's clock owns ${CLOCK_ROUTES.join(", ")}; a client keeping time another way is judged on real time`;

/** The pause on the timeline between discovery and the hung call: a budget kept for the whole session has spent it. */
const PAUSE_MS = 500;

/** Room above the judged end for the grader's own wait on real time, for a client judged on it. */
const REAL_ROOM_MS = 6000;

/** What is wrong with how a request with deadline `timeoutMs` ended `elapsedMs` after it began on the timeline, if anything. */
export function timelineFinding(
  what: string,
  timeoutMs: number,
  answer: ProbeAnswer,
  elapsedMs: number,
): string | undefined {
  if (answer.ok) return `${what} returned a result`;
  if (answer.error.name !== "DeadlineError") return `${what} threw ${showError(answer.error)}, not DeadlineError`;
  const shown = Math.round(elapsedMs * 100) / 100;
  if (elapsedMs < timeoutMs - TIMELINE_EARLY_MS)
    return `${what} ended ${shown} ms after it began on the grader's clock, before its deadline (a budget counted from an earlier operation, a fixed one, or one cut short?)`;
  if (elapsedMs > timelineLatest(timeoutMs))
    return `${what} ended ${shown} ms after it began on the grader's clock, later than ${timelineLatest(timeoutMs)} ms (a deadline raised, or stretched?)`;
  return undefined;
}

type Clock = NonNullable<RuleContext["clock"]>;

/** How a request that ended on real time is judged (deadline-rules.ts's hungCallFinding, today's margins). */
export type RealTimeFinding = (
  timeoutMs: number,
  answer: ProbeAnswer,
  ms: number,
  stalls: readonly Stall[],
) => string | undefined;

/**
 * The longest deadline judged on real time, for a client with nothing on the timeline: the range a
 * grading drew before the grader owned the clock. A longer one is left unjudged for such a client
 * (a grading cannot wait a minute a session), and the verdict says so.
 */
const REAL_TIME_LIMIT_MS = 8000;

/** The steps of a session up to its hung request: the probe's calls, and the pause before a tool call. */
const STEPS: Readonly<Record<TimedMethod, ReadonlyArray<"initialize" | "listTools" | "pause" | "callTool">>> = {
  initialize: ["initialize"],
  "tools/list": ["initialize", "listTools"],
  "tools/call": ["initialize", "listTools", "pause", "callTool"],
};

const ARGS = { initialize: [], listTools: [], callTool: ["word_count", { text: "one two" }] } as const;

/** When the server began never answering its hung request, on the timeline, if it has. */
function hungAt(client: ClientSession): number | undefined {
  return readRecord(client.server.recordFile).find((entry) => entry.event === "hung")?.at;
}

/** What one session's hung request is called in a finding. */
function describe({ timeoutMs, script }: ClockedTrial): string {
  const sends = [...new Set(script.during.map((each) => each.send))].join(", ") || "nothing";
  const ahead =
    STEPS[script.hangOn].length > 1
      ? `, each operation before it answered ${script.answerAfterMs ?? 0} ms after it was asked`
      : "";
  return `timeoutMs ${timeoutMs}: ${script.hangOn} against a server that never answers it (sending ${sends} meanwhile${ahead})`;
}

/**
 * One session, judged: the operations before the hung one must succeed (each answered just inside
 * its deadline), and the hung one must end in DeadlineError at its deadline, counted from when it
 * reached the server, on the timeline (or on real time, for a client that keeps it another way).
 * A build notebook's connect lists the tools too: its initialize() then holds the hung tools/list.
 */
async function judgeSession(
  context: RuleContext,
  clock: Clock,
  client: ClientSession,
  trial: ClockedTrial,
  realTime: RealTimeFinding,
): Promise<{ finding?: string; unjudged?: true }> {
  const { timeoutMs, script } = trial;
  const what = describe(trial);
  const steps = STEPS[script.hangOn];
  // Nothing of the session is due past it: every operation's answer, the pause, the judged end.
  clock.driver.setHorizon(clock.driver.now() + steps.length * timeoutMs + PAUSE_MS + timelineLatest(timeoutMs));
  // A client that has had a timer on the timeline in this session keeps its deadlines there: its
  // hung request waiting with nothing on the timeline has no deadline, and is not a client keeping
  // time another way (a socket timeout, spawn's timeout, a Worker), which real time judges.
  const timedBefore = clock.driver.timersSeen();
  const keptOnTheClock = (): boolean => clock.driver.timersSeen() > timedBefore;
  try {
    for (const step of steps) {
      if (step === "pause") {
        await context.ask({ op: "clock.sleep", ms: PAUSE_MS });
        continue;
      }
      const bound = 2 * Math.min(timeoutMs, REAL_TIME_LIMIT_MS) + 3000 + REAL_ROOM_MS;
      const { value: outcome, stalls } = await stallsDuring(async (): Promise<Timed | "past" | "unjudged"> => {
        const asked = client.call(step, ARGS[step], bound);
        const first = await Promise.race([asked, clock.driver.quiet()]);
        if ("answer" in first) return first;
        // Quiet on the timeline with the request still waiting: the client's next timer lies beyond
        // the judged end, or nothing of it is on the timeline (then real time judges, where it can).
        if (first.next !== null || keptOnTheClock()) return "past";
        return timeoutMs <= REAL_TIME_LIMIT_MS ? asked : "unjudged";
      });
      const hung = hungAt(client);
      if (hung === undefined) {
        // An operation the server answered inside its deadline.
        if (outcome === "past" || outcome === "unjudged")
          return { finding: `${what}: ${step}() was still waiting though its answer came inside the deadline` };
        if (!outcome.answer.ok)
          return {
            finding: `${what}: ${step}() threw ${showError(outcome.answer.error)}, though its answer came ${script.answerAfterMs ?? 0} ms after it was asked, inside its ${timeoutMs} ms deadline (a deadline shorter than the one given, or one kept for the whole session?)`,
          };
        continue;
      }
      if (outcome === "unjudged") return { unjudged: true };
      if (outcome === "past")
        return {
          finding: `${what} was still waiting ${Math.round(timelineLatest(timeoutMs))} ms after it reached the server on the grader's clock (a deadline restarted by what the server sent, raised, or never set?)`,
        };
      const { answer, ms } = outcome;
      const virtual = answer.virtual;
      // The server's events move the timeline for any client: only one with a timer on it keeps time there.
      const finding =
        virtual !== undefined && virtual.advances > 0 && keptOnTheClock()
          ? timelineFinding(what, timeoutMs, answer, virtual.toMs - hung)
          : realTime(timeoutMs, answer, ms, stalls);
      return finding === undefined ? {} : { finding };
    }
    return { finding: `${what}: the client never sent ${script.hangOn}` };
  } finally {
    clock.driver.setHorizon(undefined);
  }
}

/** Every session of `trials` on one timeline; fails the rule with what went wrong. */
export async function clockedDeadlines(
  context: RuleContext,
  clock: Clock,
  realTime: RealTimeFinding,
  trials: readonly ClockedTrial[],
): Promise<string> {
  // Opened side by side, so the relays start (on real time) together; judged one after another.
  const opened = await Promise.allSettled(
    trials.map((trial, index) =>
      ClientSession.open(context, clock.server(trial.script, { subdir: `clocked-${index}` }), {
        allowed: ["word_count"],
        timeoutMs: trial.timeoutMs,
      }),
    ),
  );
  const clients = opened.flatMap((each) => (each.status === "fulfilled" ? [each.value] : []));
  const wrong: string[] = [];
  const unjudged: number[] = [];
  const closed = new Set<ClientSession>();
  try {
    const refused = opened.find((each): each is PromiseRejectedResult => each.status === "rejected");
    if (refused !== undefined) throw refused.reason;
    // Each closed once judged, while the others stand idle: one relay leaving at a time.
    for (const [index, trial] of trials.entries()) {
      const client = clients[index]!;
      const { finding, unjudged: left } = await judgeSession(context, clock, client, trial, realTime).finally(() =>
        client.close().then(() => closed.add(client)),
      );
      if (finding !== undefined) wrong.push(finding);
      if (left) unjudged.push(trial.timeoutMs);
    }
  } finally {
    await Promise.all(clients.filter((client) => !closed.has(client)).map((client) => client.close()));
  }
  const deadlines = trials.map((trial) => `${trial.timeoutMs} (${trial.script.hangOn})`);
  if (wrong.length > 0)
    failRule(
      `${wrong.length} of ${trials.length} sessions on the grader's clock, each with its own timeout (${deadlines.join(", ")} ms)`,
      `DeadlineError at the deadline, no earlier than ${TIMELINE_EARLY_MS} ms before it and no later than a tenth of it and 1 ms after it, and every operation before it answered (${OWNED_ROUTES})`,
      wrong.join("; "),
    );
  const left =
    unjudged.length === 0
      ? ""
      : ` (the client keeps time off the grader's clock: ${unjudged.join(", ")} ms, above ${REAL_TIME_LIMIT_MS} ms, were not judged on real time)`;
  return `deadlines of ${deadlines.join(", ")} ms each held on the grader's clock${left}; ${OWNED_ROUTES}`;
}
