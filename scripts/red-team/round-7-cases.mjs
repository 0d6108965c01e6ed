// Round 7 of the red team: written from the chapter and the build notebook only. Families the
// earlier rounds left: values JSON allows that a quick check refuses (a fraction, a newline in a
// text, a leading space, a U+FFFD, a hyphen in a name, negative scores), state kept from one session
// to the next in pieces not tried before (answered ids, an agreed handshake, an allowlist, call
// results, a close guard), what a resilient-minded learner skips instead of refusing (a long line,
// a stray log line, a missing result), sizes a learner rounds (64 kB, a top five), JavaScript's own
// traps (replace's first match, a boolean comparator, an array's length for bytes), and fair pieces
// built unlike ours. Written by `node scripts/red-team/write-cases.mjs round-7`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

export const wrong = [
  // ---------- requestMessage / notificationMessage ----------
  {
    name: "request-message-id-as-string",
    piece: "requestMessage",
    client: false,
    breaks:
      "The client only ever sends integer ids and checks the answer's id as an exact integer (chapter lines 200–202, 249, 260); this one writes the id as a string (JSON-RPC allows it), so what is sent is not what answerFor later requires, and every reply the server echoes back is refused.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  return { jsonrpc: "2.0", id: String(id) as unknown as number, method, params }; // JSON-RPC ids may be strings',
      },
    ],
  },
  {
    name: "notification-message-params-null",
    piece: "notificationMessage",
    client: false,
    breaks:
      "A notification carries params only when some are given (chapter lines 205–210); this one always writes the member, null when there are none (Python's None carried over), and JSON-RPC's params, when present, must be an object or an array.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace:
          '  return { jsonrpc: "2.0", method, params: params ?? null } as unknown as NotificationMessage; // None when absent',
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-missing-result-as-empty",
    piece: "answerFor",
    client: false,
    breaks:
      "A response must carry a result object or an error (chapter lines 196, 227–229: no result object is refused); this one reads a missing result as an empty one, so a reply with neither result nor error is taken as an answer.",
    edits: [
      {
        find: "  const result = message.result;",
        replace: "  const result = message.result ?? {}; // nothing to report is an empty result",
      },
    ],
  },
  {
    name: "answer-for-replay-set-across-sessions",
    piece: "answerFor",
    client: true,
    breaks:
      "An answer is matched to its request by its id within one stream (chapter lines 196–198, 222–223), and every session starts its ids again; this one keeps the ids it has answered in one set for the whole program to refuse replayed replies, so a second session's request 1 is refused as a replay and it cannot even initialize.",
    edits: [
      {
        find: "  return result as JsonObject;",
        replace:
          '  if (answered.has(requestId)) throw new ProtocolError("wrong-id", { what: `request ${requestId} was already answered`, expected: "one answer per request" });\n  answered.add(requestId);\n  return result as JsonObject;',
      },
      {
        find: "function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {",
        replace:
          "const answered = new Set<number>(); // ids already answered: a replayed reply is refused\nfunction answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {",
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-refuses-newline-in-text",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame has no raw newline inside because JSON escapes a newline in a string as \\n (chapter line 264); this one refuses any string holding a newline, so a tool call whose text spans two lines is never sent, though its frame would be one line.",
    edits: [
      {
        find: "      if (Array.isArray(this) && value === undefined)",
        replace:
          '      if (typeof value === "string" && value.includes("\\n")) throw new UsageError("unencodable", { what: `field ${JSON.stringify(key)} holds a newline`, expected: "no newline inside a frame" });\n      if (Array.isArray(this) && value === undefined)',
      },
    ],
  },
  {
    name: "encode-frame-refuses-fractions",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Only what JSON cannot write is refused: NaN and the infinities (chapter line 270, allow_nan=False); this one tests numbers with Number.isSafeInteger, so an argument of 2.5 (or 1e300) is refused as if it were not finite.",
    edits: [
      {
        find: 'if (typeof value === "number" && !Number.isFinite(value))',
        replace: 'if (typeof value === "number" && !Number.isSafeInteger(value))',
      },
    ],
  },
  {
    name: "encode-frame-default-decimal-kilobytes",
    piece: "encodeFrame",
    client: false,
    breaks:
      "The frame limit is 65,536 bytes unless another is given (chapter line 402, frame_limit: int = 65_536); this one defaults to 64,000 (64 kB read as decimal), so a 65,000-byte message the client may send is refused.",
    edits: [
      {
        find: "function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {",
        replace: "function encodeFrame(message: object, limit: number = 64_000): Buffer { // 64 kB",
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-decodes-lossily",
    piece: "FrameReader",
    client: true,
    breaks:
      "A frame that is not valid UTF-8 is malformed and refused (chapter lines 300–305: json.loads of bytes raises UnicodeDecodeError); this reader hands back each line already decoded with Buffer's toString, which turns bad bytes into U+FFFD, so the parser never sees them and a reply with invalid bytes is accepted.",
    edits: [
      {
        find: "  feed(chunk: Uint8Array): Buffer[] {\n    const frames: Buffer[] = [];",
        replace:
          "  feed(chunk: Uint8Array): string[] {\n    const frames: string[] = []; // lines as text, ready to parse",
      },
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));",
        replace: '      frames.push(Buffer.concat([...this.held, part]).toString("utf8"));',
      },
    ],
  },
  {
    name: "frame-reader-skips-oversized-line",
    piece: "FrameReader",
    client: true,
    breaks:
      "A line beyond the limit is refused (chapter lines 266, 292–296, 578, 588: an oversized answer ends in an exception); this reader drops the long line and carries on with the next one, so an oversized reply is silently lost and the call waits for another until its deadline.",
    edits: [
      {
        find: "  private heldBytes = 0;",
        replace: "  private heldBytes = 0;\n  private skipping = false; // inside a line too long to keep",
      },
      {
        find: "      const newline = chunk.indexOf(0x0a, start);",
        replace:
          "      const newline = chunk.indexOf(0x0a, start);\n      if (this.skipping) {\n        if (newline === -1) return frames;\n        this.skipping = false;\n        start = newline + 1;\n        continue;\n      }",
      },
      {
        find: '        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });',
        replace:
          "        if (newline === -1) {\n          this.skipping = true; // too long: dropped, the next line may be fine\n          return frames;\n        }\n        start = newline + 1;\n        continue;",
      },
    ],
  },
  {
    name: "frame-reader-counts-held-pieces",
    piece: "FrameReader",
    client: true,
    breaks:
      "The limit bounds the bytes of a line that has not ended yet (chapter lines 266, 280, 295–296); this reader adds the number of held pieces (the array's length) to the new part instead of the held bytes, so a line that comes in many small reads is never refused and an endless line is held whole.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (this.held.length + part.length + 1 > this.limit) {",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-object-by-first-char",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame is one JSON-RPC 2.0 object as json.loads reads it (chapter lines 300–308), and JSON allows whitespace before the object; this one refuses any frame whose first character is not {, so a server that writes a space or a tab before its reply is refused as not JSON-RPC.",
    edits: [
      {
        find: "  let value: unknown;",
        replace:
          '  if (!text.startsWith("{")) {\n    throw new ProtocolError("not-json-rpc", { what: "the frame is not a JSON object", expected: "a line starting with {" });\n  }\n  let value: unknown;',
      },
    ],
  },
  {
    name: "parse-frame-replacement-char-refused",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame of valid UTF-8 that holds one JSON-RPC object is a message (chapter lines 300–308); this one decodes leniently and takes any U+FFFD in the text as the sign of a bad byte, so a reply whose text really contains the replacement character (valid UTF-8, EF BF BD) is refused as malformed.",
    edits: [
      {
        find: '    text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { fatal: true }).decode(frame);',
        replace:
          '    text = typeof frame === "string" ? frame : Buffer.from(frame).toString("utf8");\n    if (text.includes("\\uFFFD")) throw new Error("invalid UTF-8"); // a bad byte decodes to U+FFFD',
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-remembers-first-server",
    piece: "checkInitialize",
    client: true,
    breaks:
      "Every handshake must agree on the pinned version and the tools capability, or the client stops (chapter lines 328, 344–351, 586); this one remembers that a server once agreed and skips the checks from then on, so a later session with an old-version server goes on to discovery and calls.",
    edits: [
      {
        find: "  return result as unknown as InitializeResult;",
        replace: "  agreed = true;\n  return result as unknown as InitializeResult;",
      },
      {
        find: "function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {",
        replace:
          "let agreed = false; // once a server has agreed, the handshake is known to work\nfunction checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {\n  if (agreed) return result as unknown as InitializeResult;",
      },
    ],
  },
  {
    name: "check-initialize-missing-capabilities-accepted",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A server without the tools capability is refused, and capabilities that are not an object count as none (chapter lines 328, 348–350); this one checks tools only when capabilities are present, so an answer with no capabilities at all is accepted.",
    edits: [
      {
        find: '  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {',
        replace:
          '  if (result.capabilities !== undefined && (typeof tools !== "object" || tools === null || Array.isArray(tools))) {',
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-duplicates-ignoring-case",
    piece: "checkTools",
    client: true,
    breaks:
      "Names must be unique as strings (chapter lines 365–366: name in catalog); this one compares them lower-cased, so a catalog with word_count and WORD_COUNT, two distinct names, is refused as listing one tool twice.",
    edits: [
      { find: "    if (names.has(name))", replace: "    if (names.has(name.toLowerCase()))" },
      { find: "    names.add(name);", replace: "    names.add(name.toLowerCase()); // Word_Count is word_count" },
    ],
  },
  {
    name: "check-tools-requires-properties",
    piece: "checkTools",
    client: true,
    breaks:
      "Each tool must take an object: its inputSchema is an object with type object (chapter lines 367–369); this one also demands a properties member, so a tool whose schema is just {type: object} (it takes no arguments) makes the whole catalog refused.",
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object")',
        replace: '    if (tool.inputSchema?.type !== "object" || typeof tool.inputSchema?.properties !== "object")',
      },
    ],
  },
  {
    name: "check-tools-name-pattern",
    piece: "checkTools",
    client: true,
    breaks:
      "A name must be a non-empty string, unique in the list (chapter lines 364–366); this one also requires an identifier (letters, digits, underscores), so a server with a tool named get-weather or notes.search, which MCP allows, has its whole catalog refused.",
    edits: [
      {
        find: '    if (typeof name !== "string" || name === "") throw refusal(',
        replace: '    if (typeof name !== "string" || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw refusal(',
      },
    ],
  },
  {
    name: "check-tools-adjacent-duplicates-only",
    piece: "checkTools",
    client: true,
    breaks:
      "Names must be unique in the whole list (chapter lines 362–366: every name is looked up in the catalog built so far); this one compares each name with the one before it only, so a tool listed again further down (word_count, place_purchase, word_count) is accepted.",
    edits: [
      {
        find: "  const names = new Set<string>();",
        replace: "  let previous: string | undefined; // a repeated name comes right after itself",
      },
      { find: "    if (names.has(name))", replace: "    if (name === previous)" },
      { find: "    names.add(name);", replace: "    previous = name;" },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-content-missing-as-empty",
    piece: "resultText",
    client: false,
    breaks:
      "A failed or malformed call is never quietly treated as a result (chapter line 594); this one reads a tools/call result without a content array as no text, so a broken reply comes back as an empty answer.",
    edits: [
      {
        find: "  const content = result.content;",
        replace: "  const content = Array.isArray(result.content) ? result.content : []; // no content: nothing to say",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-skips-malformed-frames",
    piece: "request",
    client: true,
    breaks:
      "A log line on stdout is a malformed frame and the client says so rather than skipping it (chapter lines 301, 324, 579, 589); this one catches the parse error and reads on, so the stdout-log server's stray line is ignored and the call succeeds.",
    edits: [
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          "    const frame = await context.nextFrame(deadline);\n    let message: JsonRpcMessage;\n    try {\n      message = parseFrame(frame);\n    } catch {\n      continue; // a stray line: not for us\n    }",
      },
    ],
  },
  {
    name: "request-ping-answer-without-jsonrpc",
    piece: "request",
    client: true,
    breaks:
      'Every MCP message is JSON-RPC 2.0 and carries jsonrpc "2.0" (chapter lines 196, 202, 306); this one answers the server\'s ping with only an id and a result, so the answer it sends is not a JSON-RPC message at all.',
    edits: [
      {
        find: '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } :',
        replace:
          '      context.send(message.method === "ping" ? ({ id: message.id, result: {} } as unknown as JsonRpcMessage) :',
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-refuses-empty-catalog",
    piece: "connect",
    client: true,
    breaks:
      "Discovery is valid when the list is bounded, unpaginated and uniquely named with object schemas (chapter lines 354–371, 375), which an empty list is; this one refuses a server that lists no tools, so a correct server with nothing to offer fails the handshake.",
    edits: [
      {
        find: '  return checkTools(await request(context, "tools/list", {}));',
        replace:
          '  const tools = checkTools(await request(context, "tools/list", {}));\n  if (tools.length === 0) throw new ProtocolError("catalog", { what: "the server offers no tools", expected: "at least one tool" });\n  return tools;',
      },
    ],
  },
  {
    name: "connect-initialized-pipelined",
    piece: "connect",
    client: true,
    breaks:
      "The server's answer to initialize is checked first, and only then is notifications/initialized sent (chapter lines 328, 468–479: nothing more is sent to a server that is refused); this one sends the notification right behind initialize, before the answer has come, to save a round trip, so a server speaking another version has already been told the session is initialized when the client refuses it.",
    edits: [
      {
        find: '  const result = await request(context, "initialize", {',
        replace: '  const answer = request(context, "initialize", {',
      },
      {
        find: '  checkInitialize(result); // refuses before anything more is sent\n  context.send(notificationMessage("notifications/initialized"));',
        replace:
          '  context.send(notificationMessage("notifications/initialized")); // pipelined behind initialize: one round trip fewer\n  checkInitialize(await answer);',
      },
    ],
  },
  {
    name: "connect-tools-listed-once",
    piece: "connect",
    client: true,
    breaks:
      "Discovery asks this server what it advertises, and a call must be to a tool this server advertised (chapter lines 410–411, 482–484, 490–491); this one lists tools once and hands the same catalog to every later session, so a second server is never asked and a tool only the first one advertised passes as advertised.",
    edits: [
      {
        find: "async function connect(context: ClientContext): Promise<McpTool[]> {",
        replace:
          "let discovered: McpTool[] | undefined; // the tool list does not change: ask once\nasync function connect(context: ClientContext): Promise<McpTool[]> {",
      },
      {
        find: '  return checkTools(await request(context, "tools/list", {}));',
        replace: '  discovered ??= checkTools(await request(context, "tools/list", {}));\n  return discovered;',
      },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-memoised-by-arguments",
    piece: "callTool",
    client: true,
    breaks:
      "A call is a tools/call request the server receives and runs, and its log is the evidence of what was really invoked (chapter lines 184, 492, 557–559); this one keeps each answer by name and arguments for the whole program, so a second identical call never reaches the server and returns the first one's text.",
    edits: [
      {
        find: "async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {",
        replace:
          "const answers = new Map<string, string>(); // the same question has the same answer\nasync function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {",
      },
      {
        find: '  return resultText(await request(context, "tools/call", { name, arguments: args }));',
        replace:
          '  const key = `${name} ${JSON.stringify(args)}`;\n  const known = answers.get(key);\n  if (known !== undefined) return known;\n  const text = resultText(await request(context, "tools/call", { name, arguments: args }));\n  answers.set(key, text);\n  return text;',
      },
    ],
  },
  {
    name: "call-tool-allowlist-prefix",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the allowlist names it (chapter lines 377, 488–489); this one lets an allowed name cover every name that starts with it, so word_count_and_order, which the operator never named, is called.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  if (![...context.allowed].some((allowed) => name.startsWith(allowed))) { // word_count covers word_count_v2",
      },
    ],
  },
  {
    name: "call-tool-allowlist-fixed-by-first-session",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist is the one the operator configured for this client (chapter lines 377, 396–407, 488); this one reads it on the first call and keeps it for the whole program, so a later session with a narrower allowlist still calls what the first one allowed.",
    edits: [
      {
        find: "async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {",
        replace:
          "let allowlist: ReadonlySet<string> | undefined; // the operator's list, read once\nasync function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {\n  allowlist ??= context.allowed;",
      },
      { find: "  if (!context.allowed.has(name)) {", replace: "  if (!allowlist.has(name)) {" },
    ],
  },
  {
    name: "call-tool-refusal-returned-as-text",
    piece: "callTool",
    client: true,
    breaks:
      "A call outside the allowlist is refused with an error (chapter lines 488–489, 549–550), and a failed call is never quietly treated as a result (line 594); this one returns the refusal as the call's text, so the caller gets a string it cannot tell from a tool's answer.",
    edits: [
      {
        find: '    throw new RefusedError("not-allowed", { what: `${JSON.stringify(name)} is not allowed by this application`, expected: `one of [${[...context.allowed].join(", ")}]` });',
        replace:
          "    return `refused: ${JSON.stringify(name)} is not allowed by this application`; // an observation for the model, not a crash",
      },
    ],
  },
  {
    name: "request-timeout-fixed-by-first-session",
    piece: "request",
    client: true,
    breaks:
      "Each client's operations are bounded by that client's own timeout (chapter lines 383, 401–407, 454); this one reads the timeout on the first request and keeps it for the whole program, so a later session configured with a one-second timeout waits as long as the first session's three.",
    edits: [
      {
        find: "async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
        replace:
          "let budgetMs: number | undefined; // the configured timeout, read once\nasync function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {\n  budgetMs ??= context.timeoutMs;",
      },
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  const deadline = AbortSignal.timeout(budgetMs); // one for every read below",
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-guard-module-level",
    piece: "close",
    client: true,
    breaks:
      "Closing ends this server's input and then its whole process group (chapter lines 495–511); this one guards against closing twice with one flag for the whole program, so the second session's close does nothing but wait for its server, which never gets end of input and is never signalled.",
    edits: [
      {
        find: "async function close(context: ClientContext): Promise<ExitStatus> {",
        replace:
          "let closed = false; // close once\nasync function close(context: ClientContext): Promise<ExitStatus> {\n  if (closed) return context.exited;\n  closed = true;",
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-own-text-first-underscore",
    piece: "topTools",
    client: false,
    breaks:
      "A retriever sees a tool's name with underscores as spaces, then its description (chapter lines 138–142: Python's replace changes every underscore); this one writes the text itself with JavaScript's string replace, which changes only the first, so check_stock_level is scored as check stock_level and a request for the stock level misses it.",
    edits: [
      {
        find: "  const scores = score(request, tools.map(toolText));",
        replace:
          '  const texts = tools.map((tool) => `${tool.name.replace("_", " ")}. ${tool.description ?? ""}`); // name words, then what it does\n  const scores = score(request, texts);',
      },
    ],
  },
  {
    name: "top-tools-normalises-by-max",
    piece: "topTools",
    client: false,
    breaks:
      "The m tools with the highest scores come first (chapter lines 151–154); this one divides every score by the best before ranking, which reverses the order when all scores are negative (cosine similarities can be) and gives NaN when the best is 0.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));",
        replace:
          "  const best = Math.max(...scores); // each score as a share of the best\n  const ranked = tools.map((tool, index) => ({ tool, index, score: (scores[index] ?? 0) / best }));",
      },
    ],
  },
  {
    name: "top-tools-boolean-comparator",
    piece: "topTools",
    client: false,
    breaks:
      "Ties keep catalog order (chapter lines 151–153: the index is the second key); this one sorts with a comparator that answers only 1 or -1, never 0, so equal scores are not equal to the sort and tied tools come out in reverse catalog order.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace: "  ranked.sort((a, b) => (b.score > a.score ? 1 : -1)); // best first",
      },
    ],
  },
  {
    name: "top-tools-m-clamped-to-five",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools keeps the m best (chapter lines 138, 145–154); this one never returns more than five, the number the experiment offered (line 156), so asking for eight gives five.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace: "  return ranked.slice(0, Math.min(m, 5)).map((entry) => entry.tool); // the experiment's top five",
      },
    ],
  },
];

export const fair = [
  {
    name: "request-message-member-order",
    piece: "requestMessage",
    client: false,
    breaks:
      "Fair: a request is jsonrpc, an id, a method and its params (chapter lines 196, 200–202), and JSON objects are unordered; this one writes the same four members in another order, so its frames' bytes differ from ours but every message is the same.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  const message = { method, params, id, jsonrpc: "2.0" as const }; // member order is free in JSON\n  return message;',
      },
    ],
  },
  {
    name: "answer-for-own-members",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: a message with a method answers nothing, and an error member is raised (chapter lines 216–226); this one asks Object.hasOwn instead of the in operator, which for a parsed JSON object is the same question.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace: '  if (Object.hasOwn(message, "method")) return null; // a notification or a request from the server',
      },
      { find: '  if ("error" in message) {', replace: '  if (Object.hasOwn(message, "error")) {' },
    ],
  },
  {
    name: "encode-frame-size-before-bytes",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: a frame is the compact JSON and one newline, refused when its bytes exceed the limit (chapter lines 268–273); this one measures the size with Buffer.byteLength before making any bytes, and makes them only for a frame that fits.",
    edits: [
      {
        find: '  const frame = Buffer.from(`${json}\\n`, "utf8");\n  if (frame.length > limit) {\n    throw new UsageError("frame-limit", { what: `a ${frame.length}-byte frame is too large`',
        replace:
          '  const size = Buffer.byteLength(json, "utf8") + 1; // the newline counts\n  if (size > limit) {\n    throw new UsageError("frame-limit", { what: `a ${size}-byte frame is too large`',
      },
      { find: "  return frame;", replace: '  return Buffer.from(`${json}\\n`, "utf8");' },
    ],
  },
  {
    name: "parse-frame-shared-decoder",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: a frame must be UTF-8 holding one JSON-RPC 2.0 object (chapter lines 300–308); this one makes one strict decoder for every frame instead of one per frame (a decode without stream keeps no state between calls, even after a failure).",
    edits: [
      {
        find: "function parseFrame(frame: Uint8Array | string): JsonRpcMessage {",
        replace:
          'const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true }); // one decoder for every frame\nfunction parseFrame(frame: Uint8Array | string): JsonRpcMessage {',
      },
      {
        find: 'new TextDecoder("utf-8", { fatal: true }).decode(frame);',
        replace: "STRICT_UTF8.decode(frame);",
      },
    ],
  },
  {
    name: "check-initialize-capabilities-first",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: the server must agree on the version and offer tools, or the client stops before discovery (chapter lines 328, 344–351); this one checks the tools capability first and the version second, with its own wording, so an answer wrong in both ways is refused for the capability instead.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace:
          '  const offered = (result.capabilities as { tools?: unknown } | undefined)?.tools;\n  if (typeof offered !== "object" || offered === null || Array.isArray(offered)) {\n    throw new ProtocolError("capabilities", { what: "no tools capability in the answer to initialize", expected: "capabilities.tools, an object" });\n  }\n  if (result.protocolVersion !== version) {',
      },
    ],
  },
  {
    name: "check-tools-two-passes",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: every tool needs a unique non-empty name and an object schema (chapter lines 354–371); this one checks all the names in one pass and all the schemas in a second, so a list with both faults is refused for its name first, and every refusal is still a catalog error.",
    edits: [
      {
        find: '    names.add(name);\n    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(name)} does not take an object`);\n  }',
        replace:
          '    names.add(name);\n  }\n  for (const tool of tools) {\n    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(tool.name)} does not take an object`);\n  }',
      },
    ],
  },
  {
    name: "result-text-loop-push",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: the call's answer is its text content, and a tool's failure is raised (chapter lines 492, 594); this one collects the text items with a loop instead of filter and map, joined by the same newline.",
    edits: [
      {
        find: '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");',
        replace:
          '  const parts: string[] = [];\n  for (const item of content) if (item?.type === "text") parts.push(String(item.text));\n  const text = parts.join("\\n");',
      },
    ],
  },
  {
    name: "request-handler-table",
    piece: "request",
    client: true,
    breaks:
      "Fair: the chapter's client answers no request from the server, and MCP asks that a ping be answered; this one keeps the server requests it answers in a table (ping only, looked up with Object.hasOwn) and answers every other one with method not found, in its own words.",
    edits: [
      {
        find: "async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
        replace:
          "const SERVER_REQUESTS: Record<string, () => JsonObject> = { ping: () => ({}) }; // what we answer\nasync function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
      },
      {
        find: '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });',
        replace:
          '      const known = Object.hasOwn(SERVER_REQUESTS, message.method);\n      context.send(known ? { jsonrpc: "2.0", id: message.id, result: SERVER_REQUESTS[message.method]() } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: `this client does not answer ${message.method}` } });',
      },
    ],
  },
  {
    name: "close-grace-timer-cleared",
    piece: "close",
    client: true,
    breaks:
      "Fair: closing ends the input, gives the server a grace to exit, then signals its group with SIGTERM and SIGKILL (chapter lines 495–511); this one waits out the grace with its own timer that it clears when the server exits, instead of racing two promises.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  await new Promise<void>((resolve) => {\n    const grace = setTimeout(resolve, 1000);\n    void context.exited.then(() => {\n      clearTimeout(grace); // no timer left behind\n      resolve();\n    });\n  });",
      },
    ],
  },
  {
    name: "call-tool-lists-as-arrays",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: a tool is called only if it is allowed and advertised, and refused before anything is sent (chapter lines 377, 487–491); this one asks both questions of arrays made from the allowlist and the catalog's names.",
    edits: [
      { find: "  if (!context.allowed.has(name)) {", replace: "  if (!Array.from(context.allowed).includes(name)) {" },
      { find: "  if (!context.catalog.has(name)) {", replace: "  if (![...context.catalog.keys()].includes(name)) {" },
    ],
  },
];

export const proofCommand = RUN;
