// Rules against broken servers and about ending them: every failure mode ends in a refusal, never
// a result; close() ends the input first and signals nobody when the server exits on its own;
// and it ends the whole group, a SIGTERM-proof grandchild included, returning how the server ended.
import { FREE_CHOICES } from "./free-choices.js";
import { CALL_PIECES, SESSION_PIECES } from "./rule-pieces.js";
import { setTimeout as sleep } from "node:timers/promises";
import { ERROR_FAMILY, showError } from "./expect.js";
import { readRecord, receivedMethods, relaySignal, type RecordEntry } from "./server-records.js";
import { ClientSession } from "./client-session.js";
import { sameStatus, statusSpellings } from "./close-rules.js";
import { failRule, type ObservedRule, type ProbeAnswer, type RuleContext } from "./types.js";
import { CLOCK_ROUTES } from "../host/clock-routes.js";
import { showWire } from "./wire.js";
import { settledInOrder } from "./settled.js";
import { endsTheGrandchild, sigtermReachesTheGroup } from "./process-tree.js";
import { TEACHING_MODES } from "../../../server-build/teaching-modes.js";

const CLIENT = "learner/src/client.ts";

/** Each broken server the rule grades: its mode, and the deadline the client is given (the server's one mode table says which). */
export const FAILURE_MODES: ReadonlyArray<{
  readonly mode: string;
  /** The reason of the refusal the session must end in (the mode table's `expect`). */
  readonly expect: string;
  readonly timeoutMs: number;
  readonly endlessBytes?: number;
}> = TEACHING_MODES.flatMap(({ mode, expect, graded }) => (graded === undefined ? [] : [{ mode, expect, ...graded }]));

export const failureModes: ObservedRule = {
  id: "failure-modes",
  observation: 3,
  title: "no failure mode gives a result: each broken server ends the session in its own typed refusal",
  points: 3,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: ["ids-fresh"], // a reused id makes the stale and wrong-id modes meaningless
  visibility: "visible",
  where: `${CLIENT} and the functions it calls (the FAIL names each mode and what happened)`,
  demands: [
    {
      says: "Every failure mode ends in an error and no result: an old version, a wrong id, a stale reply, an oversized frame, a log line on stdout, a hang.",
      chapterLines: [563, 584, 586, 587, 588, 589, 590, 642],
    },
    {
      says: "A refused operation is not sent again, whatever the refusal (a malformed reply, a deadline): the server really ran the tool once.",
      chapterLines: [483, 484, 487, 492, 587, 594],
    },
    { says: "A chatty server, too many tools and a paginated list are refused too.", chapterLines: [245, 375, 618] },
  ],
  freeChoices: [
    FREE_CHOICES.failClosed,
    FREE_CHOICES.closedError,
    FREE_CHOICES.stringIds,
    FREE_CHOICES.idsFromZero,
    FREE_CHOICES.wording,
  ],
  deadlineMs: 90_000,
  body: async (context) => {
    // Each broken server gets its own session and folder, so four run at a time: the rule takes
    // about a third of the sum of its modes (the findings keep the table's order). A session that
    // ran out of time where its mode names another refusal may have met a starved machine (the
    // answer came, but too late to be read in time): it is run again, up to three sessions in all.
    const findings = await settledInOrder(FAILURE_MODES, 4, async (failure) => {
      for (let tries = 1; ; tries += 1) {
        const { finding, timedOut } = await modeSession(context, failure, tries);
        if (!timedOut || tries >= MODE_TRIES) return finding;
      }
    });
    const wrong = findings.filter((finding): finding is Finding => finding !== undefined);
    if (wrong.length > 0)
      failRule(
        `${wrong.length} of ${FAILURE_MODES.length} broken servers`,
        wrong.map((finding) => `${finding.mode}: ${finding.expected}`).join("; "),
        wrong.map((finding) => `${finding.mode}: ${finding.received}`).join("; "),
      );
    return `${FAILURE_MODES.length} modes refused`;
  },
};

/** Sessions a broken server gets when the one before ran out of time where its mode names another refusal. */
const MODE_TRIES = 3;

/** What went wrong with one broken server: what its mode names, and what came instead. */
interface Finding {
  readonly mode: string;
  readonly expected: string;
  readonly received: string;
}

/**
 * One session against a broken server: the handshake, discovery and a call, which must end in the
 * refusal its mode names. Gives what went wrong (undefined when nothing did), and whether the
 * session ran out of time where the mode names another refusal.
 */
async function modeSession(
  context: RuleContext,
  { mode, expect, timeoutMs, endlessBytes }: (typeof FAILURE_MODES)[number],
  tries: number,
): Promise<{ finding: Finding | undefined; timedOut: boolean }> {
  const wanted = `the refusal "${expect}"`;
  const found = (received: string, expected = wanted): Finding => ({ mode, expected, received });
  const subdir = tries === 1 ? mode : `${mode}-${tries}`;
  const server = context.server(mode, { subdir, ...(endlessBytes === undefined ? {} : { endlessBytes }) });
  const client = await ClientSession.open(context, server, { allowed: ["word_count"], timeoutMs });
  let refusedAt: string | undefined;
  let repeated: string | undefined;
  try {
    for (const [method, args] of [
      ["initialize", []],
      ["listTools", []],
      ["callTool", ["word_count", { text: "one two three" }]],
    ] as const) {
      const timed = await client.callOnce(method, args, timeoutMs + 6000);
      const { answer } = timed;
      if (timed.repeated !== undefined) repeated ??= `${method}() sent ${timed.repeated}`;
      if (answer.ok) continue;
      // Judged for its reason: a refusal for the wrong reason (a stale reply taken, then its shape refused) hides the mistake.
      if (!ERROR_FAMILY.includes(answer.error.name) || /not implemented/iu.test(answer.error.message))
        return {
          finding: found(
            `${method}() threw ${showError(answer.error)}, which is not of the library's family`,
            `${wanted}, of the library's family`,
          ),
          timedOut: false,
        };
      if (answer.error.reason !== expect)
        return {
          finding: found(`${method}() threw ${showError(answer.error)}`),
          timedOut: answer.error.name === "DeadlineError",
        };
      refusedAt = method;
      break;
    }
    if (refusedAt === undefined) return { finding: found("the call returned a result"), timedOut: false };
  } catch (error) {
    return { finding: found((error as Error).message), timedOut: false };
  } finally {
    await client.close().catch(() => undefined);
  }
  // Read once the server has ended: a refused call is not sent again (the tool would run twice).
  const calls = receivedMethods(server.recordFile).filter((method) => method === "tools/call").length;
  const once = "each operation's request received once";
  if (repeated !== undefined) return { finding: found(repeated, once), timedOut: false };
  const finding =
    calls > 1 ? found(`the server received tools/call ${calls} times after one callTool()`, once) : undefined;
  return { finding, timedOut: false };
}

export const closeEofFirst: ObservedRule = {
  id: "close-eof-first",
  observation: 4,
  title: "close() ends the server's input first; a server that exits on its own gets no signal and status 0",
  points: 1,
  needs: ["StdioClient"],
  pieces: SESSION_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: close() (stdin.end(), wait for the exit, signal only if it does not come)`,
  demands: [
    {
      says: "close() first closes the server's input and gives it a moment to exit (we take at least 100 ms as a moment; the chapter's is 1 s).",
      chapterLines: [495, 496, 499, 500, 501, 502, 527],
    },
    {
      says: "A server that exits on its own within that moment needs no signal, and close() returns its exit status, 0; one signalled once the moment ran out ended with that signal.",
      chapterLines: [498, 559],
    },
  ],
  freeChoices: [FREE_CHOICES.longerGrace, FREE_CHOICES.shorterGrace],
  deadlineMs: 20_000,
  virtualClock: true,
  // The server takes a drawn time inside the moment to leave, near its top end, so any grace shorter
  // than the moment meets it still there and signals it. In a grading host that time is on the
  // grader's clock (host/clocked-peer.ts), as the client's grace is: which runs out first is the
  // timeline's to say, never the machine's load. In place (a check cell), and for a client whose
  // grace is on no timer of the grader's clock, both are real time.
  body: async (context) => {
    const leaveMs = leaveWithinMoment(context.seed);
    const server =
      context.clock === undefined
        ? context.server("normal", { leaveAfterEofMs: leaveMs })
        : context.clock.server({ during: [], leaveAfterEofMs: leaveMs });
    const client = await ClientSession.open(context, server, { allowed: ["word_count"] });
    await client.ready();
    const { answer } = await client.close();
    if (!answer.ok)
      failRule("close() of a server that exits when its input ends", "status 0", `it threw ${showError(answer.error)}`);
    await server.settled();
    const record = readRecord(server.recordFile);
    const due = record.find((entry) => entry.event === "leave-due");
    // On the timeline unless the client kept no timer there when the server's wait came due, or it
    // ended the input and then signalled by a route the host does not see (a kill command): then
    // only the relay's real-time word on the spacing holds.
    const unseenSignal =
      record.some((entry) => entry.event === "eof") &&
      relaySignal(server.recordFile) !== undefined &&
      answer.graceOnClockMs === undefined;
    const onTheClock = context.clock !== undefined && due?.clock !== "real" && !unseenSignal;
    if (onTheClock) judgeOnTheClock(answer, record, leaveMs);
    else judgeOnRealTime(answer, server.recordFile);
    const status = statusOfClose(answer, server.recordFile);
    if (!sameStatus(answer.value, status))
      failRule(
        "close()'s return value",
        `${statusSpellings(status)
          .map((spelling) => showWire(spelling))
          .join(" or ")} (how the process it started ended)`,
        showWire(answer.value),
      );
    // Ending input is how a stdio session ends: no request or notification goes first (MCP has no shutdown message).
    const session = ["initialize", "notifications/initialized", "tools/list"];
    const extra = receivedMethods(server.recordFile).filter((method) => !session.includes(method));
    if (extra.length > 0)
      failRule(
        "the server's record of a session of the handshake and discovery, then close()",
        "nothing else before end of input",
        `[${extra.join(", ")}]`,
      );
    if (context.clock === undefined) return "";
    return onTheClock
      ? `judged on the grader's clock: the server left ${leaveMs} ms after its input ended unless the client's grace ran out first; ${OWNED_ROUTES}`
      : `the client keeps its grace off the grader's clock: judged on real time; ${OWNED_ROUTES}`;
  },
};

/** What the verdict says the grader's clock covers. */
const OWNED_ROUTES = `the grader's clock owns ${CLOCK_ROUTES.join(", ")}`;

/** How the process close() started ended, as the host saw it (the relay's record when the host saw no end). */
function statusOfClose(answer: ProbeAnswer, recordFile: string): number | string {
  // close() returns how the process it started ended. The host saw that end, so that is the truth
  // compared; a busy machine can keep the relay from passing on the server's own exit until the
  // grace has run out, and then a signal (SIGKILL too) really ended it.
  const ended = answer.inputEndedChildEnd;
  if (ended !== undefined) return ended.signal ?? ended.code ?? 0;
  return relaySignal(recordFile) === undefined ? 0 : "SIGTERM";
}

/**
 * close-eof-first on the grader's clock: the end of input on the timeline first, and no SIGTERM
 * before the server, due to leave `leaveMs` after it on the same timeline, has left.
 */
function judgeOnTheClock(answer: ProbeAnswer, record: readonly RecordEntry[], leaveMs: number): void {
  // The host saw the input end and then the signal: a signal sent at once can overtake the end
  // of input on its way to the server, so the spacing on the timeline is what is judged.
  const grace = answer.graceOnClockMs;
  if (grace !== undefined && grace < leaveMs)
    failRule(
      "when close() sent its first signal, on the grader's clock",
      `only once the server had had a moment (at least ${MOMENT_MS} ms) to exit after the end of its input; it leaves ${leaveMs} ms after`,
      `a signal ${Math.round(grace * 100) / 100} ms after the end of input, the server still there`,
    );
  const signalled = record.some((entry) => entry.event === "relay-signal");
  if (!record.some((entry) => entry.event === "eof"))
    failRule(
      "the server's record of how it was ended, on the grader's clock",
      "end of input first",
      signalled ? "a SIGTERM and no end of input" : "no end of input",
    );
}

/**
 * close-eof-first on real time (in place, or a client whose grace is on no timer of the grader's
 * clock): the order and the spacing the server and the relay saw, and the grace the host saw the
 * client wait.
 */
function judgeOnRealTime(answer: ProbeAnswer, recordFile: string): void {
  const events = readRecord(recordFile)
    .filter((entry) => entry.event === "eof" || entry.event === "signal")
    .map((entry) => (entry.event === "eof" ? "eof" : `signal ${entry.signal ?? ""}`));
  const signalled = relaySignal(recordFile);
  // The grace the client itself gave: the host saw it end the server's input and then its event
  // loop sit waiting this long before it signalled (host/first-signal.ts; work is no wait).
  // A moment or more, and the order and spacing the server saw are the machine's: a busy host can
  // have the grace run out before the end of input has even left (end() only asks; the pipe
  // closes on a later turn of the event loop), and a relay kept from running meets the two in
  // either order. Less, and they are the client's.
  const gaveGrace = (answer.graceBeforeSignalMs ?? 0) >= MOMENT_MS - CLOCK_ROUNDING_MS;
  const what = "the server's record of how it was ended";
  if (events.length === 0)
    failRule(what, "end of input first", "neither end of input nor a signal it could record (SIGKILL?)");
  if (events[0] !== "eof" && !gaveGrace) failRule(what, "end of input first", `[${events.join(", ")}]`);
  if (signalled !== undefined && (signalled.afterEofMs ?? 0) < MOMENT_MS && !gaveGrace)
    failRule(
      "when close() sent SIGTERM",
      `only once the server had had a moment (at least ${MOMENT_MS} ms) to exit after the end of its input`,
      signalled.afterEofMs === undefined
        ? "a SIGTERM before the end of input"
        : `a SIGTERM ${signalled.afterEofMs} ms after the end of input`,
    );
  // A grace can run out before a busy machine lets the server exit: then the signal is the
  // chapter's own fallback (the relay timed it), not a shutdown that skipped the end of input.
  if (signalled === undefined && events.includes("signal SIGTERM"))
    failRule(what, "end of input and no signal", `[${events.join(", ")}]`);
  const ended = answer.inputEndedChildEnd;
  if (ended?.signal != null && !gaveGrace)
    failRule(
      "how the process close() started ended",
      "its own exit, or a signal once a moment had passed",
      ended.signal,
    );
}

/**
 * The least wait between ending the server's input and a SIGTERM that close-eof-first accepts as a
 * grace: the chapter's is 1 s, a shorter one is the learner's choice, none at all is no moment.
 */
const MOMENT_MS = 100;
/**
 * How long the server of close-eof-first takes to leave after its input ends: drawn per grading in
 * [MOMENT_MS - 30, MOMENT_MS), so a grace of 70 ms or less is always met by a server still there,
 * and one just short of the moment at some seeds.
 */
export function leaveWithinMoment(seed: number): number {
  return MOMENT_MS - 1 - (Math.abs(Math.trunc(seed) * 7) % 30);
}
/** What the event loop's own turns may take out of a timed wait of a moment (a timer can also fire a little early). */
const CLOCK_ROUNDING_MS = 20;

export const closeGroup: ObservedRule = {
  id: "close-group",
  observation: 4,
  title:
    "close() leaves nothing of the server's process group alive, a SIGTERM-proof grandchild included, and returns the status",
  points: 2,
  needs: ["StdioClient"],
  pieces: SESSION_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: close() (signal the group with kill(-pid): SIGTERM to every member, then SIGKILL)`,
  demands: [
    {
      says: "close() ends the server's whole process group, first with SIGTERM and then with SIGKILL, so a grandchild cannot outlive the client.",
      chapterLines: [26, 418, 496, 497, 505, 506, 507, 527, 643],
    },
    { says: "close() returns how the server ended: its exit code or the signal.", chapterLines: [497, 498, 511, 514] },
  ],
  freeChoices: [FREE_CHOICES.signalAsNumber, FREE_CHOICES.longerGrace, FREE_CHOICES.longerPause, FREE_CHOICES.noPause],
  // Two sessions side by side (a SIGTERM-proof grandchild, and members SIGTERM must reach: process-tree.ts),
  // each a handshake, a grace, a pause and a wait for the group to empty: close-what-stays' bound.
  deadlineMs: 40_000,
  body: async (context) => {
    const [grandchild, family] = await settledInOrder([endsTheGrandchild, sigtermReachesTheGroup], 2, (scenario) =>
      scenario(context),
    );
    return `${grandchild}; ${family}`;
  },
};
