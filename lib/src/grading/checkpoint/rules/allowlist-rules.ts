// The allowlist rules: the negative control (with place_purchase allowed, the server logs the
// purchase), an advertised tool the application did not allow, and an allowed tool the server never
// advertised, each refused before a byte reaches the server.
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { FREE_CHOICES } from "./free-choices.js";
import { CALL_PIECES } from "./rule-pieces.js";
import { refusal, valueOf } from "./expect.js";
import { loggedCalls, receivedMethods } from "./server-records.js";
import { ClientSession } from "./client-session.js";
import { settledInOrder } from "./settled.js";
import { failRule, type ProbeAnswer, type ObservedRule, type RuleContext } from "./types.js";
import { showWire } from "./wire.js";
import { CLIENT, countWords } from "./client-rule-helpers.js";

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
  freeChoices: [
    FREE_CHOICES.checkOrder,
    FREE_CHOICES.allowlistArray,
    FREE_CHOICES.allowlistMap,
    FREE_CHOICES.allowlistOwnKeys,
    FREE_CHOICES.catalogObject,
  ],
  deadlineMs: 20_000,
  // Three sessions side by side: one tool allowed, look-alike names allowed, nothing allowed.
  body: async (context) => {
    await settledInOrder([oneToolAllowed, lookalikesAllowed, nothingAllowed, anyNameAllowed], 4, (scenario) =>
      scenario(context),
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

/** Names every plain object answers to through its prototype: an allowlist or catalog kept in one holds them unasked. */
export const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"] as const;

/**
 * Tool names made up as the rule runs, found in no file: a client that enforces its allowlist only
 * for the names it can find somewhere (the teaching server's source) lets these through. A name is
 * any non-empty string, so they hold a space, a dot and letters beyond ASCII.
 */
export function namesMadeUp(): string[] {
  const tag = (): string => randomBytes(4).toString("hex");
  return [`rt_${tag()}`, `Tool ${tag()}.v2`, `名前-${tag()}`];
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
      refusedBecause(
        (await client.call("callTool", [name, {}])).answer,
        `callTool(${JSON.stringify(name)}), advertised but not allowed (allowed: ${JSON.stringify(["word_count", allowedName])})`,
        "not-allowed",
      );
  } finally {
    await client.close();
  }
  const calls = loggedCalls(server.logFile);
  if (!isDeepStrictEqual(calls, [allowedName]))
    failRule(
      "the server's log with names made up at run time advertised",
      `exactly one call, to ${JSON.stringify(allowedName)}`,
      `[${calls.join(", ")}]`,
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
  freeChoices: [FREE_CHOICES.checkOrder, FREE_CHOICES.connectLists, FREE_CHOICES.catalogObject],
  deadlineMs: 20_000,
  body: async (context) => {
    const server = context.server("normal");
    // Allowed, never advertised: a name the server's tools could mention, a prototype's, one made up now.
    const unadvertised = ["delete_everything", "toString", ...namesMadeUp().slice(0, 1)];
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
      const names = Array.isArray(offered) ? offered.map((item) => (item as { name?: unknown }).name) : offered;
      if (!isDeepStrictEqual(names, ["word_count"]))
        failRule(
          `allowedTools() with ${JSON.stringify(["word_count", ...unadvertised])} allowed`,
          `["word_count"] (advertised AND allowed: the server never advertised ${unadvertised.join(", ")})`,
          showWire(names),
        );
      for (const name of unadvertised)
        refusedBecause(
          (await client.call("callTool", [name, {}])).answer,
          `callTool(${JSON.stringify(name)}), allowed but not advertised`,
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
