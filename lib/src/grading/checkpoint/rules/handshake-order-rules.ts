// The handshake's order against a live server: nothing before initialize(), then initialize, its
// check, the announcement, and only then discovery; a refused handshake ends the session; a
// catalog at either end of its bounds (no tools, exactly the limit) is a session like any other.
// The server's record is the evidence.
import { isDeepStrictEqual } from "node:util";
import { FREE_CHOICES } from "./free-choices.js";
import { refusal, valueOf } from "./expect.js";
import { settledInOrder } from "./settled.js";
import { SESSION_PIECES } from "./rule-pieces.js";
import { readRecord, receivedMethods } from "./server-records.js";
import { ClientSession } from "./client-session.js";
import { failRule, type ObservedRule, type RuleContext } from "./types.js";
import { CLIENT, SESSION_METHODS } from "./client-rule-helpers.js";
import { showWire } from "./wire.js";
import { MAX_TOOLS, PROTOCOL_VERSION } from "../../../protocol/constants.js";

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
  where: `${CLIENT}: initialize() and listTools() (capabilities: {}; refuse before the handshake, without writing)`,
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
    {
      says: "A catalog at either end of its bounds is valid: a server that lists no tools gives a working session with nothing listed, and one that lists exactly the limit gives all of them.",
      chapterLines: [354, 360, 375],
    },
    {
      says: "The client declares exactly what it serves: it implements tools only, so its initialize declares no capability (capabilities is an empty object).",
      chapterLines: [328, 474, 620],
    },
    {
      says: "The client's initialize asks for the one version it speaks, the pinned 2025-06-18.",
      chapterLines: [24, 182, 328, 335],
    },
  ],
  freeChoices: [FREE_CHOICES.clientInfo, FREE_CHOICES.initializeReturns, FREE_CHOICES.connectLists],
  deadlineMs: 20_000,
  // Sessions side by side: the handshake in order, a refused one that ends the session, and
  // discovery at both ends of the catalog's bounds.
  body: async (context) => {
    await settledInOrder(
      [handshakeInOrder, refusedHandshakeEndsTheSession, emptyCatalogSession, fullCatalogSession],
      2,
      (scenario) => scenario(context),
    );
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
    const declared = readRecord(server.recordFile).find((entry) => entry.method === "initialize")?.declared;
    if (!isDeepStrictEqual(declared, []))
      failRule(
        "the capabilities initialize declared, as the server's record holds them",
        "{} (the client serves no roots, sampling or elicitation: it declares none)",
        declared === null ? "not an object" : declared === undefined ? "none recorded" : `{${declared.join(", ")}}`,
      );
    requireAskedPinned(server.recordFile);
  } finally {
    await client.close();
  }
}

/** The version initialize asked for, as the server recorded it: the pinned one, the only one the client speaks. */
function requireAskedPinned(recordFile: string): void {
  const asked = readRecord(recordFile).find((entry) => entry.method === "initialize")?.askedVersion;
  if (asked !== PROTOCOL_VERSION)
    failRule(
      "the protocolVersion initialize asked for, as the server's record holds it",
      JSON.stringify(PROTOCOL_VERSION),
      asked === undefined ? "none recorded" : JSON.stringify(asked),
    );
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

/** The names a listTools() answer holds, or undefined when it is no array of named tools. */
function listedNames(listed: unknown): string[] | undefined {
  if (!Array.isArray(listed)) return undefined;
  const names = listed.map((tool) => (tool as { name?: unknown } | null)?.name);
  return names.every((name) => typeof name === "string") ? (names as string[]) : undefined;
}

/**
 * A server with nothing to offer (an empty catalog is within the bounds): the handshake and
 * discovery succeed and nothing is listed. (That a call is then refused, unwritten, is
 * advertised-before-write's: its pieces include callTool.)
 */
async function emptyCatalogSession(context: RuleContext): Promise<void> {
  const server = context.server("normal", { subdir: "empty-catalog", onlyTools: [] });
  const allowed = ["word_count", "place_purchase"];
  const client = await ClientSession.open(context, server, { allowed, timeoutMs: ORDER_TIMEOUT_MS });
  try {
    valueOf((await client.call("initialize")).answer, "initialize() against a server that lists no tools", "success");
    const listed = valueOf(
      (await client.call("listTools")).answer,
      "listTools() against a server that lists no tools (a valid catalog: the bounds hold from 0)",
      "[] (success, nothing listed)",
    );
    if (listedNames(listed)?.length !== 0)
      failRule("listTools() against a server that lists no tools", "[]", showWire(listed));
  } finally {
    await client.close();
  }
}

/** A server listing exactly the limit: the handshake and discovery succeed with every tool listed. */
async function fullCatalogSession(context: RuleContext): Promise<void> {
  const names = Array.from({ length: MAX_TOOLS }, (_, index) => `limit_tool_${index + 1}`);
  const server = context.server("normal", { subdir: "full-catalog", onlyTools: names });
  const client = await ClientSession.open(context, server, { allowed: [names[0]!], timeoutMs: ORDER_TIMEOUT_MS });
  try {
    const what = `listTools() against a server that lists exactly ${MAX_TOOLS} tools (the limit: within the bounds)`;
    valueOf(
      (await client.call("initialize")).answer,
      `initialize() against a server that lists ${MAX_TOOLS} tools`,
      "success",
    );
    const listed = valueOf((await client.call("listTools")).answer, what, `the ${MAX_TOOLS} tools`);
    const got = listedNames(listed);
    if (got === undefined || !isDeepStrictEqual([...got].sort(), [...names].sort()))
      failRule(what, `the ${MAX_TOOLS} tools`, got === undefined ? showWire(listed) : `${got.length} tools`);
  } finally {
    await client.close();
  }
}
