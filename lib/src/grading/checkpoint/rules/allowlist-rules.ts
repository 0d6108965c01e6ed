// The allowlist rules: the negative control (with place_purchase allowed, the server logs the
// purchase), an advertised tool the application did not allow, and an allowed tool the server never
// advertised, each refused before a byte reaches the server. A tool's name is any string, compared
// as that very string: the rules try the names of properties/names.ts.
import { isDeepStrictEqual } from "node:util";
import { FREE_CHOICES } from "./free-choices.js";
import { CALL_PIECES } from "./rule-pieces.js";
import { refusal, valueOf } from "./expect.js";
import { loggedCalls, readRecord, receivedMethods } from "./server-records.js";
import { ClientSession, type Timed } from "./client-session.js";
import { settledInOrder } from "./settled.js";
import {
  failRule,
  type ClientMethod,
  type ProbeAnswer,
  type ObservedRule,
  type RuleContext,
  type ServerRun,
} from "./types.js";
import { showWire } from "./wire.js";
import { argumentsAsGiven } from "./call-arguments.js";
import { CLIENT, countWords } from "./client-rule-helpers.js";
import {
  lookalikePairs,
  madeUpTag,
  namesMadeUp,
  pairedNames,
  PROTOTYPE_NAMES,
  showName,
  showNames,
  type LookalikePair,
} from "../properties/names.js";

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
    {
      says: "Each request sends exactly what it needs, as the server's record shows: initialize its protocolVersion, capabilities and clientInfo; tools/list nothing (params absent or {}); tools/call the tool's name and its arguments (or its name alone when they are empty), and nothing else (no _meta asking for progress).",
      chapterLines: [471, 472, 473, 474, 475, 483, 492],
    },
    {
      says: "A call the application allows goes out with its arguments exactly as the caller gave them, whatever they are against the tool's schema (a required member missing, a member it does not list, a value of another type, nested values, {}, members left out that the schema gives a default, a const or a one-value enum for): judging and completing them is the server's, and its answer (the tool's text, or its failure raised) is what the caller gets.",
      chapterLines: [25, 377, 487, 488, 489, 490, 491, 492],
    },
    {
      says: "Each operation sends its request once, whatever comes back (a result, a failure the tool reports, an error response): a failure goes to the caller, never out again, so a tool runs once for one call.",
      chapterLines: [483, 484, 487, 492, 594],
    },
  ],
  freeChoices: [FREE_CHOICES.argumentsRefused, FREE_CHOICES.emptyArgumentsOmitted],
  deadlineMs: 20_000,
  body: async (context) => {
    const argumentsServer = await argumentsAsGiven(context);
    const server = context.server("normal");
    const client = await ClientSession.open(context, server, { allowed: ["word_count", "place_purchase"] });
    try {
      for (const method of ["initialize", "listTools"] as const)
        valueOf((await sentOnce(client, method, [], `${method}()`)).answer, `${method}()`, "success");
      const { answer } = await sentOnce(
        client,
        "callTool",
        ["place_purchase", { flavor: "vanilla", tubs: 2 }],
        'callTool("place_purchase")',
      );
      valueOf(answer, 'callTool("place_purchase") with it allowed', "the server's answer");
      const failed = await sentOnce(
        client,
        "callTool",
        ["word_count", { text: 42 }],
        'callTool("word_count", {text: 42})',
      );
      refusal(
        failed.answer,
        'callTool("word_count", {text: 42}), which the tool reports as failed (isError)',
        "ToolError: the tool's failure raised, not returned as its answer",
        ["ToolError"],
      );
      // Arguments that are no object: refused before sending, or sent and answered with an error
      // response (invalid params), which is raised too, never handed back as the call's text.
      refusal(
        (await sentOnce(client, "callTool", ["word_count", ["not", "an", "object"]], 'callTool("word_count", [...])'))
          .answer,
        'callTool("word_count", ["not", "an", "object"])',
        "a refusal: arguments that are not an object, or the server's error response, raised",
      );
    } finally {
      await client.close();
    }
    const calls = loggedCalls(server.logFile);
    if (calls.filter((name) => name === "place_purchase").length !== 1)
      failRule(
        "the server's log after one allowed place_purchase",
        "exactly one place_purchase entry",
        `[${calls.join(", ")}]`,
      );
    for (const run of [argumentsServer, server]) requireParamsAsSent(run.recordFile);
    return "";
  },
};

/**
 * The keys each request's params may hold, as the chapter's client sends them (lines 471–475, 483,
 * 492): initialize its version, capabilities and clientInfo; tools/list nothing (params absent or
 * empty, as JSON-RPC allows either); tools/call the tool's name and its arguments, or its name
 * alone (MCP 2025-06-18 makes arguments optional: a server reads none as {}, and whether arguments
 * that were not empty arrived whole is argumentsAsGiven's question, read from the call log).
 * Anything more (a _meta asking for progress, a cursor) asks the server for what the client never uses.
 */
const PARAM_KEYS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  initialize: [["capabilities", "clientInfo", "protocolVersion"]],
  "tools/list": [[]],
  "tools/call": [["arguments", "name"], ["name"]],
};

/** Every request of the session holds in its params exactly the keys the chapter's client sends, by the server's record. */
function requireParamsAsSent(recordFile: string): void {
  for (const entry of readRecord(recordFile)) {
    const wanted = entry.kind === "request" && entry.method !== undefined ? PARAM_KEYS[entry.method] : undefined;
    if (wanted === undefined) continue;
    // Absent params are no keys at all: JSON-RPC lets a request without params leave them out.
    const keys = entry.paramKeys === undefined ? [] : entry.paramKeys;
    if (keys === null || !wanted.some((each) => isDeepStrictEqual([...keys].sort(), each)))
      failRule(
        `the params of ${entry.method} ${showWire(entry.id)}, as the server's record holds them`,
        wanted
          .map((each) =>
            each.length === 0 ? "no keys (params absent, or {})" : `exactly the keys {${each.join(", ")}}`,
          )
          .join(", or "),
        keys === null ? "params that are no object" : `{${keys.join(", ")}}`,
      );
  }
}

/**
 * The request an operation must have sent, once, when its answer came from the server: a
 * handshake, or a call that gave a result, the tool's failure or the server's error. listTools()
 * may hand back the catalog it holds.
 */
const OWN_REQUEST: Partial<Record<ClientMethod, string>> = { initialize: "initialize", callTool: "tools/call" };
const fromTheServer = (answer: ProbeAnswer): boolean =>
  answer.ok || answer.error.name === "ToolError" || answer.error.name === "ServerError";

/**
 * One operation, failing the rule when the server's record shows it sent a request more than once,
 * or its own request other than once when the answer came from the server.
 */
async function sentOnce(
  client: ClientSession,
  method: ClientMethod,
  args: readonly unknown[],
  what: string,
): Promise<Timed> {
  const timed = await client.callOnce(method, args);
  if (timed.repeated !== undefined)
    failRule(
      `the server's record of one ${what}`,
      "each request sent once, whatever came back (a failure is reported to the caller, never sent again)",
      timed.repeated,
    );
  const own = OWN_REQUEST[method];
  const count = timed.sent.filter((each) => each === own).length;
  if (own !== undefined && fromTheServer(timed.answer) && count !== 1)
    failRule(
      `the server's record of one ${what}, which came back with the server's answer`,
      `one ${own} request, sent by this very operation`,
      `${count} ${own} requests while it ran`,
    );
  return timed;
}

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
  freeChoices: [
    FREE_CHOICES.checkOrder,
    FREE_CHOICES.allowlistArray,
    FREE_CHOICES.allowlistMap,
    FREE_CHOICES.allowlistOwnKeys,
    FREE_CHOICES.catalogObject,
  ],
  deadlineMs: 20_000,
  // Sessions side by side: one tool allowed, look-alikes allowed or advertised, nothing allowed,
  // a name made up now allowed, the prototype's names allowed.
  body: async (context) => {
    await settledInOrder(
      [oneToolAllowed, lookalikesAllowed, lookalikesAdvertised, nothingAllowed, anyNameAllowed, prototypeNamesAllowed],
      4,
      (scenario) => scenario(context),
    );
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
    await refusedBeforeWriting(
      client,
      ["place_purchase", { flavor: "vanilla", tubs: 100 }],
      'callTool("place_purchase"), advertised but not allowed',
      "not-allowed",
    );
  } finally {
    await client.close();
  }
  noStrayNotifications(server, "the session with word_count allowed");
  const calls = loggedCalls(server.logFile);
  if (!isDeepStrictEqual(calls, ["word_count"]))
    failRule("the server's log", "exactly one word_count call and no place_purchase", `[${calls.join(", ")}]`);
}

/** Arguments the teaching server's own tools take; its placeholders take any. */
const ARGUMENTS: ReadonlyMap<string, object> = new Map([
  ["word_count", { text: "a b" }],
  ["place_purchase", { flavor: "vanilla", tubs: 1 }],
]);

/**
 * Names are compared whole and exactly: a longer name that contains it, a prefix of it, the same
 * letters in other case, or a look-alike (lookalikePairs: each pair's odd name allowed, its plain
 * name advertised), allow nothing.
 */
async function lookalikesAllowed(context: RuleContext): Promise<void> {
  const pairs = lookalikePairs(madeUpTag());
  const lookalikeNames = ["place_purchase_preview", "WORD_COUNT", "place", "word_", ...pairs.map((pair) => pair.odd)];
  const advertised = pairs.map((pair) => pair.plain);
  const lookalikes = context.server("normal", { subdir: "lookalikes", extraTools: advertised });
  const other = await ClientSession.open(context, lookalikes, { allowed: lookalikeNames });
  try {
    await other.ready();
    const offered = valueOf((await other.call("allowedTools")).answer, "allowedTools() with look-alikes allowed", "[]");
    // Only the advertised names are asked about here: offering a name never advertised is
    // advertised-before-write's question.
    const everyAdvertised = ["word_count", "place_purchase", ...advertised];
    const names = Array.isArray(offered)
      ? offered
          .map((item) => (item as { name?: unknown }).name)
          .filter((name) => everyAdvertised.includes(name as string))
      : offered;
    if (!isDeepStrictEqual(names, []))
      failRule(
        "allowedTools() with only look-alikes of the advertised names allowed (a prefix, a longer name, case, NFC against NFD, NFKC, whitespace, a zero-width character, lone surrogates)",
        "[] (names match whole and exactly)",
        showNames(names),
      );
    for (const name of ["place_purchase", "word_count", ...advertised])
      await refusedBeforeWriting(
        other,
        [name, ARGUMENTS.get(name) ?? {}],
        `callTool(${showName(name)}) with only look-alikes allowed (${lookalikeOf(pairs, name)})`,
        "not-allowed",
      );
  } finally {
    await other.close();
  }
  noStrayNotifications(lookalikes, "the session with look-alike names allowed");
  const sneaked = loggedCalls(lookalikes.logFile);
  if (sneaked.length > 0)
    failRule("the server's log with look-alike names allowed", "no call at all", showNames(sneaked));
}

/**
 * The other way round: each pair's plain name allowed, both names advertised. The plain names are
 * offered and called; their look-alikes are refused before a byte is sent.
 */
async function lookalikesAdvertised(context: RuleContext): Promise<void> {
  const pairs = lookalikePairs(madeUpTag());
  const allowed = ["word_count", ...pairs.map((pair) => pair.plain)];
  const server = context.server("normal", { subdir: "lookalikes-advertised", extraTools: pairedNames(pairs) });
  const client = await ClientSession.open(context, server, { allowed });
  try {
    await client.ready();
    const offered = valueOf((await client.call("allowedTools")).answer, "allowedTools()", showNames(allowed));
    const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
    if (!isDeepStrictEqual(names, allowed))
      failRule(
        "allowedTools() with word_count and plain names allowed, and a look-alike of each advertised beside it",
        `${showNames(allowed)} (names match whole and exactly)`,
        showNames(names),
      );
    for (const pair of pairs) {
      valueOf(
        (await client.call("callTool", [pair.plain, {}])).answer,
        `callTool(${showName(pair.plain)}), allowed and advertised`,
        "the tool's answer",
      );
      await refusedBeforeWriting(
        client,
        [pair.odd, {}],
        `callTool(${showName(pair.odd)}), advertised but not allowed (${showName(pair.plain)} is: another name, alike by ${pair.readAs})`,
        "not-allowed",
      );
    }
  } finally {
    await client.close();
  }
  noStrayNotifications(server, "the session with look-alikes advertised");
  const calls = loggedCalls(server.logFile);
  const plain = pairs.map((pair) => pair.plain);
  if (!isDeepStrictEqual(calls, plain))
    failRule("the server's log with look-alike names advertised", `exactly ${showNames(plain)}`, showNames(calls));
}

/** Why `name` looks like an allowed one, for a FAIL line. */
function lookalikeOf(pairs: readonly LookalikePair[], name: string): string {
  const pair = pairs.find((each) => each.plain === name);
  return pair === undefined
    ? "names match whole and exactly"
    : `${showName(pair.odd)} is allowed: another name, alike by ${pair.readAs}`;
}

/**
 * A name is allowed only when the allowlist holds that very string: a made-up name allowed is
 * offered and called, and the prototype's names and the other made-up names, advertised but not
 * allowed, are refused before a byte is sent.
 */
async function anyNameAllowed(context: RuleContext): Promise<void> {
  const [allowedName, ...others] = namesMadeUp() as [string, ...string[]];
  const refused = [...PROTOTYPE_NAMES, ...others];
  const server = context.server("normal", { subdir: "any-name", extraTools: [...refused, allowedName] });
  const client = await ClientSession.open(context, server, { allowed: ["word_count", allowedName] });
  try {
    await client.ready();
    const offered = valueOf((await client.call("allowedTools")).answer, "allowedTools()", "the two allowed");
    const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
    if (!isDeepStrictEqual(names, ["word_count", allowedName]))
      failRule(
        `allowedTools() with ${JSON.stringify(["word_count", allowedName])} allowed and ${JSON.stringify(refused)} advertised too`,
        JSON.stringify(["word_count", allowedName]),
        showWire(names),
      );
    valueOf(
      (await client.call("callTool", [allowedName, {}])).answer,
      `callTool(${JSON.stringify(allowedName)}), allowed and advertised`,
      "the tool's answer",
    );
    for (const name of refused)
      await refusedBeforeWriting(
        client,
        [name, {}],
        `callTool(${JSON.stringify(name)}), advertised but not allowed (allowed: ${JSON.stringify(["word_count", allowedName])})`,
        "not-allowed",
      );
  } finally {
    await client.close();
  }
  noStrayNotifications(server, "the session with a made-up name allowed");
  const calls = loggedCalls(server.logFile);
  if (!isDeepStrictEqual(calls, [allowedName]))
    failRule(
      "the server's log with names made up at run time advertised",
      `exactly one call, to ${JSON.stringify(allowedName)}`,
      `[${calls.join(", ")}]`,
    );
}

/**
 * The prototype's names allowed and advertised are tools like any other: offered and called. (An
 * allowlist built by assigning keys to a plain object never holds `__proto__`: the assignment
 * sets its prototype instead.)
 */
async function prototypeNamesAllowed(context: RuleContext): Promise<void> {
  const allowed = ["word_count", ...PROTOTYPE_NAMES];
  const server = context.server("normal", { subdir: "prototype-names", extraTools: [...PROTOTYPE_NAMES] });
  const client = await ClientSession.open(context, server, { allowed });
  try {
    await client.ready();
    const offered = valueOf((await client.call("allowedTools")).answer, "allowedTools()", showWire(allowed));
    const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
    if (!isDeepStrictEqual(names, allowed))
      failRule(`allowedTools() with ${showWire(allowed)} allowed and advertised`, showWire(allowed), showWire(names));
    for (const name of PROTOTYPE_NAMES)
      valueOf(
        (await client.call("callTool", [name, {}])).answer,
        `callTool(${showWire(name)}), allowed and advertised`,
        "the tool's answer",
      );
  } finally {
    await client.close();
  }
  const calls = loggedCalls(server.logFile);
  if (!isDeepStrictEqual(calls, [...PROTOTYPE_NAMES]))
    failRule(
      "the server's log with the prototype's names allowed",
      `exactly ${showWire(PROTOTYPE_NAMES)}`,
      showWire(calls),
    );
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
    await refusedBeforeWriting(
      closed,
      ["word_count", { text: "a b" }],
      'callTool("word_count") with nothing allowed',
      "not-allowed",
    );
  } finally {
    await closed.close();
  }
  noStrayNotifications(none, "the session with nothing allowed");
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
    {
      says: "A server that lists no tools (a catalog within its bounds) leaves nothing to call: every call is refused as not advertised, before a byte is written.",
      chapterLines: [354, 375, 377, 487, 490, 491],
    },
  ],
  freeChoices: [FREE_CHOICES.checkOrder, FREE_CHOICES.connectLists, FREE_CHOICES.catalogObject],
  deadlineMs: 20_000,
  body: async (context) => {
    await emptyCatalogRefuses(context);
    // Allowed, never advertised: a name the server's tools could mention, the prototype's, one made
    // up now, and look-alikes of names the server does advertise (each pair's plain name).
    const pairs = lookalikePairs(madeUpTag());
    const unadvertised = [
      "delete_everything",
      ...PROTOTYPE_NAMES,
      ...namesMadeUp().slice(0, 1),
      ...pairs.map((pair) => pair.odd),
    ];
    const server = context.server("normal", { extraTools: pairs.map((pair) => pair.plain) });
    const client = await ClientSession.open(context, server, { allowed: ["word_count", ...unadvertised] });
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
      // The plain names, advertised and not allowed, are left out: whether they are offered is
      // allowlist-before-write's question (an allowlist that reads look-alikes as one offers them).
      const plain = pairs.map((pair) => pair.plain);
      const names = Array.isArray(offered)
        ? offered.map((item) => (item as { name?: unknown }).name).filter((name) => !plain.includes(name as string))
        : offered;
      if (!isDeepStrictEqual(names, ["word_count"]))
        failRule(
          "allowedTools() with word_count allowed, and names the server never advertised (the prototype's, one made up now, look-alikes of advertised names)",
          '["word_count"] (advertised AND allowed)',
          showWire(names),
        );
      for (const name of unadvertised) {
        const pair = pairs.find((each) => each.odd === name);
        const alike = pair === undefined ? "" : ` (${showName(pair.plain)} is: another name, alike by ${pair.readAs})`;
        await refusedBeforeWriting(
          client,
          [name, {}],
          `callTool(${showName(name)}), allowed but not advertised${alike}`,
          "not-advertised",
        );
      }
    } finally {
      await client.close();
    }
    noStrayNotifications(server, "the session with names allowed but never advertised");
    const calls = receivedMethods(server.recordFile).filter((method) => method === "tools/call");
    if (calls.length > 0) failRule("the server's record", "no tools/call", `${calls.length} tools/call`);
    return "";
  },
};

/** Against a server that lists no tools, each allowed name is refused as not advertised, unwritten. */
async function emptyCatalogRefuses(context: RuleContext): Promise<void> {
  const server = context.server("normal", { subdir: "empty-catalog", onlyTools: [] });
  const client = await ClientSession.open(context, server, { allowed: ["word_count", "place_purchase"] });
  try {
    await client.ready();
    for (const name of ["word_count", "place_purchase"])
      await refusedBeforeWriting(
        client,
        [name, { text: "a b" }],
        `callTool(${showName(name)}), allowed, against a server that lists no tools`,
        "not-advertised",
      );
  } finally {
    await client.close();
  }
  noStrayNotifications(server, "the session with a server that lists no tools");
}

/**
 * A callTool() refused for `reason` that sent nothing: no byte of the call, and no other request or
 * notification beside it (a fresh tools/list, a note to the server of the refusal), read from what
 * the server recorded while the call ran. A notification written as the call throws can land
 * after: the end of the session catches it (noStrayNotifications).
 */
async function refusedBeforeWriting(
  client: ClientSession,
  args: readonly unknown[],
  what: string,
  reason: string,
): Promise<void> {
  const { answer, sent: arrived } = await client.callOnce("callTool", args);
  refusedBecause(answer, what, reason);
  // The handshake's notification landing late is the handshake's (handshake-order judges when it comes).
  const sent = arrived.filter((method) => method !== "notifications/initialized");
  if (sent.length > 0)
    failRule(
      `what reached the server while ${what} ran`,
      "nothing: a refused call is refused before a byte is written, no request or notification beside it",
      `[${sent.join(", ")}]`,
    );
}

/** The session's notifications are its handshake's alone: one the client sent of its own (a refusal reported) fails. */
function noStrayNotifications(server: ServerRun, what: string): void {
  const stray = receivedMethods(server.recordFile).filter(
    (method) => method.startsWith("notifications/") && method !== "notifications/initialized",
  );
  if (stray.length > 0)
    failRule(
      `the notifications the server received in ${what}`,
      "notifications/initialized alone (a refused call sends nothing)",
      `[${stray.join(", ")}]`,
    );
}

/** The refusal the chapter names for this case: a RefusedError with its reason ("not-allowed", "not-advertised"). */
function refusedBecause(answer: ProbeAnswer, what: string, reason: string): void {
  refusal(answer, what, `a refusal (RefusedError "${reason}")`, ["RefusedError"], reason);
}
