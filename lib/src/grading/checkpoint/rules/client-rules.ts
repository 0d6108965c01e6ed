// Rules a client shows only against a live server: a server's ping answered, one deadline per operation,
// the argv and environment it starts the server with, a bound on skipped notifications. The
// server's own log and record are the evidence; the client's word is not.
import { FREE_CHOICES } from "./free-choices.js";
import { CALL_PIECES, SESSION_PIECES } from "./rule-pieces.js";
import { isDeepStrictEqual } from "node:util";
import { refusal, showError } from "./expect.js";
import { clockedDeadlines, perOperationTrials, type RealTimeFinding } from "./clocked-deadlines.js";
import { readRecord } from "./server-records.js";
import { SPREAD_DEADLINE_MS, TRIAL_STALL_MS, withoutStall } from "../../trials/stall.js";
import { SPREAD_MODES, teachingMode } from "../../../server-build/teaching-modes.js";
import { ClientSession } from "./client-session.js";
import { settledInOrder } from "./settled.js";
import { failRule, type ObservedRule } from "./types.js";
import { CLIENT, countWords } from "./client-rule-helpers.js";
import { answerShapeFault } from "./server-request-answers.js";
import { responsesTo, ROOMY_TIMEOUT_MS, serverRequestIds, shownId, unansweredIds } from "./server-request-ids.js";

export const pingAnswered: ObservedRule = {
  id: "ping-answered",
  observation: 2,
  seeded: true,
  title: "a ping from the server is answered with an empty result, and the call then completes",
  points: 1,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: the read loop (a request from the server, whatever its id, 0 and "" too, gets a reply with that same id; a ping's is the result {})`,
  demands: [
    {
      says: "A request carries an id, and exactly one response with that id answers it: a request from the server gets its response too.",
      chapterLines: [196],
    },
    {
      says: 'A server\'s request is told by its method and the presence of an id, whatever the id is (any string or number: 0, "", "0", a negative, a fraction, the last safe integer); its response carries that id unchanged, type and all.',
      chapterLines: [22, 196],
    },
    {
      says: 'The answer is exactly { jsonrpc: "2.0", id, result: {} }: MCP 2025-06-18\'s ping is answered with an empty result, so the result has no members, and the response no member beside jsonrpc, id and result.',
      chapterLines: [196],
    },
  ],
  freeChoices: [FREE_CHOICES.serverRequestsNotCounted],
  deadlineMs: 20_000,
  body: async (context) => {
    // The server pings once with each id of the family, all at once, and replies once each is answered.
    const ids = serverRequestIds(context.seed);
    const server = context.server("ping", { askIds: ids });
    // The session's roomy deadline: answering a ping is not a deadline trial, and a server starved
    // on a busy machine must not decide it (the build notebook's request check does the same).
    const client = await ClientSession.open(context, server, { allowed: ["word_count"], timeoutMs: ROOMY_TIMEOUT_MS });
    try {
      await client.ready();
      await countWords(context, client, "ping").catch((error: unknown) => {
        // The server answers the call only once each ping is answered: name the ping that was not.
        const missed = unansweredIds(server.recordFile, ids)[0];
        if (missed === undefined) throw error;
        failRule(
          `a call during which the server pings with ids ${ids.map(shownId).join(", ")}, all at once`,
          `every ping answered with its own id, then the call's answer`,
          `the ping ${shownId(missed)} went unanswered, and the call did not complete`,
        );
      });
    } finally {
      await client.close();
    }
    responsesTo(server.recordFile, ids, "ping").forEach((answer, index) => {
      // MCP's ping is answered with the empty result {} and nothing else; an error ("method not
      // found") refuses it, and "pong", null or { pong: true } is no answer the spec allows.
      const fault = answerShapeFault(answer, "empty result");
      if (fault !== undefined)
        failRule(
          "the server's record",
          `the ping ${shownId(ids[index])} answered with { jsonrpc: "2.0", id, result: {} }`,
          fault,
        );
    });
    return "";
  },
};

/** Slack on top of the client's deadline for a busy machine: the grader's clock, not the client's. */
const DEADLINE_SLACK_MS = 1000;

/**
 * How a spread-out wait that ended on real time is judged, for a client that keeps time off the
 * grader's clock: DeadlineError within the deadline and the slack, the time spent waiting for a CPU left out.
 */
const spreadCallFinding: RealTimeFinding = (timeoutMs, answer, ms) => {
  const what = `timeoutMs ${timeoutMs}: a wait the server spreads out`;
  if (answer.ok) return `${what} returned a result`;
  if (answer.error.name !== "DeadlineError") return `${what} threw ${showError(answer.error)}, not DeadlineError`;
  const waited = ms - Math.min(ms, answer.starvedMs ?? 0);
  return waited > timeoutMs + DEADLINE_SLACK_MS
    ? `${what} ended after ${ms} ms, later than ${timeoutMs + DEADLINE_SLACK_MS} ms`
    : undefined;
};

export const deadlinePerOperation: ObservedRule = {
  id: "deadline-per-operation",
  observation: 3,
  title:
    "one deadline per operation: a reply that trickles in byte by byte, or messages that drip in, still end at the deadline",
  points: 2,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: request() (one deadline for all reads of one operation, not a fresh timer per read)`,
  demands: [
    {
      says: "One deadline is shared across an operation's writes and reads, so a server that trickles a byte before each wait cannot stretch the call.",
      chapterLines: [26, 383, 391, 392, 454],
    },
    { says: "A hung call ends at its deadline.", chapterLines: [580, 590] },
  ],
  freeChoices: [FREE_CHOICES.failClosed, FREE_CHOICES.goesOn],
  deadlineMs: 45_000, // two trials of about 4 s side by side, each run up to three times on a stalled machine
  // Both trials wait on servers that use no CPU: beside the lanes.
  waits: true,
  // Graded in a host, on the grader's clock: every operation hung in turn over the whole (0, 60 s]
  // (clocked-deadlines.ts's perOperationTrials). In place (a check cell's feedback) on real time.
  virtualClock: true,
  seeded: true,
  body: async (context) => {
    if (context.clock !== undefined)
      return clockedDeadlines(context, context.clock, spreadCallFinding, perOperationTrials(context.seed));
    const timeoutMs = SPREAD_DEADLINE_MS;
    // Every server whose reply the mode table says is spread over time (trickle's bytes, drip's
    // notifications): none may extend the one deadline. They mostly wait, so they run side by
    // side, each in a session of its own.
    const trials = SPREAD_MODES;
    const calls = await settledInOrder(trials, trials.length, (mode) => {
      // Timed: run again if the grader stood still long enough to decide the deadline (grading/trials/stall.ts).
      // The handshake is set-up under the trial's short deadline: one that runs out on a busy machine
      // gives a new session (openReady), as ids-fresh's does; the call's refusal is what is judged.
      return withoutStall(TRIAL_STALL_MS, async () => {
        const client = await ClientSession.openReady(context, mode, { allowed: ["word_count"], timeoutMs });
        try {
          return await client.call("callTool", ["word_count", { text: "one two three" }], timeoutMs + 6000);
        } finally {
          await client.close();
        }
      });
    });
    const took = trials.map((mode, index) => {
      const call = calls[index]!;
      refusal(
        call.answer,
        `callTool against the ${mode} server (${teachingMode(mode).summary}; timeoutMs ${timeoutMs})`,
        "DeadlineError",
        ["DeadlineError"],
      );
      // The time the call waited for a CPU is the machine's, not the code's: it is left out.
      const starved = call.starvedMs > 0 ? ` (${call.starvedMs} ms of it waiting for a CPU)` : "";
      if (call.ms - call.starvedMs > timeoutMs + DEADLINE_SLACK_MS)
        failRule(
          `callTool against the ${mode} server (timeoutMs ${timeoutMs})`,
          `DeadlineError within ${timeoutMs + DEADLINE_SLACK_MS} ms`,
          `DeadlineError after ${call.ms} ms${starved}`,
        );
      return `${mode} ${call.ms} ms`;
    });
    return `refused after ${took.join(", ")}`;
  },
};

export const spawnArgvEnv: ObservedRule = {
  id: "spawn-argv-env",
  observation: 2,
  title: "the server starts as the argv given (no shell) with PATH as its whole environment",
  points: 1,
  needs: ["StdioClient"],
  pieces: SESSION_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: the constructor (spawn(file, args, {shell: false, env}) with env { PATH } by default)`,
  demands: [
    {
      says: "The client starts the configured command as given, as its own child process.",
      chapterLines: [381, 412, 413],
    },
    {
      says: "By default the server's environment holds PATH and nothing else of the application's.",
      chapterLines: [417],
    },
    { says: "The server's stderr is its own diagnostics, never read as protocol.", chapterLines: [324, 416] },
  ],
  freeChoices: [FREE_CHOICES.stderrDrained],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("normal", { subdir: "a folder with spaces, $HOME and 'quotes'" });
    const client = await ClientSession.open(context, server, { allowed: ["word_count"] });
    try {
      await client.ready();
    } finally {
      await client.close();
    }
    const start = readRecord(server.recordFile).find((entry) => entry.event === "start");
    if (start === undefined)
      failRule(
        "the server's record",
        "a start entry (the server ran with the argv given)",
        "none: the server never started with its arguments intact",
      );
    const wantedArgv = server.command.slice(2);
    if (!isDeepStrictEqual(start.argv, wantedArgv))
      failRule("the server's argv", JSON.stringify(wantedArgv), JSON.stringify(start.argv));
    if (!isDeepStrictEqual(start.env, ["PATH"]))
      failRule(
        "the server's environment variables",
        '["PATH"] (nothing of the application\'s environment)',
        JSON.stringify(start.env),
      );
    return "";
  },
};

export const notificationsBounded: ObservedRule = {
  id: "notifications-bounded",
  observation: 2,
  seeded: true,
  title: "notifications before a reply are skipped, up to 16 per reply: 16 pass, reply after reply, 17 are refused",
  points: 2,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: request() (skip what is not the reply, and count it)`,
  demands: [
    {
      says: "Notifications that come before a reply are skipped, at most sixteen for each request; more than that is refused.",
      chapterLines: [245, 450, 452, 458, 459, 460, 461, 462],
    },
  ],
  freeChoices: [FREE_CHOICES.serverRequestsNotCounted],
  deadlineMs: 30_000,
  // The skipped messages are a drawn mix: notification methods of the protocol's and made-up ones,
  // with pings among them. The bound is judged on both sides in every grading, at it and one past
  // it. Sixteen messages in all, pings counted, must pass reply after reply (a bound of fifteen
  // refuses them). Exactly seventeen notifications and nothing else must be refused (a bound of
  // seventeen, pings counted or not, takes them). Seventeen or more notifications with pings among
  // them must be refused too, whatever their methods and wherever the pings fall (a count that
  // restarts at a ping, or counts one method, lets them by). Whether a ping counts is free, so no
  // trial puts a ping where that would change the verdict.
  body: async (context) => {
    const pings = 1 + (context.seed % 3);
    const sixteen = context.server("normal", {
      notifications: 16 - pings,
      skippedMix: skippedMix(context.seed, pings),
      subdir: "sixteen",
    });
    const client = await ClientSession.open(context, sixteen, { allowed: ["word_count"] });
    try {
      await client.ready();
      // Twice: the bound is per reply, so a count kept for the whole session refuses the second.
      await countWords(context, client, "notifications");
      await countWords(context, client, "notifications, again");
    } finally {
      await client.close();
    }
    const refused = [
      {
        subdir: "seventeen",
        notifications: 17,
        pings: 0,
        what: "callTool with exactly 17 notifications of mixed methods (one past the bound) before the reply",
      },
      {
        subdir: "seventeen-with-pings",
        notifications: 17 + (context.seed % 4),
        pings,
        what: "callTool with 17 or more notifications of mixed methods, and pings among them, before the reply",
      },
    ];
    // Both mostly wait on their servers: side by side.
    await settledInOrder(refused, refused.length, async (trial) => {
      const server = context.server("normal", {
        notifications: trial.notifications,
        skippedMix: skippedMix(context.seed + 1, trial.pings),
        subdir: trial.subdir,
      });
      const other = await ClientSession.open(context, server, { allowed: ["word_count"] });
      try {
        await other.ready();
        refusal(
          (await other.call("callTool", ["word_count", { text: "a b c" }])).answer,
          trial.what,
          "a refusal (ProtocolError): more than 16 skipped",
        );
      } finally {
        await other.close();
      }
    });
    return "";
  },
};

/** Methods a skipped message may have: the protocol's, and names made up for this grading, in a drawn order. */
function skippedMix(seed: number, pings: number): { methods: string[]; pings: number } {
  const methods = [
    "notifications/message",
    "notifications/progress",
    "notifications/resources/updated",
    "notifications/tools/list_changed",
    `notifications/lucy-${seed.toString(36)}`,
    `made-up/${(seed * 7919).toString(36)}`,
  ];
  const start = seed % methods.length;
  return { methods: [...methods.slice(start), ...methods.slice(0, start)], pings };
}
