// Round 14 of the red team: written from the chapter and the build notebook only. New families and
// new members of old ones: a method changed on the way (trimmed, prefixed); error replies judged by
// rules JSON-RPC does not make (negative codes only, data required, a message made text); a value
// refused or rewritten that JSON writes (an undefined member, Infinity as text); a reader that cuts
// a long line into frames or caps a larger limit; a parser that turns string ids into numbers,
// limits depth or reads a string twice; a handshake that refuses empty tools or takes an array; a
// catalog whose cursor is read by truth or that demands an outputSchema; a tool's text run
// together, failing on a truthy isError or handed back as "Error: ..."; ids kept per method and
// answers that carry a method; a handshake in the chapter's snake case or bounded by the
// allowlist; a call sending null for no arguments or a lowered name; a ranking with a name bonus
// or a cut at the mean; close() that starts with SIGQUIT or does not wait for the end of input.
// Written by `node scripts/red-team/write-cases.mjs round-14`; proofs in prove.mjs.

import { readFileSync } from "node:fs";
import { SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const REQUEST_RETURN = '  return { jsonrpc: "2.0", id, method, params };';
const NOTIFY_RETURN =
  '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };';
const ERROR_TEST =
  '    if (typeof error !== "object" || error === null || !Number.isInteger(error.code) || typeof error.message !== "string") {';
const REPLACER_FIRST = '      if (typeof value === "number" && !Number.isFinite(value))';
const READER_LIMIT_TEST = "      if (this.heldBytes + part.length + 1 > this.limit) {";
const READER_CONSTRUCTOR = "    this.limit = limit;";
const PARSE_RETURN = "  return value as JsonRpcMessage;\n}";
const PARSE_JSON = "    value = JSON.parse(text);";
const CAPS_TEST = '  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {';
const CURSOR_TEST = "  if (result.nextCursor !== undefined) throw refusal(";
const SCHEMA_TEST = '    if (tool.inputSchema?.type !== "object")';
const TEXT_JOIN = '.map((item) => String(item.text)).join("\\n");';
const ISERROR_LINE =
  "  if (result.isError === true) throw new ToolError(text, { what: `the tool reported failure: ${text.slice(0, 200)}` });";
const ID_LINE = "  const id = context.nextId();";
const METHOD_NOT_FOUND = '{ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } }';
const INIT_PARAMS = "    protocolVersion: PROTOCOL_VERSION,\n    capabilities: {},\n    clientInfo:";
const LIST_RETURN = '  return checkTools(await request(context, "tools/list", {}));';
const CALL_LINE = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const SCORE_LINE = "  const scores = score(request, tools.map(toolText));";
const RANK_SLICE = "  return ranked.slice(0, m).map((entry) => entry.tool);";
const FIRST_SIGNAL = '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there';
const GRACE = "  await Promise.race([context.exited, pause(1000)]);";

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

export const wrong = [
  // ---------- the two messages ----------
  {
    name: "request-message-method-trimmed",
    piece: "requestMessage",
    client: false,
    breaks:
      'A request carries the method it is given (chapter lines 200–202; the notebook builds the message from its arguments, unchanged); this one trims the method ("a stray space would make the server answer method not found"), so requestMessage(1, " tools/list") names a method the caller never gave.',
    edits: [
      {
        find: REQUEST_RETURN,
        replace: '  return { jsonrpc: "2.0", id, method: method.trim(), params }; // no stray spaces on the wire',
      },
    ],
  },
  {
    name: "notification-message-method-prefixed",
    piece: "notificationMessage",
    client: false,
    breaks:
      'A notification carries the method it is given (chapter lines 205–210); this one puts "notifications/" in front of a method that lacks it ("every notification lives under notifications/"), so notificationMessage("$/cancel") or any other method goes out renamed.',
    edits: [
      {
        find: NOTIFY_RETURN,
        replace:
          '  if (!method.startsWith("notifications/")) method = `notifications/${method}`; // every notification lives there\n' +
          NOTIFY_RETURN,
      },
    ],
  },
  {
    name: "request-message-params-omitted-when-undefined-members",
    piece: "requestMessage",
    client: false,
    breaks:
      'A request carries its params object as given (chapter lines 200–202); this one leaves params out when every member holds undefined ("nothing to send"), so requestMessage(2, "tools/list", { cursor: undefined }) has no params member where the solved one writes {}.',
    edits: [
      {
        find: REQUEST_RETURN,
        replace:
          '  if (Object.values(params).every((value) => value === undefined) && Object.keys(params).length > 0) return { jsonrpc: "2.0", id, method } as RequestMessage; // nothing to send\n' +
          REQUEST_RETURN,
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-error-code-negative-only",
    piece: "answerFor",
    client: false,
    breaks:
      "An error reply with an integer code and a string message is the server's error (chapter lines 224–226; the notebook raises it as ServerError); this one calls a non-negative code malformed (\"JSON-RPC error codes are negative\"), so an application error with code 1 is raised as a protocol fault instead of the server's error.",
    edits: [
      {
        find: "!Number.isInteger(error.code) ||",
        replace: "!Number.isInteger(error.code) || (error.code as number) >= 0 ||",
      },
    ],
  },
  {
    name: "answer-for-error-data-required",
    piece: "answerFor",
    client: false,
    breaks:
      'An error object has an integer code and a string message; data is optional (chapter lines 224–226); this one demands a data member ("the details live in data"), so an ordinary method-not-found error is refused as malformed instead of raised as the server\'s error.',
    edits: [
      {
        find: 'typeof error.message !== "string") {',
        replace: 'typeof error.message !== "string" || !("data" in error)) {',
      },
    ],
  },
  {
    name: "answer-for-error-message-stringified",
    piece: "answerFor",
    client: false,
    breaks:
      'An error whose message is not a string is malformed, a protocol fault (chapter lines 224–226; the notebook: a string message); this one makes any message text first ("String() tidies it"), so { code: 1, message: 5 } is raised as the server\'s well-formed error.',
    edits: [
      {
        find: ERROR_TEST,
        replace:
          '    if (typeof error === "object" && error !== null && "message" in error && error.message !== undefined) error.message = String(error.message); // tidy\n' +
          ERROR_TEST,
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-refuses-undefined-members",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A member holding undefined is left out of the JSON (the notebook: JSON has no undefined, so the member is absent; only an undefined array element is refused); this one refuses every undefined value ("undefined has no JSON"), so a request with params { cursor: undefined } cannot be sent at all.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace:
          '      if (value === undefined) throw new UsageError("unencodable", { what: `field ${JSON.stringify(key)} is undefined`, expected: "a JSON value" });\n' +
          REPLACER_FIRST,
      },
    ],
  },
  {
    name: "encode-frame-infinity-as-text",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A number JSON cannot write (NaN, Infinity) is refused, not changed (chapter: the message must be valid JSON; the notebook refuses it); this one writes Infinity and -Infinity as the strings "Infinity" and "-Infinity" ("keep the meaning"), so a number the caller gave goes out as text.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace:
          "      if (value === Infinity || value === -Infinity) return String(value); // keep the meaning\n" +
          REPLACER_FIRST,
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-cuts-long-lines",
    piece: "FrameReader",
    client: false,
    breaks:
      'A line longer than the limit is refused as a protocol fault (chapter: a frame limit; the notebook: frame-limit); this one hands the held bytes on as a frame whenever they reach the limit ("never hold more than the limit"), so an oversized reply becomes pieces that parseFrame sees as separate frames.',
    edits: [
      {
        find: READER_LIMIT_TEST,
        replace:
          "      if (this.heldBytes + part.length + 1 > this.limit) {\n        const room = this.limit - 1 - this.heldBytes; // hand on what fits, keep reading\n        frames.push(Buffer.concat([...this.held, chunk.subarray(start, start + room)]));\n        this.held = [];\n        this.heldBytes = 0;\n        start += room;\n        continue;\n      }\n      if (false) {",
      },
    ],
  },
  {
    name: "frame-reader-limit-capped-at-default",
    piece: "FrameReader",
    client: false,
    breaks:
      'The reader keeps the limit it is given (the notebook: FrameReader(limit)); this one never lets a limit exceed the default ("more would be unsafe"), so a reader built for 1 MiB refuses a 100 KB reply.',
    edits: [
      {
        find: READER_CONSTRUCTOR,
        replace: "    this.limit = Math.min(limit, DEFAULT_FRAME_LIMIT); // never above the safe default",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-numeric-string-ids",
    piece: "parseFrame",
    client: false,
    breaks:
      'The message is handed on as the server sent it (the notebook: parseFrame checks, never changes); this one turns an id written as a numeric string into a number ("some servers quote ids"), so a reply with id "1" answers request 1, which the chapter refuses as a wrong id.',
    edits: [
      {
        find: PARSE_RETURN,
        replace:
          '  const raw = value as { id?: unknown };\n  if (typeof raw.id === "string" && /^\\d+$/.test(raw.id)) raw.id = Number(raw.id); // some servers quote ids\n' +
          PARSE_RETURN,
      },
    ],
  },
  {
    name: "parse-frame-depth-guard",
    piece: "parseFrame",
    client: false,
    breaks:
      'Any JSON-RPC 2.0 object is a message (chapter lines 190–196); this one refuses an object nested deeper than 8 levels ("a guard against hostile JSON"), so a reply carrying an ordinary nested schema or result is refused as malformed.',
    edits: [
      {
        find: PARSE_RETURN,
        replace:
          '  const depth = (v: unknown): number => (typeof v === "object" && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depth)) : 0);\n  if (depth(value) > 8) throw new ProtocolError("malformed-frame", { what: "the frame is nested too deep", expected: "at most 8 levels" });\n' +
          PARSE_RETURN,
      },
    ],
  },
  {
    name: "parse-frame-unwraps-quoted-json",
    piece: "parseFrame",
    client: false,
    breaks:
      'A frame is one JSON object; a JSON string is not a message (the notebook: not-json-rpc); this one parses a string value a second time ("some servers double-encode"), so a frame holding a quoted JSON-RPC object is accepted.',
    edits: [
      {
        find: PARSE_JSON,
        replace:
          '    value = JSON.parse(text);\n    if (typeof value === "string") value = JSON.parse(value); // some servers double-encode',
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-empty-tools-refused",
    piece: "checkInitialize",
    client: false,
    breaks:
      'A server offers tools when capabilities.tools is an object (chapter lines 232–236; the notebook: "capabilities.tools to be an object"), and {} is one; this one calls an empty tools object no offer ("nothing in it"), so the commonest handshake, tools: {}, is refused.',
    edits: [
      {
        find: CAPS_TEST,
        replace:
          '  if (typeof tools !== "object" || tools === null || Array.isArray(tools) || Object.keys(tools).length === 0) {',
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-output-schema-required",
    piece: "checkTools",
    client: false,
    breaks:
      'A tool needs a name and an object inputSchema; an outputSchema is optional (chapter lines 240–250); this one demands an object outputSchema too ("we must know what comes back"), so an ordinary catalog is refused.',
    edits: [
      {
        find: SCHEMA_TEST,
        replace:
          '    if (typeof (tool as { outputSchema?: unknown }).outputSchema !== "object") throw refusal(`the tool ${JSON.stringify(name)} has no outputSchema`);\n' +
          SCHEMA_TEST,
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-error-as-prefixed-text",
    piece: "resultText",
    client: false,
    breaks:
      'A tool\'s failure (isError true) is raised as a ToolError (the notebook); this one returns it as text starting "Error: " ("the model can read it"), so the caller cannot tell a failure from a result.',
    edits: [
      {
        find: ISERROR_LINE,
        replace: "  if (result.isError === true) return `Error: ${text}`; // the model can read it",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-ids-per-method",
    piece: "request",
    client: true,
    breaks:
      'Each request of a session has its own id (chapter lines 196–202, 216–217); this one counts ids per method ("each method its own sequence"), so initialize, tools/list and tools/call all go out with id 1.',
    edits: [
      {
        find: ID_LINE,
        replace:
          "  const counters = ((context as unknown as { counters?: Map<string, number> }).counters ??= new Map());\n  const id = (counters.get(method) ?? 0) + 1; // each method its own sequence\n  counters.set(method, id);",
      },
    ],
  },
  {
    name: "request-answer-carries-method",
    piece: "request",
    client: true,
    breaks:
      "A response has an id and a result or an error, and no method (chapter lines 190–196); this one answers a server's request with its method echoed (\"so the server knows what it answers\"), so the answer is itself a request in JSON-RPC's terms.",
    edits: [
      {
        find: METHOD_NOT_FOUND,
        replace:
          '{ jsonrpc: "2.0", id: message.id, method: message.method, error: { code: -32601, message: "method not found" } }',
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-snake-case-params",
    piece: "connect",
    client: true,
    breaks:
      'The initialize params are protocolVersion, capabilities and clientInfo (chapter lines 228–231, in MCP\'s camel case on the wire); this one writes protocol_version ("as the Python chapter spells it"), so the server is never told which version the client speaks.',
    edits: [
      { find: INIT_PARAMS, replace: "    protocol_version: PROTOCOL_VERSION,\n    capabilities: {},\n    clientInfo:" },
    ],
  },
  {
    name: "connect-catalog-bounded-by-allowlist",
    piece: "connect",
    client: true,
    breaks:
      "The catalog is bounded by the client's tool limit (the notebook: checkTools' default, MAX_TOOLS); this one bounds it by the allowlist's size (\"we use no more than we allow\"), so a server listing five tools is refused when one is allowed.",
    edits: [
      {
        find: LIST_RETURN,
        replace:
          '  return checkTools(await request(context, "tools/list", {}), context.allowed.size); // no more than we allow',
      },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-empty-arguments-as-null",
    piece: "callTool",
    client: true,
    breaks:
      'The call sends the arguments it is given, an object (chapter lines 255–262); this one sends null for an empty object ("null says no arguments"), so a tool called with {} receives arguments: null.',
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  return resultText(await request(context, "tools/call", { name, arguments: Object.keys(args).length === 0 ? null : args })); // null says none',
      },
    ],
  },
  {
    name: "call-tool-name-lowercased",
    piece: "callTool",
    client: true,
    breaks:
      'The call names the tool exactly as allowed and advertised (chapter: the allowlist; the notebook: both checks on the name given); this one lowers the name before both checks and the call ("tool names ignore case"), so Word_Count, allowed by the application and advertised by no server, reaches word_count.',
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  name = name.toLowerCase(); // tool names ignore case\n  if (![...context.allowed].some((a) => a.toLowerCase() === name)) {",
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-name-match-bonus",
    piece: "topTools",
    client: false,
    breaks:
      'The ranking is by the score function\'s scores, ties in catalog order (the notebook); this one adds 1 to a tool whose name appears in the request ("an exact name is the best match"), so a lower-scored tool outranks a higher one.',
    edits: [
      {
        find: SCORE_LINE,
        replace:
          "  const scores = score(request, tools.map(toolText)).map((value, i) => (request.includes(tools[i].name) ? value + 1 : value)); // the name said outright wins",
      },
    ],
  },
  {
    name: "top-tools-drops-below-mean",
    piece: "topTools",
    client: false,
    breaks:
      'topTools gives the m best tools, or every tool when there are fewer (the notebook); this one keeps only tools scoring at least the mean ("the rest are noise"), so asked for 3 of 3 it gives 1.',
    edits: [
      {
        find: RANK_SLICE,
        replace:
          "  const mean = ranked.reduce((sum, entry) => sum + entry.score, 0) / Math.max(1, ranked.length);\n  return ranked.filter((entry) => entry.score >= mean).slice(0, m).map((entry) => entry.tool); // the rest are noise",
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-sigquit-first",
    piece: "close",
    client: true,
    breaks:
      'close() asks the group to end with SIGTERM, then SIGKILL (chapter lines 600–612); this one sends SIGQUIT first ("quit, then kill"), so a server deaf to end of input dies of SIGQUIT (and may dump core) rather than being asked with SIGTERM.',
    edits: [{ find: FIRST_SIGNAL, replace: '  signalGroup(pid, "SIGQUIT"); // quit, then kill' }],
  },
  {
    name: "close-term-right-after-eof",
    piece: "close",
    client: true,
    breaks:
      'After ending its input the server gets a grace to exit by itself before any signal (chapter lines 600–612); this one signals at once ("it has had its end of input"), so a normal server that would exit 0 is ended by SIGTERM.',
    edits: [
      { find: GRACE, replace: "  await Promise.race([context.exited, pause(0)]); // it has had its end of input" },
    ],
  },
];

export const fair = [
  {
    name: "check-initialize-tools-array-accepted",
    piece: "checkInitialize",
    client: false,
    breaks:
      'Fair (once held wrong, moved here): the chapter\'s check_initialize refuses only a server whose capabilities have no "tools" key (chapter lines 348–350: `"tools" not in capabilities`), so it takes any value there as an offer of tools, as the free choice toolsCapabilityAnyValue says; this one checks typeof only, so tools: [] passes as the chapter\'s would, and a handshake with no tools is still refused (the same move as handshake-tools-in.js, commit 974094b).',
    edits: [{ find: CAPS_TEST, replace: '  if (typeof tools !== "object" || tools === null) {' }],
  },
  {
    name: "check-tools-cursor-truthy",
    piece: "checkTools",
    client: false,
    breaks:
      'Fair (once held wrong, moved here): the chapter\'s check_tools refuses a catalog whose nextCursor is true by Python\'s truth test (chapter line 357: `if result.get("nextCursor"):`), so an empty or null cursor reads as no further page, as the free choice falsyCursorNoPage says; this one tests the cursor\'s truth, so a cursor of "" or null passes as a complete catalog and a real cursor is still refused.',
    edits: [{ find: CURSOR_TEST, replace: "  if (result.nextCursor) throw refusal(" }],
  },
  {
    name: "result-text-concatenated",
    piece: "resultText",
    client: false,
    breaks:
      'Fair (once held wrong, moved here): the chapter calls result_text but never shows how several text items are put together, and the free choice textSeparator leaves the separator to the learner, any string, the empty one too (decided with result-text-default-join, commit 7bd3dc4); this one joins with the empty string, so "4" and "5" come back as "45": the items in order, a single item as it came, isError still raised.',
    edits: [{ find: TEXT_JOIN, replace: '.map((item) => String(item.text)).join("");' }],
  },
  {
    name: "result-text-iserror-truthy",
    piece: "resultText",
    client: false,
    breaks:
      'Fair (once held wrong, moved here): MCP 2025-06-18 types CallToolResult\'s isError as an optional boolean (schema/2025-06-18/schema.ts: isError?: boolean), so isError: "false" or 1 is a malformed result, and the chapter, which never shows result_text, says nothing of one: raising it or reading it as success is the client\'s choice, and the rule result-text-iserror gives only true, false or none; this one tests isError\'s truth, so true raises, false and none return the text, and a malformed "false" or 1 raises.',
    edits: [{ find: "  if (result.isError === true) throw", replace: "  if (result.isError) throw" }],
  },
  {
    name: "answer-for-check-table",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: answerFor as a table of [applies, throws] rows (wrong id, malformed error, server error, no result) walked in order; the first row that applies throws, and the result is returned when none does.",
    edits: whole(
      "answerFor",
      `function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  if ("method" in message) return null; // a request or a notification: not our answer
  const reply = message as { id?: unknown; error?: unknown; result?: unknown };
  const error = reply.error as { code?: unknown; message?: unknown } | null;
  const wellFormed = typeof error === "object" && error !== null && Number.isInteger(error.code) && typeof error.message === "string";
  const result = reply.result;
  // each row: when it applies, and what it throws; the first row that applies wins
  const rows: Array<[() => boolean, () => never]> = [
    [
      () => !(typeof reply.id === "number" && Number.isInteger(reply.id) && reply.id === requestId),
      () => {
        throw new ProtocolError("wrong-id", { what: \`response id \${JSON.stringify(reply.id)} does not answer request \${requestId}\`, expected: \`the integer \${requestId}\` });
      },
    ],
    [
      () => "error" in reply && !wellFormed,
      () => {
        throw new ProtocolError("bad-response", { what: \`response \${requestId} carries a malformed error\`, received: JSON.stringify(error) ?? "nothing" });
      },
    ],
    [
      () => "error" in reply,
      () => {
        throw new ServerError(error as { code: number; message: string }, { what: \`server error \${String(error?.code)}: \${String(error?.message)}\` });
      },
    ],
    [
      () => typeof result !== "object" || result === null || Array.isArray(result),
      () => {
        throw new ProtocolError("bad-response", { what: \`response \${requestId} carries no result object\` });
      },
    ],
  ];
  for (const [applies, refuse] of rows) if (applies()) refuse();
  return result as JsonObject;
}
`,
    ),
  },
  {
    name: "encode-frame-typeof-table",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: encodeFrame whose replacer looks the value's typeof up in a table of refusals, and whose limit is checked with Buffer.byteLength before the bytes are made.",
    edits: whole(
      "encodeFrame",
      `function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  if (typeof message !== "object" || message === null) {
    throw new UsageError("unencodable", { what: "the message is not an object", expected: "a JSON object", received: String(message) });
  }
  const refusals: Partial<Record<string, (value: unknown) => string | null>> = {
    number: (value) => (Number.isFinite(value as number) ? null : String(value)),
    function: () => "a function",
    symbol: () => "a symbol",
    bigint: () => "a bigint",
  };
  const replacer = function (this: unknown, key: string, value: unknown): unknown {
    const problem = Array.isArray(this) && value === undefined ? "an undefined array element" : (refusals[typeof value]?.(value) ?? null);
    if (problem !== null) throw new UsageError("unencodable", { what: \`field \${JSON.stringify(key)} holds \${problem}\`, expected: "a JSON value" });
    return value;
  };
  let json: string;
  try {
    json = JSON.stringify(message, replacer);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError("unencodable", { what: "the message cannot be written as JSON", received: String(error) });
  }
  const size = Buffer.byteLength(json, "utf8") + 1;
  if (size > limit) throw new UsageError("frame-limit", { what: \`a \${size}-byte frame is too large\`, expected: \`at most \${limit} bytes\` });
  return Buffer.from(json + "\\n", "utf8");
}
`,
    ),
  },
  {
    name: "frame-reader-private-fields",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: FrameReader with #private fields holding one pending Buffer (joined with each unfinished piece), cut with subarray in a while loop over the chunk.",
    edits: whole(
      "FrameReader",
      `class FrameReader {
  readonly limit: number;
  #pending: Buffer = Buffer.alloc(0);

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
  }

  feed(chunk: Uint8Array): Buffer[] {
    const out: Buffer[] = [];
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (true) {
      const at = rest.indexOf(10);
      const piece = at < 0 ? rest : rest.subarray(0, at);
      if (this.#pending.length + piece.length + 1 > this.limit) {
        const seen = this.#pending.length + piece.length;
        this.#pending = Buffer.alloc(0);
        throw new ProtocolError("frame-limit", { what: \`a line of at least \${seen} bytes\`, expected: \`at most \${this.limit} bytes, newline included\` });
      }
      if (at < 0) {
        this.#pending = Buffer.concat([this.#pending, piece]); // a copy: the chunk may be reused
        return out;
      }
      out.push(Buffer.concat([this.#pending, piece]));
      this.#pending = Buffer.alloc(0);
      rest = rest.subarray(at + 1);
    }
  }
}
`,
    ),
  },
  {
    name: "parse-frame-iife-stages",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: parseFrame whose decoding is a helper and whose JSON reading is an immediately invoked function, each throwing its own refusal; the JSON-RPC test is one positive condition returning early.",
    edits: whole(
      "parseFrame",
      `function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  const decode = (bytes: Uint8Array): string => {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes); // drops a byte-order mark
    } catch {
      throw new ProtocolError("malformed-frame", { what: "the frame is not UTF-8", expected: "one JSON-RPC 2.0 object in UTF-8" });
    }
  };
  const text = typeof frame === "string" ? frame : decode(frame);
  const value = ((): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new ProtocolError("malformed-frame", { what: \`the frame is not JSON: \${JSON.stringify(text.slice(0, 40))}\`, expected: "one JSON-RPC 2.0 object" });
    }
  })();
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  if (isObject && (value as { jsonrpc?: unknown }).jsonrpc === "2.0") return value as JsonRpcMessage;
  throw new ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message", expected: 'an object with jsonrpc "2.0"', received: String(JSON.stringify(value)).slice(0, 40) });
}
`,
    ),
  },
  {
    name: "check-initialize-kind-helper",
    piece: "checkInitialize",
    client: false,
    breaks:
      'Fair: checkInitialize through a kind() helper that names a value\'s JSON type ("null", "array", "object", ...), both conditions read from it.',
    edits: whole(
      "checkInitialize",
      `function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  const kind = (v: unknown): string => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
  const spoken = result.protocolVersion;
  if (kind(spoken) !== "string" || spoken !== version) {
    throw new ProtocolError("version", { what: \`server speaks \${JSON.stringify(spoken)}, not \${version}\`, expected: version });
  }
  const capabilities = result.capabilities;
  const tools = kind(capabilities) === "object" ? (capabilities as Record<string, unknown>).tools : undefined;
  if (kind(tools) !== "object") {
    throw new ProtocolError("capabilities", { what: "the server offers no tools", expected: "capabilities.tools to be an object" });
  }
  return result as unknown as InitializeResult;
}
`,
    ),
  },
  {
    name: "check-tools-problem-generator",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: checkTools as a generator yielding every problem in catalog order; the first one, if any, is thrown.",
    edits: whole(
      "checkTools",
      `function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  function* problems(): Generator<string> {
    if (result.nextCursor !== undefined) yield "the tool list has more pages (a nextCursor)";
    const tools = result.tools;
    if (!Array.isArray(tools)) {
      yield "tools/list gave no tools array";
      return;
    }
    if (tools.length > limit) yield \`the server lists \${tools.length} tools\`;
    const seen = new Set<string>();
    for (const tool of tools as Array<{ name?: unknown; inputSchema?: { type?: unknown } } | null>) {
      const name = tool?.name;
      if (typeof name !== "string" || name.length === 0) {
        yield "a tool has no name";
        continue;
      }
      if (seen.has(name)) yield \`the tool \${JSON.stringify(name)} is listed twice\`;
      seen.add(name);
      if (tool?.inputSchema?.type !== "object") yield \`the tool \${JSON.stringify(name)} does not take an object\`;
    }
  }
  const first = problems().next();
  if (!first.done) {
    throw new ProtocolError("catalog", { what: first.value, expected: \`one page of at most \${limit} uniquely named tools, each taking an object\` });
  }
  return result.tools as unknown as McpTool[];
}
`,
    ),
  },
  {
    name: "result-text-recursive",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: resultText with a recursive helper that gathers the text items from position i on, joined by newlines.",
    edits: whole(
      "resultText",
      `function resultText(result: JsonObject): string {
  const content = result.content;
  if (!Array.isArray(content)) throw new ProtocolError("bad-response", { what: "the tools/call result has no content array" });
  const gather = (i: number): string[] => {
    if (i >= content.length) return [];
    const item = content[i] as { type?: unknown; text?: unknown } | null;
    const rest = gather(i + 1);
    return item?.type === "text" ? [String(item.text), ...rest] : rest;
  };
  const text = gather(0).join("\\n");
  if (result.isError === true) throw new ToolError(text, { what: \`the tool reported failure: \${text.slice(0, 200)}\` });
  return text;
}
`,
    ),
  },
  {
    name: "call-tool-switch-false",
    piece: "callTool",
    client: true,
    breaks: "Fair: callTool whose two refusals are the cases of a switch (false), then the call.",
    edits: whole(
      "callTool",
      `async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {
  switch (false) {
    case context.allowed.has(name):
      throw new RefusedError("not-allowed", { what: \`\${JSON.stringify(name)} is not allowed by this application\`, expected: \`one of [\${[...context.allowed].join(", ")}]\` });
    case context.catalog.has(name):
      throw new RefusedError("not-advertised", { what: \`\${JSON.stringify(name)} was not advertised by this server\`, expected: \`one of [\${[...context.catalog.keys()].join(", ")}]\` });
  }
  const result = await request(context, "tools/call", { name, arguments: args });
  return resultText(result);
}
`,
    ),
  },
  {
    name: "top-tools-grouped-by-score",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: topTools that groups the tools by score in a Map (each group in catalog order), walks the scores from highest down and takes tools until it has m.",
    edits: whole(
      "topTools",
      `function topTools<T extends { name: string; description?: string }>(request: string, tools: readonly T[], score: ScoreFunction, m: number): T[] {
  const scores = score(request, tools.map(toolText));
  const groups = new Map<number, T[]>();
  tools.forEach((tool, i) => {
    const value = scores[i] ?? 0;
    const group = groups.get(value);
    if (group) group.push(tool);
    else groups.set(value, [tool]);
  });
  const picked: T[] = [];
  for (const value of [...groups.keys()].sort((a, b) => b - a)) {
    for (const tool of groups.get(value) ?? []) {
      if (picked.length >= m) return picked;
      picked.push(tool);
    }
  }
  return picked;
}
`,
    ),
  },
  {
    name: "close-until-helper",
    piece: "close",
    client: true,
    breaks:
      "Fair: close() with an until(test, ms) helper that polls every 25 ms: the grace waits until the leader has exited, the drain until the group is empty; SIGTERM and SIGKILL between them.",
    edits: whole(
      "close",
      `async function close(context: ClientContext): Promise<ExitStatus> {
  const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
  let exited = false;
  void context.exited.then(() => {
    exited = true;
  });
  const until = async (test: () => boolean, ms: number): Promise<void> => {
    for (let spent = 0; spent < ms && !test(); spent += 25) await sleep(25);
  };
  const send = (pid: number, signal: NodeJS.Signals): void => {
    try {
      process.kill(-pid, signal);
    } catch {
      // nothing left in the group
    }
  };
  context.endInput();
  const pid = context.pid;
  if (pid === undefined) return context.exited;
  await until(() => exited, 1000);
  send(pid, "SIGTERM"); // a grandchild may outlive its parent
  await sleep(300);
  send(pid, "SIGKILL");
  await until(() => groupIsEmpty(pid), 1000);
  return context.exited;
}
`,
    ),
  },
];

export const proofCommand = RUN;
