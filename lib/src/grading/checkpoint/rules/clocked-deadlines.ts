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
import type { ClockedScript, WaitEvent } from "../host/clocked-peer.js";
import { CLOCK_ROUTES } from "../host/clock-routes.js";

/** One session: its deadline, the request its server never answers, what the server sends meanwhile. */
export interface ClockedTrial {
  readonly timeoutMs: number;
  readonly script: ClockedScript;
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

const WAIT_EVENTS: readonly WaitEvent[] = ["ping", "notification", "request", "trickle"];

/**
 * The server's sends while a request with deadline `timeoutMs` waits: gaps of a quarter to a third
 * of it, past the judged end, a trickled message's pieces a third of a gap apart (so a message
 * stays incomplete for most of a gap, and every piece is news).
 */
function waitScript(seed: number, label: string, timeoutMs: number, hangOn: ClockedScript["hangOn"]): ClockedScript {
  const gap = (timeoutMs * seededInt(seed, `${label}:gap`, 250, 333)) / 1000;
  return { hangOn, during: waitEvents(seed, label, timeoutMs, gap), trickleGapMs: Math.max(1, Math.floor(gap / 3)) };
}

function waitEvents(seed: number, label: string, timeoutMs: number, gap: number): ClockedScript["during"] {
  const first = seededInt(seed, `${label}:first`, 0, WAIT_EVENTS.length - 1);
  const count = Math.ceil(timelineLatest(timeoutMs) / gap) + 1;
  // Whole ms, as timers count: the timeline then never stands a fraction past one.
  return Array.from({ length: count }, (_, index) => ({
    afterMs: Math.ceil((index + 1) * gap),
    // A step of 1 or 3 through the four kinds: every kind comes within any four events in a row.
    send: WAIT_EVENTS[(first + index * (seededInt(seed, `${label}:step`, 0, 1) === 0 ? 1 : 3)) % WAIT_EVENTS.length]!,
  }));
}

/** This seed's sessions: deadlines across (0, 60 s], fractions and the bound included, one on the handshake. */
export function clockedTrials(seed: number): ClockedTrial[] {
  // The long one's server sends nothing while it waits: silence is in the mix too, and a deadline
  // stretched until something arrives shows only there.
  const drawn: Array<{ timeoutMs: number; hangOn: ClockedScript["hangOn"]; silent?: true }> = [
    { timeoutMs: seededInt(seed, "clocked-sub-second", 1, 999) + 0.25, hangOn: "tools/call" },
    { timeoutMs: seededInt(seed, "clocked-fraction", 1000, 9999) + 0.5, hangOn: "tools/call" },
    { timeoutMs: seededInt(seed, "clocked-long", 10_001, BOUND_MS - 1), hangOn: "tools/call", silent: true },
    { timeoutMs: BOUND_MS, hangOn: "tools/call" },
    { timeoutMs: seededInt(seed, "clocked-handshake", 1, BOUND_MS), hangOn: "initialize" },
  ];
  return drawn.map(({ timeoutMs, hangOn, silent }, index) => ({
    timeoutMs,
    script: silent ? { hangOn, during: [] } : waitScript(seed, `clocked-${index}`, timeoutMs, hangOn),
  }));
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

/** One session's client, opened and, unless its handshake is the request that hangs, past discovery. */
async function openSession(
  context: RuleContext,
  clock: Clock,
  trial: ClockedTrial,
  index: number,
): Promise<ClientSession> {
  const server = clock.server(trial.script, { subdir: `clocked-${index}` });
  const client = await ClientSession.open(context, server, { allowed: ["word_count"], timeoutMs: trial.timeoutMs });
  if (trial.script.hangOn === "initialize") return client;
  try {
    await client.ready();
    return client;
  } catch (error) {
    await client.close();
    throw error;
  }
}

/** The hung request of one session, judged on the timeline (or on real time, for a client that keeps it another way). */
async function hungRequest(
  context: RuleContext,
  clock: Clock,
  client: ClientSession,
  trial: ClockedTrial,
  realTime: RealTimeFinding,
): Promise<{ finding?: string; unjudged?: true }> {
  const { timeoutMs, script } = trial;
  const handshake = script.hangOn === "initialize";
  const sends = [...new Set(script.during.map((each) => each.send))].join(", ") || "nothing";
  const what = `timeoutMs ${timeoutMs}: ${handshake ? "initialize" : "callTool"} against a server that never answers it (sending ${sends} meanwhile)`;
  try {
    if (!handshake) await context.ask({ op: "clock.sleep", ms: PAUSE_MS });
    clock.driver.setHorizon(clock.driver.now() + timelineLatest(timeoutMs));
    const [method, args] = handshake
      ? (["initialize", []] as const)
      : (["callTool", ["word_count", { text: "one two" }]] as const);
    const bound = 2 * Math.min(timeoutMs, REAL_TIME_LIMIT_MS) + 3000 + REAL_ROOM_MS;
    const { value: outcome, stalls } = await stallsDuring(async (): Promise<Timed | "past" | "unjudged"> => {
      const asked = client.call(method, args, bound);
      const first = await Promise.race([asked, clock.driver.quiet()]);
      if ("answer" in first) return first;
      // Quiet on the timeline with the request still waiting: the client's next timer lies beyond
      // the judged end, or nothing of it is on the timeline (then real time judges, where it can).
      if (first.next !== null) return "past";
      return timeoutMs <= REAL_TIME_LIMIT_MS ? asked : "unjudged";
    });
    if (outcome === "unjudged") return { unjudged: true };
    if (outcome === "past")
      return {
        finding: `${what} was still waiting ${Math.round(timelineLatest(timeoutMs))} ms after it began on the grader's clock (a deadline restarted by what the server sent, raised, or never set?)`,
      };
    const { answer, ms } = outcome;
    const virtual = answer.virtual;
    const finding =
      virtual !== undefined && virtual.advances > 0
        ? timelineFinding(what, timeoutMs, answer, virtual.toMs - virtual.fromMs)
        : realTime(timeoutMs, answer, ms, stalls);
    return finding === undefined ? {} : { finding };
  } finally {
    clock.driver.setHorizon(undefined);
  }
}

/** Every session of the seed on one timeline; fails the rule with what went wrong. */
export async function clockedDeadlines(context: RuleContext, clock: Clock, realTime: RealTimeFinding): Promise<string> {
  const trials = clockedTrials(context.seed);
  // Opened side by side, so the relays start (on real time) together; judged one after another.
  const opened = await Promise.allSettled(trials.map((trial, index) => openSession(context, clock, trial, index)));
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
      const { finding, unjudged: left } = await hungRequest(context, clock, client, trial, realTime).finally(() =>
        client.close().then(() => closed.add(client)),
      );
      if (finding !== undefined) wrong.push(finding);
      if (left) unjudged.push(trial.timeoutMs);
    }
  } finally {
    await Promise.all(clients.filter((client) => !closed.has(client)).map((client) => client.close()));
  }
  const deadlines = trials.map(
    (trial) => `${trial.timeoutMs}${trial.script.hangOn === "initialize" ? " (handshake)" : ""}`,
  );
  if (wrong.length > 0)
    failRule(
      `${wrong.length} of ${trials.length} sessions on the grader's clock, each with its own timeout (${deadlines.join(", ")} ms)`,
      `DeadlineError at the deadline, no earlier than ${TIMELINE_EARLY_MS} ms before it and no later than a tenth of it and 1 ms after it`,
      `${wrong.join("; ")} (${OWNED_ROUTES})`,
    );
  const left =
    unjudged.length === 0
      ? ""
      : ` (the client keeps time off the grader's clock: ${unjudged.join(", ")} ms, above ${REAL_TIME_LIMIT_MS} ms, were not judged on real time)`;
  return `deadlines of ${deadlines.join(", ")} ms each held on the grader's clock${left}; ${OWNED_ROUTES}`;
}
