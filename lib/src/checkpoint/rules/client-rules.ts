// Rules a client shows only against a live server: the handshake's order, the allowlist and the
// catalog checked before a byte is written, a server's ping answered, one deadline per operation,
// the argv and environment it starts the server with, a bound on skipped notifications. The
// server's own log and record are the evidence; the client's word is not.
import { FREE_CHOICES } from "./free-choices.js";
import { CALL_PIECES, SESSION_PIECES } from "./rule-pieces.js";
import { isDeepStrictEqual } from "node:util";
import { refusal, valueOf } from "./expect.js";
import { loggedCalls, readRecord, receivedMethods } from "./server-records.js";
import { seededText } from "../../grading/seeded.js";
import { SPREAD_DEADLINE_MS, TRIAL_STALL_MS, withoutStall } from "../../grading/stall.js";
import { teachingMode } from "../../server-build/teaching-modes.js";
import { ClientSession } from "./session.js";
import { settledInOrder } from "./settled.js";
import { failRule, type ProbeAnswer, type ObservedRule, type Rule, type RuleContext } from "./types.js";
import { showWire } from "./wire.js";

const CLIENT = "learner/src/client.ts";

/** A whole correct session's call: word_count answers the seeded text's count. */
async function countWords(context: RuleContext, client: ClientSession, label: string): Promise<void> {
  const { text, count } = seededText(context.seed, label);
  const { answer } = await client.call("callTool", ["word_count", { text }]);
  const got = valueOf(answer, `callTool("word_count", {text: "${text}"})`, `"${count}"`);
  if (got !== String(count))
    failRule(`callTool("word_count", {text: "${text}"})`, `"${count}" (the server's answer)`, showWire(got));
}

export const handshakeOrder: ObservedRule = {
  id: "handshake-order",
  observation: 2,
  title:
    "nothing is sent before the handshake, or after a refused one; notifications/initialized comes before tools/list",
  points: 2,
  needs: ["StdioClient"],
  pieces: SESSION_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: initialize() and listTools() (refuse before the handshake, without writing)`,
  demands: [
    {
      says: "Nothing useful happens before initialization: no discovery or call is sent before the handshake.",
      chapterLines: [328, 469],
    },
    {
      says: "The client sends initialize, then the notifications/initialized notification, and only after that asks for tools.",
      chapterLines: [328, 335, 336, 337, 338],
    },
    { says: "A refused handshake stops the session before any tool is listed or called.", chapterLines: [345, 586] },
  ],
  freeChoices: [FREE_CHOICES.clientInfo, FREE_CHOICES.initializeReturns, FREE_CHOICES.connectLists],
  deadlineMs: 20_000,
  // Two sessions side by side: the handshake in order, and a refused one that ends the session.
  body: async (context) => {
    await settledInOrder([handshakeInOrder, refusedHandshakeEndsTheSession], 2, (scenario) => scenario(context));
    return "";
  },
};

/** The client deadline of the handshake whose order is judged: the rule's own bound is 20 s. */
const ORDER_TIMEOUT_MS = 15_000;

/** Before initialize() nothing is written; then initialize, the announcement, tools/list, in that order. */
async function handshakeInOrder(context: RuleContext): Promise<void> {
  const server = context.server("normal");
  // The order is judged, not the time: a roomy deadline, so a busy machine's slow reply is no refusal.
  const client = await ClientSession.open(context, server, { allowed: ["word_count"], timeoutMs: ORDER_TIMEOUT_MS });
  try {
    const early = await client.call("listTools");
    refusal(early.answer, "listTools() before initialize()", "a refusal (RefusedError), nothing written");
    const early2 = await client.call("callTool", ["word_count", { text: "a b" }]);
    refusal(early2.answer, "callTool() before initialize()", "a refusal (RefusedError), nothing written");
    const before = receivedMethods(server.recordFile);
    if (before.length > 0)
      failRule("the server's record before initialize()", "no message at all", `[${before.join(", ")}]`);
    await client.ready();
    const methods = receivedMethods(server.recordFile);
    const wanted = ["initialize", "notifications/initialized", "tools/list"];
    if (!isDeepStrictEqual(methods, wanted))
      failRule(
        "the server's record of the handshake and discovery",
        `[${wanted.join(", ")}]`,
        `[${methods.join(", ")}]`,
      );
  } finally {
    await client.close();
  }
}

/**
 * A handshake refused (a server speaking another version) leaves the client not ready: no
 * announcement goes out, and discovery and calls after it are refused without writing.
 */
async function refusedHandshakeEndsTheSession(context: RuleContext): Promise<void> {
  const server = context.server("old-version", { subdir: "refused-handshake" });
  const client = await ClientSession.open(context, server, { allowed: ["word_count"], timeoutMs: ORDER_TIMEOUT_MS });
  try {
    refusal((await client.call("initialize")).answer, "initialize() against a server of another version", "a refusal");
    refusal(
      (await client.call("listTools")).answer,
      "listTools() after the refused handshake",
      "a refusal: the session never became ready",
    );
  } finally {
    await client.close();
  }
  const sent = receivedMethods(server.recordFile).filter((method) => SESSION_METHODS.includes(method));
  if (sent.length > 0)
    failRule(
      "the server's record after a refused initialize",
      "no announcement, discovery or call",
      `[${sent.join(", ")}]`,
    );
}

/** What a session sends once its handshake holds. */
const SESSION_METHODS = ["notifications/initialized", "tools/list", "tools/call"];

export const negativeControl: ObservedRule = {
  id: "negative-control",
  observation: 5,
  title: "the negative control: with place_purchase allowed, the server's log records the purchase",
  points: 1,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: [],
  visibility: "visible",
  where: `${CLIENT}: callTool() (an allowed, advertised tool is really called)`,
  demands: [
    {
      says: "With the purchase allowed, the server's own log does record it: the log shows what really arrived.",
      chapterLines: [184, 644],
    },
    { says: "A call the tool reports as failed is raised, never handed back as its text.", chapterLines: [594] },
  ],
  freeChoices: [FREE_CHOICES.argumentsRefused],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("normal");
    const client = await ClientSession.open(context, server, { allowed: ["word_count", "place_purchase"] });
    try {
      await client.ready();
      const { answer } = await client.call("callTool", ["place_purchase", { flavor: "vanilla", tubs: 2 }]);
      valueOf(answer, 'callTool("place_purchase") with it allowed', "the server's answer");
      const failed = await client.call("callTool", ["word_count", { text: 42 }]);
      refusal(
        failed.answer,
        'callTool("word_count", {text: 42}), which the tool reports as failed (isError)',
        "ToolError: the tool's failure raised, not returned as its answer",
        ["ToolError"],
      );
      // Arguments that are no object: refused before sending, or sent and answered with an error
      // response (invalid params), which is raised too, never handed back as the call's text.
      refusal(
        (await client.call("callTool", ["word_count", ["not", "an", "object"]])).answer,
        'callTool("word_count", ["not", "an", "object"])',
        "a refusal: arguments that are not an object, or the server's error response, raised",
      );
    } finally {
      await client.close();
    }
    const calls = loggedCalls(server.logFile);
    if (!calls.includes("place_purchase"))
      failRule("the server's log after an allowed place_purchase", "a place_purchase entry", `[${calls.join(", ")}]`);
    return "";
  },
};

export const allowlistBeforeWrite: ObservedRule = {
  id: "allowlist-before-write",
  observation: 2,
  seeded: true,
  title: "an advertised tool the application did not allow is refused before a byte reaches the server",
  points: 2,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: ["negative-control"],
  visibility: "visible",
  where: `${CLIENT}: callTool() and allowedTools() (check the allowlist before writing)`,
  demands: [
    {
      says: "A tool may be called only if the operator's allowlist names it; the model never extends that list.",
      chapterLines: [25, 377, 488, 489],
    },
    {
      says: "A call the allowlist refuses is refused inside the client, before a single byte reaches the server, and the server's log shows it never arrived.",
      chapterLines: [28, 377, 559],
    },
    { says: "Only allowed tools are offered to the model at all.", chapterLines: [176, 598, 603, 604, 609] },
  ],
  freeChoices: [FREE_CHOICES.checkOrder, FREE_CHOICES.allowlistArray, FREE_CHOICES.catalogObject],
  deadlineMs: 20_000,
  // Three sessions side by side: one tool allowed, look-alike names allowed, nothing allowed.
  body: async (context) => {
    await settledInOrder([oneToolAllowed, lookalikesAllowed, nothingAllowed], 3, (scenario) => scenario(context));
    return "";
  },
};

/** word_count allowed: it alone is offered and called; place_purchase is refused and never reaches the log. */
async function oneToolAllowed(context: RuleContext): Promise<void> {
  const server = context.server("normal");
  const client = await ClientSession.open(context, server, { allowed: ["word_count"] });
  try {
    await client.ready();
    const offered = valueOf((await client.call("allowedTools")).answer, "allowedTools()", "[word_count]");
    const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
    if (!isDeepStrictEqual(names, ["word_count"]))
      failRule("allowedTools() with word_count allowed", '["word_count"] (advertised AND allowed)', showWire(names));
    await countWords(context, client, "allowlist");
    refusedBecause(
      (await client.call("callTool", ["place_purchase", { flavor: "vanilla", tubs: 100 }])).answer,
      'callTool("place_purchase"), advertised but not allowed',
      "not-allowed",
    );
  } finally {
    await client.close();
  }
  const calls = loggedCalls(server.logFile);
  if (!isDeepStrictEqual(calls, ["word_count"]))
    failRule("the server's log", "exactly one word_count call and no place_purchase", `[${calls.join(", ")}]`);
}

/**
 * Names are compared whole and exactly: a longer name that contains it, a prefix of it, or the
 * same letters in other case, allow nothing.
 */
async function lookalikesAllowed(context: RuleContext): Promise<void> {
  const lookalikeNames = ["place_purchase_preview", "WORD_COUNT", "place", "word_"];
  const lookalikes = context.server("normal", { subdir: "lookalikes" });
  const other = await ClientSession.open(context, lookalikes, { allowed: lookalikeNames });
  try {
    await other.ready();
    for (const name of ["place_purchase", "word_count"])
      refusedBecause(
        (await other.call("callTool", [name, name === "word_count" ? { text: "a b" } : { flavor: "vanilla", tubs: 1 }]))
          .answer,
        `callTool("${name}") with allowed ${JSON.stringify(lookalikeNames)} (names match whole and exactly)`,
        "not-allowed",
      );
  } finally {
    await other.close();
  }
  const sneaked = loggedCalls(lookalikes.logFile);
  if (sneaked.length > 0)
    failRule("the server's log with look-alike names allowed", "no call at all", `[${sneaked.join(", ")}]`);
}

/** An empty allowlist allows nothing: it is not "no restriction". */
async function nothingAllowed(context: RuleContext): Promise<void> {
  const none = context.server("normal", { subdir: "nothing-allowed" });
  const closed = await ClientSession.open(context, none, { allowed: [] });
  try {
    await closed.ready();
    const listed = valueOf((await closed.call("allowedTools")).answer, "allowedTools() with nothing allowed", "[]");
    if (!Array.isArray(listed) || listed.length > 0)
      failRule("allowedTools() with nothing allowed", "[] (an empty allowlist allows nothing)", showWire(listed));
    refusedBecause(
      (await closed.call("callTool", ["word_count", { text: "a b" }])).answer,
      'callTool("word_count") with nothing allowed',
      "not-allowed",
    );
  } finally {
    await closed.close();
  }
  const unasked = loggedCalls(none.logFile);
  if (unasked.length > 0)
    failRule("the server's log with nothing allowed", "no call at all", `[${unasked.join(", ")}]`);
}

export const advertisedBeforeWrite: ObservedRule = {
  id: "advertised-before-write",
  observation: 2,
  title: "an allowed tool the server never advertised is refused before a byte reaches the server",
  points: 1,
  needs: ["StdioClient"],
  pieces: CALL_PIECES,
  dependsOn: ["negative-control"],
  visibility: "visible",
  where: `${CLIENT}: callTool() (the tool must also be in the catalog from listTools())`,
  demands: [
    {
      says: "A tool may be called only if the server advertised it as well as the allowlist naming it.",
      chapterLines: [377, 487, 490, 491],
    },
    { says: "That refusal comes before a byte reaches the server.", chapterLines: [377] },
  ],
  freeChoices: [FREE_CHOICES.checkOrder, FREE_CHOICES.connectLists],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("normal");
    const client = await ClientSession.open(context, server, { allowed: ["word_count", "delete_everything"] });
    try {
      valueOf((await client.call("initialize")).answer, "initialize()", "success");
      // Before discovery nothing is advertised yet. (A client whose initialize also lists the
      // tools, as the build notebook's connect does, has a catalog by then: no such moment to try.)
      if (!receivedMethods(server.recordFile).includes("tools/list")) {
        refusal(
          (await client.call("callTool", ["word_count", { text: "a b" }])).answer,
          'callTool("word_count") after initialize() and before listTools()',
          "a refusal (RefusedError): nothing is advertised before discovery",
          ["RefusedError"],
        );
        const sent = receivedMethods(server.recordFile).filter((method) => method === "tools/call");
        if (sent.length > 0)
          failRule("the server's record before discovery", "no tools/call", `${sent.length} tools/call`);
      }
      valueOf((await client.call("listTools")).answer, "listTools()", "success");
      const offered = valueOf((await client.call("allowedTools")).answer, "allowedTools()", "[word_count]");
      const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
      if (!isDeepStrictEqual(names, ["word_count"]))
        failRule(
          'allowedTools() with ["word_count", "delete_everything"] allowed',
          '["word_count"] (advertised AND allowed: the server never advertised delete_everything)',
          showWire(names),
        );
      refusedBecause(
        (await client.call("callTool", ["delete_everything", {}])).answer,
        'callTool("delete_everything"), allowed but not advertised',
        "not-advertised",
      );
    } finally {
      await client.close();
    }
    const calls = receivedMethods(server.recordFile).filter((method) => method === "tools/call");
    if (calls.length > 0) failRule("the server's record", "no tools/call", `${calls.length} tools/call`);
    return "";
  },
};

/** The refusal the chapter names for this case: a RefusedError with its reason ("not-allowed", "not-advertised"). */
function refusedBecause(answer: ProbeAnswer, what: string, reason: string): void {
  refusal(answer, what, `a refusal (RefusedError "${reason}")`, ["RefusedError"], reason);
}

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
  where: `${CLIENT}: the read loop (a request from the server gets a reply with its id; a ping's is the result {})`,
  demands: [
    {
      says: "A request carries an id, and exactly one response with that id answers it: a request from the server gets its response too.",
      chapterLines: [196],
    },
  ],
  freeChoices: [FREE_CHOICES.serverRequestsNotCounted],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("ping");
    // The session's roomy deadline: answering a ping is not a deadline trial, and a server starved
    // on a busy machine must not decide it (the build notebook's request check does the same).
    const client = await ClientSession.open(context, server, { allowed: ["word_count"] });
    try {
      await client.ready();
      await countWords(context, client, "ping");
    } finally {
      await client.close();
    }
    const responses = readRecord(server.recordFile).filter(
      (entry) => entry.event === "message" && entry.kind === "response",
    );
    if (responses.length === 0) failRule("the server's record", "the client's response to its ping", "no response");
    const answer = responses.find((entry) => entry.id === "server-1");
    if (answer === undefined)
      failRule(
        "the server's record",
        'a response with the ping\'s own id "server-1"',
        `responses with ids ${responses.map((entry) => JSON.stringify(entry.id)).join(", ")}`,
      );
    // The spec's ping is answered with an empty result: an error reply ("method not found") refuses it.
    if (answer.answer !== "result")
      failRule(
        "the server's record",
        'the ping "server-1" answered with a result',
        `a response carrying ${answer.answer ?? "neither result nor error"}`,
      );
    // Its result is an empty object ({}), as every result is an object: "pong" or null is no answer a peer can read.
    if (answer.resultJsonType !== "object")
      failRule(
        "the server's record",
        'the ping "server-1" answered with the result {} (an object)',
        `a result of type ${answer.resultJsonType ?? "unknown"}`,
      );
    return "";
  },
};

/** Slack on top of the client's deadline for a busy machine: the grader's clock, not the client's. */
const DEADLINE_SLACK_MS = 1000;

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
  body: async (context) => {
    const timeoutMs = SPREAD_DEADLINE_MS;
    // trickle: one byte at a time; drip: whole notifications, each alone in time. Neither may extend
    // the one deadline. Both mostly wait, so they run side by side, each in a session of its own.
    // What each server does is the mode table's to say (its summary), not restated here.
    const trials = ["trickle", "drip"] as const;
    const calls = await settledInOrder(trials, trials.length, (mode) => {
      // Timed: run again if the grader stood still long enough to decide the deadline (grading/stall.ts).
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
  body: async (context) => {
    const sixteen = context.server("normal", { notifications: 16, subdir: "sixteen" });
    const client = await ClientSession.open(context, sixteen, { allowed: ["word_count"] });
    try {
      await client.ready();
      // Twice: the bound is per reply, so a count kept for the whole session refuses the second.
      await countWords(context, client, "notifications");
      await countWords(context, client, "notifications, again");
    } finally {
      await client.close();
    }
    const seventeen = context.server("normal", { notifications: 17, subdir: "seventeen" });
    const other = await ClientSession.open(context, seventeen, { allowed: ["word_count"] });
    try {
      await other.ready();
      refusal(
        (await other.call("callTool", ["word_count", { text: "a b c" }])).answer,
        "callTool with 17 notifications before the reply",
        "a refusal (ProtocolError): more than 16 skipped",
      );
    } finally {
      await other.close();
    }
    return "";
  },
};
