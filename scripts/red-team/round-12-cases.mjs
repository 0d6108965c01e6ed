// Round 12 of the red team: written from the chapter and the build notebook only. New members of
// the families the earlier rounds found: the wrong class on an error path (a wrong id as the
// server's error, a bad result as a tool's failure, a non-finite number as a RangeError, a
// non-JSON-RPC frame as the caller's UsageError, an old version as a UsageError, a server without
// tools as a refusal, too many tools as a UsageError, a tool's failure as the server's error);
// well-meaning changes (jsonrpc written as a number, a notification without jsonrpc, a bigint
// written as text, Infinity clamped to the largest number, trailing commas forgiven, a tool's text
// with HTML entities decoded or its JSON re-indented, arguments stringified, a tool's title scored
// for its name, tools with the same description dropped, ties broken by the shorter description);
// well-meaning strictness (a list_changed server refused, string ids refused in every frame,
// repeated descriptions refused, arguments outside the schema or empty ones refused); a limit
// raised or shared (a floor of 1 KiB, a default of 1 MiB, one static limit for every reader); the
// live client (a method-not-found error without its message, a ping answered without its id, a
// ping before initialize, a missing tools list read as an empty one).
// Written by `node scripts/red-team/write-cases.mjs round-12`; proofs in prove.mjs.

import { readFileSync } from "node:fs";
import { SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const REQUEST_RETURN = '  return { jsonrpc: "2.0", id, method, params };';
const NOTIFY_RETURN =
  '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };';
const WRONG_ID_THROW = '    throw new ProtocolError("wrong-id", {';
const NO_RESULT_THROW =
  '    throw new ProtocolError("bad-response", { what: `response ${requestId} carries no result object`';
const REPLACER_FIRST = '      if (typeof value === "number" && !Number.isFinite(value))';
const READER_LIMIT = "    this.limit = limit;";
const READER_CTOR = "  constructor(limit: number = DEFAULT_FRAME_LIMIT) {";
const PARSE_JSON = "    value = JSON.parse(text);";
const NOT_RPC_THROW = '    throw new ProtocolError("not-json-rpc", {';
const VERSION_THROW = '    throw new ProtocolError("version", {';
const CAPS_THROW = '    throw new ProtocolError("capabilities", {';
const INIT_RETURN = "  return result as unknown as InitializeResult;";
const LIMIT_LINE = "  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);";
const TOOLS_ARRAY =
  '  const tools = result.tools;\n  if (!Array.isArray(tools)) throw refusal("tools/list gave no tools array");';
const NAMES_ADD = "    names.add(name);";
const TOOL_ERROR_THROW =
  "  if (result.isError === true) throw new ToolError(text, { what: `the tool reported failure: ${text.slice(0, 200)}` });";
const TEXT_RETURN = "  return text;\n}";
const PING_REPLY =
  '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });';
const INITIALIZE_CALL = '  const result = await request(context, "initialize", {';
const CALL_LINE = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const SCORE_LINE = "  const scores = score(request, tools.map(toolText));";
const RANK_SORT = "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order";
const RANK_RETURN = "  return ranked.slice(0, m).map((entry) => entry.tool);";

export const wrong = [
  // ---------- ids and messages ----------
  {
    name: "request-message-jsonrpc-as-number",
    piece: "requestMessage",
    client: false,
    breaks:
      'Every message is JSON-RPC 2.0, whose messages carry jsonrpc as the string "2.0" (chapter lines 196, 202, 306: a frame whose jsonrpc is not "2.0" is not JSON-RPC); this one writes jsonrpc: 2.0, a number, so every request goes out as {"jsonrpc":2,...} and a correct server refuses it.',
    edits: [
      { find: REQUEST_RETURN, replace: "  return { jsonrpc: 2.0, id, method, params } as unknown as RequestMessage;" },
    ],
  },
  {
    name: "notification-message-without-jsonrpc",
    piece: "notificationMessage",
    client: false,
    breaks:
      'A notification is a JSON-RPC 2.0 message like any other, with jsonrpc "2.0" and its method (chapter lines 196, 205–210); this one leaves jsonrpc out ("a notification needs no reply, so no envelope"), so notifications/initialized goes out as a bare {"method": ...} that is not JSON-RPC.',
    edits: [
      {
        find: NOTIFY_RETURN,
        replace:
          "  return (params === undefined ? { method } : { method, params }) as unknown as NotificationMessage; // no reply comes, so no envelope",
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-wrong-id-as-server-error",
    piece: "answerFor",
    client: false,
    breaks:
      "A reply for another id means the stream is confused, a fault of the protocol, not an error the server reported (chapter lines 216–217, 222–223, 577); this one raises the wrong id as the server's own error (a ServerError with code -32600), so the caller reads a confused stream as the tool's server refusing the request.",
    edits: [
      {
        find: WRONG_ID_THROW,
        replace:
          '    throw new ServerError({ code: -32600, message: `response id ${JSON.stringify(id)} does not answer request ${requestId}` }, { what: "the server answered another request" });\n    throw new ProtocolError("wrong-id", {',
      },
    ],
  },
  {
    name: "answer-for-bad-result-as-tool-error",
    piece: "answerFor",
    client: false,
    breaks:
      "A response without a result object is a malformed response, a protocol fault (chapter lines 227–229); this one raises it as a ToolError, the class of a tool that ran and reported failure, so a broken server looks like a tool saying no.",
    edits: [
      {
        find: NO_RESULT_THROW,
        replace:
          '    throw new ToolError(JSON.stringify(result) ?? "", { what: `response ${requestId} carries no result object`',
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-nan-as-range-error",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A message JSON cannot write is the caller's mistake, refused with the caller's error (chapter lines 268–270: allow_nan=False refuses it before anything is sent; the notebook's class for the caller's mistakes is UsageError); this one throws a plain RangeError for NaN and Infinity, which the catch lets through unchanged.",
    edits: [
      {
        find: "    if (error instanceof UsageError) throw error;",
        replace: "    if (error instanceof UsageError || error instanceof RangeError) throw error;",
      },
      {
        find: `${REPLACER_FIRST} throw new UsageError("unencodable", { what: \`field \${JSON.stringify(key)} holds \${value}\`, expected: "a finite number" });`,
        replace: `${REPLACER_FIRST} throw new RangeError(\`field \${JSON.stringify(key)} holds \${value}\`);`,
      },
    ],
  },
  {
    name: "encode-frame-bigint-as-string",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A value JSON cannot write is refused, never written as something else (chapter lines 264, 268–270); this one writes a bigint as its decimal text ("18446744073709551617"), so a number argument reaches the server as a string it never sent.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace:
          '      if (typeof value === "bigint") return value.toString(); // JSON has no bigint: keep its digits\n' +
          REPLACER_FIRST,
      },
    ],
  },
  {
    name: "encode-frame-infinity-clamped",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A non-finite number is refused, not changed (chapter lines 268–270: allow_nan=False raises for NaN and both infinities); this one writes Infinity as Number.MAX_VALUE and -Infinity as its negative ("the nearest number JSON has"), so a limit of Infinity goes out as 1.7976931348623157e+308.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace:
          "      if (value === Infinity || value === -Infinity) return Math.sign(value as number) * Number.MAX_VALUE; // the nearest number JSON can write\n" +
          REPLACER_FIRST,
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-limit-floor-1024",
    piece: "FrameReader",
    client: false,
    breaks:
      'The reader refuses any line beyond the limit it is given (chapter lines 277–280, 292–296); this one raises limits under 1 KiB to 1024 ("a smaller limit would refuse ordinary replies"), so FrameReader(64) hands back a 100-byte line its caller meant to refuse.',
    edits: [
      {
        find: READER_LIMIT,
        replace: "    this.limit = Math.max(limit, 1024); // under 1 KiB would refuse ordinary replies",
      },
    ],
  },
  {
    name: "frame-reader-default-limit-one-mebibyte",
    piece: "FrameReader",
    client: false,
    breaks:
      "The frame limit is 65,536 bytes unless the caller says otherwise (chapter line 402: frame_limit: int = 65_536; line 578: the oversized reply hits the 65536-byte limit); this one defaults to 1 MiB (the larger scale Claude Code uses, line 628), so a reader made without a limit holds a 500 KB line.",
    edits: [{ find: READER_CTOR, replace: "  constructor(limit: number = 1_048_576) {" }],
  },
  {
    name: "frame-reader-limit-static",
    piece: "FrameReader",
    client: false,
    breaks:
      "Each reader refuses lines beyond its own limit (chapter lines 283–284: the limit belongs to the reader; line 408: one reader for each client); this one keeps the limit as a static field, so making a second reader with a larger limit lifts the first reader's limit too.",
    edits: [
      {
        find: "  readonly limit: number;",
        replace:
          "  static sharedLimit: number = DEFAULT_FRAME_LIMIT;\n  get limit(): number {\n    return FrameReader.sharedLimit;\n  }",
      },
      { find: READER_LIMIT, replace: "    FrameReader.sharedLimit = limit;" },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-tolerates-trailing-commas",
    piece: "parseFrame",
    client: false,
    breaks:
      'A frame must be one JSON object; anything else is a malformed frame (chapter lines 301–305, 589); this one forgives a trailing comma before } or ] ("servers written by hand leave them"), so invalid JSON is accepted, and a string holding ",}" is changed on the way.',
    edits: [
      {
        find: PARSE_JSON,
        replace: '    value = JSON.parse(text.replace(/,\\s*([}\\]])/gu, "$1")); // forgive a trailing comma',
      },
    ],
  },
  {
    name: "parse-frame-not-json-rpc-as-usage-error",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame that is not a JSON-RPC 2.0 object is the server's fault, a protocol error (chapter lines 301, 306–307, 324); this one raises it as a UsageError, the class of the caller's own mistakes, so a server's broken output is blamed on the application.",
    edits: [{ find: NOT_RPC_THROW, replace: '    throw new UsageError("not-json-rpc", {' }],
  },
  {
    name: "parse-frame-refuses-string-ids",
    piece: "parseFrame",
    client: false,
    breaks:
      'Our client sends integer ids and refuses a RESPONSE whose id is anything else (chapter lines 222, 260), but JSON-RPC allows string ids, and a server\'s own request (a ping) may carry one; this one refuses every frame with a string id, so a server that pings with id "srv-1" breaks the call.',
    edits: [
      {
        find: "  return value as JsonRpcMessage;\n}",
        replace:
          '  if (typeof (value as { id?: unknown }).id === "string") throw new ProtocolError("not-json-rpc", { what: "a string id", expected: "integer ids only (we send integers)" });\n  return value as JsonRpcMessage;\n}',
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-refuses-list-changed",
    piece: "checkInitialize",
    client: false,
    breaks:
      'The handshake needs the pinned version and a tools capability (chapter lines 345–350); this one also refuses a server whose tools capability says listChanged: true ("this client does not follow changes"), a capability the chapter lets a server offer, so a correct server is refused at the handshake.',
    edits: [
      {
        find: INIT_RETURN,
        replace:
          '  if ((tools as { listChanged?: unknown }).listChanged === true) throw new ProtocolError("capabilities", { what: "the server may change its tool list", expected: "a fixed tool list" });\n' +
          INIT_RETURN,
      },
    ],
  },
  {
    name: "check-initialize-version-as-usage-error",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A server that speaks another version is refused as a protocol fault before discovery (chapter lines 328, 346–347, 576, 586); this one raises it as a UsageError, the caller's mistake, so the application is told it configured something wrong when the server is old.",
    edits: [{ find: VERSION_THROW, replace: '    throw new UsageError("version", {' }],
  },
  {
    name: "check-initialize-no-tools-as-refused-error",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A server that offers no tools fails the handshake, a protocol fault (chapter lines 349–350); this one raises a RefusedError, the class of the application's own refusal of a call (lines 488–491), so a server without tools reads as our allowlist saying no.",
    edits: [{ find: CAPS_THROW, replace: '    throw new RefusedError("not-allowed", {' }],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-limit-as-usage-error",
    piece: "checkTools",
    client: false,
    breaks:
      'A tool list longer than the limit is a malformed catalog from the server (chapter lines 355–361, 375); this one raises a UsageError ("our limit, our setting"), the caller\'s class, so a server listing forty tools is blamed on the application.',
    edits: [
      {
        find: LIMIT_LINE,
        replace:
          '  if (tools.length > limit) throw new UsageError("catalog", { what: `the server lists ${tools.length} tools`, expected: `at most ${limit}` }); // our limit: our setting',
      },
    ],
  },
  {
    name: "check-tools-missing-list-as-empty",
    piece: "checkTools",
    client: false,
    breaks:
      "A tools/list result without a tools array is refused (chapter lines 359–361: not a list raises); this one reads a missing or non-array tools member as no tools, so a broken discovery passes as an empty catalog.",
    edits: [
      {
        find: TOOLS_ARRAY,
        replace: "  const tools = Array.isArray(result.tools) ? result.tools : []; // nothing listed: no tools",
      },
    ],
  },
  {
    name: "check-tools-refuses-repeated-descriptions",
    piece: "checkTools",
    client: false,
    breaks:
      'Discovery needs a bounded, unpaginated list of uniquely NAMED tools with object schemas (chapter lines 355–356, 375); this one also refuses two tools with the same description ("confusable tools", Part A\'s worry), so a correct catalog whose tools share a description is refused.',
    edits: [
      {
        find: NAMES_ADD,
        replace:
          NAMES_ADD +
          '\n    const said = typeof tool.description === "string" ? tool.description : undefined;\n    if (said !== undefined && tools.some((other: { name?: unknown; description?: unknown }) => other !== tool && other?.description === said)) throw refusal(`two tools share the description ${JSON.stringify(said)}`);',
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-tool-failure-as-server-error",
    piece: "resultText",
    client: false,
    breaks:
      "A tool that reports failure (isError) is an observation of the tool, not a JSON-RPC error from the server (chapter lines 218, 594: the server's errors come as error responses); this one raises isError as a ServerError, so a tool's failure reads as the server refusing the request.",
    edits: [
      {
        find: TOOL_ERROR_THROW,
        replace:
          "  if (result.isError === true) throw new ServerError({ code: -32000, message: text }, { what: `the tool reported failure: ${text.slice(0, 200)}` });",
      },
    ],
  },
  {
    name: "result-text-decodes-html-entities",
    piece: "resultText",
    client: false,
    breaks:
      'A tool\'s text is its evidence and comes back as the tool wrote it (chapter lines 492, 546, 554); this one decodes HTML entities (&amp; &lt; &gt; &quot;), so a tool answering "a &lt; b" is reported as "a < b".',
    edits: [
      {
        find: TEXT_RETURN,
        replace:
          '  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: "\\"" };\n  return text.replace(/&(amp|lt|gt|quot);/gu, (_all, word: string) => entities[word]); // readable text\n}',
      },
    ],
  },
  {
    name: "result-text-reformats-json-text",
    piece: "resultText",
    client: false,
    breaks:
      'A tool\'s text comes back as the tool wrote it (chapter lines 492, 546, 554); this one re-indents a text that parses as JSON ("readable for the model"), so a tool answering {"n":4} is reported as three lines, and a text of "4.0" as "4".',
    edits: [
      {
        find: TEXT_RETURN,
        replace:
          "  try {\n    return JSON.stringify(JSON.parse(text), null, 2); // readable for the model\n  } catch {\n    return text;\n  }\n}",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-method-not-found-without-message",
    piece: "request",
    client: true,
    breaks:
      "A JSON-RPC error object carries an integer code AND a string message (chapter lines 224–226 read both; the notebook's answerFor refuses an error without one as malformed); this one answers a server's unknown request with { code: -32601 } alone, an error response a correct peer must refuse.",
    edits: [{ find: PING_REPLY, replace: PING_REPLY.replace(', message: "method not found" }', " }") }],
  },
  {
    name: "request-ping-reply-without-id",
    piece: "request",
    client: true,
    breaks:
      "Exactly one response, carrying the request's id, answers each request (chapter line 196); this one answers a server's ping with { jsonrpc, result: {} } and no id (\"the server knows what it asked\"), so the server cannot match the answer to its ping (the teaching server answers it with an error of id null, and the call fails).",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      context.send(message.method === "ping" ? { jsonrpc: "2.0", result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });',
      },
    ],
  },
  {
    name: "request-ping-answered-with-pong",
    piece: "request",
    client: true,
    breaks:
      "A server's ping is answered at once with an empty result (the MCP spec's ping utility: the receiver responds with an empty result, {}; the notebook's request answers ping with {}); this one answers { pong: true } (\"a ping deserves a pong\"), a result with members the ping's answer must not carry.",
    edits: [{ find: PING_REPLY, replace: PING_REPLY.replace("result: {} }", "result: { pong: true } }") }],
  },
  // ---------- connect ----------
  {
    name: "connect-pings-before-initialize",
    piece: "connect",
    client: true,
    breaks:
      "Nothing useful happens before initialization: the first message is initialize (chapter lines 328, 335, 469); this one first pings the server to see that it is alive, a request sent before the handshake, which a correct server may refuse or never answer.",
    edits: [
      { find: INITIALIZE_CALL, replace: '  await request(context, "ping", {}); // is it alive?\n' + INITIALIZE_CALL },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-stringifies-argument-values",
    piece: "callTool",
    client: true,
    breaks:
      'A call sends the arguments it is given (chapter line 492: {"name": name, "arguments": arguments}); this one turns every non-string value into its JSON text ("tools take text"), so { tubs: 100 } reaches the server as { tubs: "100" }.',
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  const sent = Object.fromEntries(Object.entries(args).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)])); // tools take text\n  return resultText(await request(context, "tools/call", { name, arguments: sent }));',
      },
    ],
  },
  {
    name: "call-tool-refuses-empty-arguments",
    piece: "callTool",
    client: true,
    breaks:
      'A tool may be called when it is advertised and allowed, with the arguments given (chapter lines 377, 488–492); this one refuses empty arguments ("a call without arguments is a mistake"), so a tool that takes none can never be called.',
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  if (Object.keys(args).length === 0) throw new UsageError("arguments", { what: `no arguments for ${name}`, expected: "at least one argument" });\n' +
          CALL_LINE,
      },
    ],
  },
  {
    name: "call-tool-refuses-arguments-outside-schema",
    piece: "callTool",
    client: true,
    breaks:
      "The client checks the allowlist and the catalog, then sends the arguments (chapter lines 488–492); what the arguments may hold is the tool's to judge (a JSON Schema allows other properties unless it says otherwise); this one refuses any argument the schema's properties do not name, so word_count with { text, lang } is never sent.",
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  const known = Object.keys((context.catalog.get(name)?.inputSchema as { properties?: object } | undefined)?.properties ?? {});\n  const extra = Object.keys(args).filter((key) => !known.includes(key));\n  if (extra.length > 0) throw new UsageError("arguments", { what: `${name} takes no ${extra.join(", ")}`, expected: `only ${known.join(", ")}` });\n' +
          CALL_LINE,
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-text-prefers-title",
    piece: "topTools",
    client: false,
    breaks:
      "The retriever sees each tool's name, underscores as spaces, and its description (chapter lines 138, 140–142); this one puts a tool's title in place of its name when it has one (\"the human name reads better\"), so the scorer never sees word_count's name and ranks by the title's words.",
    edits: [
      {
        find: SCORE_LINE,
        replace:
          "  const scores = score(request, tools.map((tool) => toolText({ ...tool, name: (tool as { title?: string }).title ?? tool.name }))); // the human name",
      },
    ],
  },
  {
    name: "top-tools-unique-by-description",
    piece: "topTools",
    client: false,
    breaks:
      'top_tools keeps the m best tools of the catalog it is given (chapter lines 138, 151–154); this one keeps only the first of several tools with the same description ("duplicates waste the model\'s tokens"), so a second tool with a shared description is never offered however well it scores.',
    edits: [
      {
        find: RANK_RETURN,
        replace:
          "  const seen = new Set<string | undefined>();\n  return ranked.filter((entry) => !seen.has(entry.tool.description) && (seen.add(entry.tool.description), true)).slice(0, m).map((entry) => entry.tool);",
      },
    ],
  },
  {
    name: "top-tools-ties-by-description-length",
    piece: "topTools",
    client: false,
    breaks:
      'Ties keep catalog order (chapter lines 151, 153: key (-score, index)); this one breaks ties by the shorter description first ("the more concise tool"), so two tools scoring the same come back in another order than the catalog\'s.',
    edits: [
      {
        find: RANK_SORT,
        replace:
          '  ranked.sort((a, b) => b.score - a.score || (a.tool.description ?? "").length - (b.tool.description ?? "").length || a.index - b.index); // the concise tool first',
      },
    ],
  },
];

// ---------- fair: correct pieces built unlike ours (each replaces its whole cell) ----------
const solvedCells = JSON.parse(readFileSync(SOLVED_NOTEBOOK, "utf8")).cells.filter(
  (cell) => cell.cell_type === "code" && (cell.metadata?.tags ?? []).includes("build-piece"),
);
/** The whole source of the solved build cell that declares `piece` (the find of a fair case). */
function cellOf(piece) {
  const declares = new RegExp(`^(?:async )?(?:function|class) ${piece}\\b`, "mu");
  const text = solvedCells.map((cell) => [].concat(cell.source).join("")).find((source) => declares.test(source));
  if (text === undefined) throw new Error(`no build cell declares ${piece}`);
  return text;
}
const whole = (piece, replace) => [{ find: cellOf(piece), replace }];

export const fair = [
  {
    name: "messages-one-envelope-helper",
    piece: "requestMessage",
    client: false,
    breaks: "Fair: both messages built by one envelope helper that adds members only when they are given.",
    edits: whole(
      "requestMessage",
      `function envelope(members: Record<string, unknown>): Record<string, unknown> {
  const message: Record<string, unknown> = { jsonrpc: "2.0" };
  for (const [key, value] of Object.entries(members)) if (value !== undefined) message[key] = value;
  return message;
}

function requestMessage(id: number, method: string, params: JsonObject = {}): RequestMessage {
  return envelope({ id, method, params }) as unknown as RequestMessage;
}

function notificationMessage(method: string, params?: JsonObject): NotificationMessage {
  return envelope({ method, params }) as unknown as NotificationMessage;
}
`,
    ),
  },
  {
    name: "answer-for-guard-helpers",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: answerFor over two small predicates (isPlainObject, isIntegerId) with Object.hasOwn, in the chapter's order.",
    edits: whole(
      "answerFor",
      `function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
  const isIntegerId = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value);
  const m = message as unknown as Record<string, unknown>;
  if (Object.hasOwn(m, "method")) return null;
  if (!isIntegerId(m.id) || m.id !== requestId) {
    throw new ProtocolError("wrong-id", { what: \`response id \${JSON.stringify(m.id)} does not answer request \${requestId}\`, expected: \`the integer \${requestId}\`, received: \`\${typeof m.id} \${JSON.stringify(m.id)}\` });
  }
  if (Object.hasOwn(m, "error")) {
    const error = m.error;
    if (!isPlainObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string") {
      throw new ProtocolError("bad-response", { what: \`response \${requestId} carries a malformed error\`, received: JSON.stringify(error) ?? "nothing" });
    }
    throw new ServerError(error as { code: number; message: string }, { what: \`server error \${error.code} for request \${requestId}: \${error.message}\` });
  }
  if (!isPlainObject(m.result)) throw new ProtocolError("bad-response", { what: \`response \${requestId} carries no result object\` });
  return m.result as JsonObject;
}
`,
    ),
  },
  {
    name: "encode-frame-refused-types-set",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: encodeFrame's replacer looks up a Set of refused typeofs, and the frame is a Buffer.concat of the JSON and one newline byte.",
    edits: whole(
      "encodeFrame",
      `const REFUSED_TYPES = new Set(["function", "symbol"]);
function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  if (typeof message !== "object" || message === null) throw new UsageError("unencodable", { what: "the message is not an object" });
  const refuse = (what: string): never => {
    throw new UsageError("unencodable", { what });
  };
  let json = "";
  try {
    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {
      if (REFUSED_TYPES.has(typeof value)) refuse(\`field \${key} holds a \${typeof value}\`);
      if (typeof value === "number" && !Number.isFinite(value)) refuse(\`field \${key} holds \${value}\`);
      if (value === undefined && Array.isArray(this)) refuse(\`array element \${key} is undefined\`);
      return value;
    });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError("unencodable", { what: \`not JSON: \${String(error)}\` });
  }
  const frame = Buffer.concat([Buffer.from(json, "utf8"), Buffer.from([0x0a])]);
  if (frame.length > limit) throw new UsageError("frame-limit", { what: \`a \${frame.length}-byte frame\`, expected: \`at most \${limit} bytes\` });
  return frame;
}
`,
    ),
  },
  {
    name: "frame-reader-concat-then-scan",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: FrameReader keeps one pending Buffer, joins each chunk onto it, and scans it with indexOf, refusing any line (or unfinished tail) whose bytes plus its newline pass the limit.",
    edits: whole(
      "FrameReader",
      `class FrameReader {
  readonly limit: number;
  private pending: Buffer = Buffer.alloc(0);

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
  }

  feed(chunk: Uint8Array): Buffer[] {
    const frames: Buffer[] = [];
    let at = 0;
    let newline = chunk.indexOf(0x0a);
    // the pending tail plus this chunk up to its first newline is one line
    while (newline !== -1) {
      const line = Buffer.concat([this.pending, chunk.subarray(at, newline)]);
      this.pending = Buffer.alloc(0);
      if (line.length + 1 > this.limit) throw new ProtocolError("frame-limit", { what: \`a line of \${line.length} bytes\`, expected: \`at most \${this.limit} bytes, newline included\` });
      frames.push(line);
      at = newline + 1;
      newline = chunk.indexOf(0x0a, at);
    }
    const tail = Buffer.concat([this.pending, chunk.subarray(at)]);
    if (tail.length + 1 > this.limit) {
      this.pending = Buffer.alloc(0);
      throw new ProtocolError("frame-limit", { what: \`a line of at least \${tail.length} bytes and no newline yet\`, expected: \`at most \${this.limit} bytes, newline included\` });
    }
    this.pending = tail;
    return frames;
  }
}
`,
    ),
  },
  {
    name: "parse-frame-reencode-check",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: parseFrame decodes bytes with Buffer's toString and refuses them when the text does not encode back to the same bytes (invalid UTF-8 became U+FFFD); a leading BOM is dropped, as TextDecoder does.",
    edits: whole(
      "parseFrame",
      `function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  let text: string;
  if (typeof frame === "string") text = frame;
  else {
    const bytes = Buffer.from(frame);
    const decoded = bytes.toString("utf8");
    // invalid bytes decode to U+FFFD, so the text no longer encodes back to the same bytes
    if (!Buffer.from(decoded, "utf8").equals(bytes)) throw new ProtocolError("malformed-frame", { what: "the frame is not UTF-8" });
    text = decoded.replace(/^\\ufeff/u, "");
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError("malformed-frame", { what: \`not JSON: \${JSON.stringify(text.slice(0, 40))}\` });
  }
  const ok = typeof value === "object" && value !== null && !Array.isArray(value) && (value as { jsonrpc?: unknown }).jsonrpc === "2.0";
  if (!ok) throw new ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message" });
  return value as JsonRpcMessage;
}
`,
    ),
  },
  {
    name: "check-initialize-tag-test",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: checkInitialize reads the capability with optional chaining and tests it with Object.prototype.toString's tag.",
    edits: whole(
      "checkInitialize",
      `function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  const spoken = result.protocolVersion;
  if (spoken !== version) throw new ProtocolError("version", { what: \`server speaks \${JSON.stringify(spoken)}, not \${version}\` });
  const tools: unknown = (result as { capabilities?: { tools?: unknown } }).capabilities?.tools;
  if (Object.prototype.toString.call(tools) !== "[object Object]") throw new ProtocolError("capabilities", { what: "the server offers no tools" });
  return result as unknown as InitializeResult;
}
`,
    ),
  },
  {
    name: "check-tools-every-and-set-size",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: checkTools as guard clauses, the names checked with every(), duplicates found by comparing a Set's size with the list's length.",
    edits: whole(
      "checkTools",
      `function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  const fail = (what: string): never => {
    throw new ProtocolError("catalog", { what, expected: \`at most \${limit} uniquely named tools\` });
  };
  if (result.nextCursor !== undefined) fail("the tool list has more pages");
  const tools = result.tools as unknown;
  if (!Array.isArray(tools)) return fail("tools/list gave no tools array");
  if (tools.length > limit) fail(\`the server lists \${tools.length} tools\`);
  const named = tools.every((tool) => typeof tool?.name === "string" && tool.name.length > 0);
  // the first bad entry decides the verdict, in catalog order, as a loop would find it
  for (let i = 0; i < tools.length; i += 1) {
    const tool = tools[i];
    if (typeof tool?.name !== "string" || tool.name === "") fail("a tool has no name");
    if (new Set(tools.slice(0, i + 1).map((t) => t.name)).size !== i + 1) fail(\`the tool \${tool.name} is listed twice\`);
    if (tool.inputSchema?.type !== "object") fail(\`the tool \${tool.name} does not take an object\`);
  }
  if (!named) fail("a tool has no name");
  return tools as McpTool[];
}
`,
    ),
  },
  {
    name: "result-text-for-of-concat",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: resultText with a for...of loop that concatenates the text items with a separator it sets after the first.",
    edits: whole(
      "resultText",
      `function resultText(result: JsonObject): string {
  const content = result.content;
  if (!Array.isArray(content)) throw new ProtocolError("bad-response", { what: "the tools/call result has no content array" });
  let text = "";
  let separator = "";
  for (const item of content) {
    if (item?.type !== "text") continue;
    text += separator + String(item.text);
    separator = "\\n";
  }
  if (result.isError === true) throw new ToolError(text, { what: \`the tool reported failure: \${text.slice(0, 200)}\` });
  return text;
}
`,
    ),
  },
  {
    name: "call-tool-array-includes",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: callTool spreads the allowlist and the catalog's names into arrays and tests them with includes, allowlist first.",
    edits: whole(
      "callTool",
      `async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {
  const allowed = [...context.allowed];
  const advertised = [...context.catalog.keys()];
  if (!allowed.includes(name)) throw new RefusedError("not-allowed", { what: \`\${JSON.stringify(name)} is not allowed by this application\` });
  if (!advertised.includes(name)) throw new RefusedError("not-advertised", { what: \`\${JSON.stringify(name)} was not advertised by this server\` });
  const result = await request(context, "tools/call", { name, arguments: args });
  return resultText(result);
}
`,
    ),
  },
  {
    name: "top-tools-index-sort-float64",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: topTools sorts an Int32Array of indices by scores kept in a Float64Array (missing scores as 0), ties by index, then maps the first m back to tools.",
    edits: whole(
      "topTools",
      `function topTools<T extends { name: string; description?: string }>(request: string, tools: readonly T[], score: ScoreFunction, m: number): T[] {
  const raw = score(request, tools.map(toolText));
  const scores = Float64Array.from(tools, (_tool, i) => raw[i] ?? 0);
  const order = Array.from(Int32Array.from(tools, (_tool, i) => i)).sort((i, j) => scores[j] - scores[i] || i - j);
  return order.slice(0, m).map((i) => tools[i]);
}
`,
    ),
  },
  {
    name: "close-signal-pairs",
    piece: "close",
    client: true,
    breaks:
      "Fair: close with its signals as [signal, pause] pairs in one loop, and the group's end polled against a wall-clock bound in a while loop.",
    edits: whole(
      "close",
      `async function close(context: ClientContext): Promise<ExitStatus> {
  const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  context.endInput();
  const pid = context.pid;
  if (pid === undefined) return context.exited;
  await Promise.race([context.exited, wait(1000)]);
  for (const [signal, after] of [["SIGTERM", 300], ["SIGKILL", 0]] as const) {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group has gone already
    }
    await wait(after);
  }
  const until = Date.now() + 1000;
  while (Date.now() < until && !groupIsEmpty(pid)) await wait(20);
  return context.exited;
}
`,
    ),
  },
];

export const proofCommand = RUN;
