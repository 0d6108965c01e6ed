// Rules about what a client puts on each request: an id of its own, never one used before in the
// session (a reused id lets a stale reply pass as the answer), and a deadline that is bounded (a
// timeout outside the chapter's 0 < timeout <= 60 s is refused when the client is made).
import { FREE_CHOICES } from "./free-choices.js";
import { refusal, showError } from "./expect.js";
import { readRecord } from "./server-records.js";
import { ClientSession } from "./client-session.js";
import { CALL_PIECES } from "./rule-pieces.js";
import { failRule, type ProbeAnswer, type ObservedRule, type Rule } from "./types.js";
import { showWire } from "./wire.js";

const CLIENT = "learner/src/client.ts";

export const idsFresh: ObservedRule = {
  id: "ids-fresh",
  observation: 1,
  title: "every request carries an id of its own: none is reused within a session",
  points: 1,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: request() (every request takes an id no earlier request of the session used, a timed-out one included)`,
  demands: [
    {
      says: "Every request takes a new id, so a late reply to an earlier request can never answer a later one.",
      chapterLines: [196, 198, 453],
    },
  ],
  freeChoices: [
    FREE_CHOICES.idsFromZero,
    FREE_CHOICES.stringIds,
    FREE_CHOICES.idSteps,
    FREE_CHOICES.failClosed,
    FREE_CHOICES.goesOn,
    FREE_CHOICES.closedError,
    FREE_CHOICES.connectLists,
  ],
  deadlineMs: 20_000,
  // Against the hang server: a call that ran out of time used its id all the same, so a next
  // request takes a new one, or the first call's late reply would answer it. The chapter does not
  // say whether a session goes on after a deadline: a client may instead refuse every later
  // request (fail-closed), writing nothing; then the ids it did send must differ.
  body: async (context) => {
    const client = await ClientSession.openReady(context, "hang", {
      allowed: ["word_count"],
      timeoutMs: HUNG_CALL_MS,
    });
    const { server } = client;
    const bound = HUNG_CALL_MS + 10_000;
    let closedAfterDeadline: ProbeAnswer | undefined;
    try {
      await client.call("callTool", ["word_count", { text: "one" }], bound);
      const sent = requestIds(server.recordFile).length;
      // The next request: discovery again, or, for a client whose listTools() sends nothing (the
      // build notebook's connect lists the tools once), a second call.
      const list = await client.call("listTools", [], bound);
      let next = list.answer;
      if (requestIds(server.recordFile).length === sent && next.ok)
        next = (await client.call("callTool", ["word_count", { text: "one two" }], bound)).answer;
      if (requestIds(server.recordFile).length === sent) closedAfterDeadline = next;
    } finally {
      await client.close();
    }
    const ids = requestIds(server.recordFile);
    const distinct = new Set(ids.map((id) => JSON.stringify(id))).size === ids.length;
    if (closedAfterDeadline !== undefined) {
      refusal(
        closedAfterDeadline,
        "a request after the tools/call ran out of time, with nothing written to the server",
        "a new request with an id of its own, or a refusal (the session closed after the deadline)",
      );
      if (ids.length < 3 || !distinct)
        failRule(
          "the ids of the session's requests (initialize, tools/list, tools/call), as the server received them",
          "three different ids",
          `[${ids.map((id) => showWire(id)).join(", ")}]`,
        );
      return "the session closed after the deadline";
    }
    const what =
      "the ids of the session's four requests (initialize, tools/list, tools/call, then tools/list or tools/call), the tools/call having run out of time, as the server received them";
    const shownIds = `[${ids.map((id) => showWire(id)).join(", ")}]`;
    if (ids.length < 4)
      failRule(
        what,
        "four requests, each with its own id",
        `only ${ids.length} requests reached the server: ${shownIds}`,
      );
    if (!distinct) failRule(what, "four different ids", `an id used twice: ${shownIds}`);
    return "";
  },
};

/** The deadline of each call to a server that never answers tools/call (as the failure modes' hang has it). */
const HUNG_CALL_MS = 1000;

/** The ids of the requests the server received, in order. */
function requestIds(recordFile: string): unknown[] {
  return readRecord(recordFile)
    .filter((entry) => entry.event === "message" && entry.kind === "request")
    .map((entry) => entry.id);
}

/** The chapter's upper bound on a timeout, which is itself allowed (0 < timeout <= 60). */
const UPPER_BOUND_MS = 60_000;

/**
 * Timeouts a client must refuse: not positive, not a number, unbounded, or over the chapter's 60 s
 * (past 2^31 - 1 ms Node's timers fire at once: such a deadline ends every call before it starts).
 * Both ends of (0, 60 s] are met one step past them: 0 itself, and 60 s plus a millisecond or half
 * of one (a check made on the timeout rounded down takes 60000.5).
 */
const UNBOUNDED: ReadonlyArray<readonly [unknown, string]> = [
  [{ $number: "Infinity" }, "Infinity"],
  [0, "0"],
  [-1000, "-1000"],
  [{ $number: "NaN" }, "NaN"],
  [60_001, "60001"],
  [60_000.5, "60000.5"],
  [2 ** 31, String(2 ** 31)],
];

/** A timeout just inside the lower end: half a millisecond is more than 0, so it is taken (a deadline, not a refusal). */
const JUST_ABOVE_ZERO_MS = 0.5;

export const timeoutBounded: ObservedRule = {
  id: "timeout-bounded",
  observation: 3,
  tableNotes: { needs: "(in the build notebook: `connect`)" },
  title: "a bounded timeout is required: a timeoutMs outside (0, 60000] ms is refused, and 60000 itself is taken",
  points: 1,
  needs: ["StdioClient"],
  pieces: ["connect", "close"], // refused when made or in connect, before any frame is read; close tidies up
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: the constructor (refuse options.timeoutMs unless 0 < timeoutMs <= 60000, the chapter's 0 < timeout <= 60 s); in the build notebook, connect`,
  demands: [
    {
      says: "A client needs a bounded timeout: more than 0 and at most 60 seconds (60 itself is taken); anything else is refused.",
      chapterLines: [26, 405, 406],
    },
  ],
  freeChoices: [FREE_CHOICES.timeoutAtConnect],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("normal");
    for (const [timeoutMs, shown] of UNBOUNDED) {
      const what = `new StdioClient(command, { timeoutMs: ${shown} }), then initialize()`;
      const expected =
        'a refusal (UsageError "timeout") when the client is made or when it connects: no bounded deadline';
      const made = await context.ask({
        op: "client.new",
        command: server.command,
        options: { allowed: ["word_count"], timeoutMs },
      });
      if (!made.ok) {
        refusal(made, what, expected, ["UsageError"], "timeout");
        continue;
      }
      // Made: the connect step (the build notebook's connect) must refuse it before the handshake.
      const handle = (made.value as { handle: number }).handle;
      const connected = await context.ask({ op: "client.call", handle, method: "initialize", args: [] }, 8000);
      await context.ask({ op: "client.call", handle, method: "close", args: [] }, 8000).catch(() => undefined);
      refusal(connected, what, expected, ["UsageError"], "timeout");
    }
    // Just above 0 is taken: made, and connecting ends however a half-millisecond deadline ends it
    // (a DeadlineError, or even a session), never in a refusal of the timeout itself.
    const tiny = await context.ask({
      op: "client.new",
      command: server.command,
      options: { allowed: ["word_count"], timeoutMs: JUST_ABOVE_ZERO_MS },
    });
    const tinyWhat = `new StdioClient(command, { timeoutMs: ${JUST_ABOVE_ZERO_MS} }), then initialize()`;
    const tinyExpected = "no refusal of the timeout: 0.5 ms is more than 0 (0 < timeout <= 60 s)";
    if (!tiny.ok) failRule(tinyWhat, tinyExpected, `it threw ${showError(tiny.error)}`);
    const tinyHandle = (tiny.value as { handle: number }).handle;
    const tinyConnected = await context.ask(
      { op: "client.call", handle: tinyHandle, method: "initialize", args: [] },
      8000,
    );
    await context
      .ask({ op: "client.call", handle: tinyHandle, method: "close", args: [] }, 8000)
      .catch(() => undefined);
    if (!tinyConnected.ok && tinyConnected.error.name === "UsageError" && tinyConnected.error.reason === "timeout")
      failRule(tinyWhat, tinyExpected, `it threw ${showError(tinyConnected.error)}`);
    // The chapter's bound itself is a timeout like any other: 60 s is taken, and the session works.
    const bound = context.server("normal", { subdir: "at-the-bound" });
    const client = await ClientSession.open(context, bound, { allowed: ["word_count"], timeoutMs: UPPER_BOUND_MS });
    try {
      const { answer } = await client.call("initialize");
      if (!answer.ok)
        failRule(
          `new StdioClient(command, { timeoutMs: ${UPPER_BOUND_MS} }), then initialize()`,
          "a working session: 60 s is the chapter's bound, and within it (0 < timeout <= 60 s)",
          `it threw ${showError(answer.error)}`,
        );
    } finally {
      await client.close();
    }
    return "";
  },
};
