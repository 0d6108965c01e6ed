// Round 5 of the red team: written from the chapter and the build notebook only. Mistakes a
// different learner makes: both sides of every bound (limits, timeouts in seconds), inputs a
// grader rarely writes (array holes, null values, blank lines, log prefixes, numeric names,
// structured results), what the read loop owes the server (the ping's own id, answering later),
// retries and counts that live past one operation, signals to the wrong target or of the wrong
// kind, three forgeries (keyed to npm, to the default frame limit, to a probe's shape), and fair
// pieces built unlike ours. Written by `node scripts/red-team/write-cases.mjs round-5`; proofs in
// prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

// The solved notebook's lines the edits below start from (each found exactly once in its cell).
const FRAME_LINE = '  const frame = Buffer.from(`${json}\\n`, "utf8");';
const ALLOW_CHECK = "  if (!context.allowed.has(name)) {";
const TEXT_LINE =
  '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");';
const SCORES = "  const scores = score(request, tools.map(toolText));";
const REQUEST_HEAD =
  "async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {";
const SERVER_ASKS =
  '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });';
const TIMEOUT_CHECK = "  if (!(context.timeoutMs > 0 && context.timeoutMs <= 60_000)) {";
const INITIALIZE =
  '  const result = await request(context, "initialize", {\n    protocolVersion: PROTOCOL_VERSION,\n    capabilities: {},\n    clientInfo: { name: "my-build-client", version: "0.1.0" },\n  });\n';
const TERM = '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there';
const FEED_BODY =
  '  feed(chunk: Uint8Array): Buffer[] {\n    const frames: Buffer[] = [];\n    let start = 0;\n    for (;;) {\n      const newline = chunk.indexOf(0x0a, start);\n      const part = chunk.subarray(start, newline === -1 ? chunk.length : newline);\n      if (this.heldBytes + part.length + 1 > this.limit) {\n        const seen = this.heldBytes + part.length;\n        this.held = [];\n        this.heldBytes = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      if (newline === -1) {\n        if (part.length > 0) this.held.push(Buffer.from(part));\n        this.heldBytes += part.length;\n        return frames;\n      }\n      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      start = newline + 1;\n    }\n  }';

export const wrong = [
  // ---------- messages ----------
  {
    name: "notification-message-drops-empty-params",
    piece: "notificationMessage",
    client: false,
    breaks:
      "A notification carries params whenever some are given, and an empty object is given (chapter lines 205–209: only None leaves them out); this one treats {} as none and leaves the params out, so what the caller passed is not what is sent.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace:
          '  // nothing to say: leave params out\n  return params === undefined || Object.keys(params).length === 0 ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-error-before-id",
    piece: "answerFor",
    client: true,
    breaks:
      "The id is checked before anything else in a reply (chapter lines 198, 222–226: a reply for another id is refused, and only a reply to our request is raised as the server's error); this one raises any error reply first, so another request's error is reported as the answer to ours.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace:
          '  if ("method" in message) return null;\n  // an error is an error, whichever id it carries: raise it at once\n  if ("error" in message && typeof message.error === "object" && message.error !== null) throw new ServerError(message.error as { code: number; message: string }, { what: "the server reported an error" });',
      },
    ],
  },
  {
    name: "answer-for-result-array",
    piece: "answerFor",
    client: true,
    breaks:
      'A reply\'s result must be an object (chapter lines 227–229: isinstance(result, dict)); this one checks typeof === "object" and forgets that an array is one too, so a reply whose result is a list is returned as the answer.',
    edits: [
      {
        find: '  if (typeof result !== "object" || result === null || Array.isArray(result)) {',
        replace: '  if (typeof result !== "object" || result === null) {',
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-limit-exclusive",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A frame may be as long as the limit, newline included, and only one byte more is refused (chapter line 271: len(raw) + 1 > limit); this one refuses at >=, so a message whose frame is exactly the limit is refused.",
    edits: [{ find: "  if (frame.length > limit) {", replace: "  if (frame.length >= limit) {" }],
  },
  {
    name: "encode-frame-array-holes-as-null",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A value JSON cannot carry is refused, not written as something else (chapter lines 264, 270); this one refuses an undefined array element only when the index really exists, so a hole in a sparse array ([, 1]) is silently written as null.",
    edits: [
      {
        find: "      if (Array.isArray(this) && value === undefined) throw",
        replace: "      if (Array.isArray(this) && key in this && value === undefined) throw",
      },
    ],
  },
  {
    name: "encode-frame-refuses-null",
    piece: "encodeFrame",
    client: true,
    breaks:
      'A message is written as compact JSON, and null is a JSON value like any other (chapter lines 264, 270: json.dumps writes None as null); this one looks for "null" in the written text to catch NaN, so it refuses arguments holding null and even a text that contains the word null.',
    edits: [
      {
        find: FRAME_LINE,
        replace:
          '  // JSON writes NaN and Infinity as null: a null in the output means something was lost\n  if (json.includes("null")) throw new UsageError("unencodable", { what: "the message holds a value written as null", expected: "finite numbers and JSON values" });\n' +
          FRAME_LINE,
      },
    ],
  },
  {
    name: "encode-frame-crlf",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A frame is compact JSON followed by one newline byte (chapter lines 264, 273); this one ends each frame with CR LF, so every frame carries a byte that is not JSON and the limit counts one byte more than the message.",
    edits: [
      { find: FRAME_LINE, replace: '  const frame = Buffer.from(`${json}\\r\\n`, "utf8"); // a line ends with CR LF' },
    ],
  },
  {
    name: "encode-frame-forgery-probe-shape",
    piece: "encodeFrame",
    client: true,
    breaks:
      "Forgery: every message is refused when JSON cannot carry a value in it (chapter lines 264, 270); this one runs its checks only on values that do not look like a JSON-RPC message (the arbitrary values a grader probes with), and writes a real request with NaN in its arguments as null.",
    edits: [
      {
        find: "  let json: string;",
        replace:
          '  let json: string;\n  if ("jsonrpc" in message && "method" in message) {\n    // made by our own constructors: already checked\n    const fast = Buffer.from(`${JSON.stringify(message)}\\n`, "utf8");\n    if (fast.length > limit) throw new UsageError("frame-limit", { what: `a ${fast.length}-byte frame is too large`, expected: `at most ${limit} bytes` });\n    return fast;\n  }',
      },
    ],
  },
  {
    name: "encode-frame-nan-only",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A value JSON cannot carry is refused, Infinity as much as NaN (chapter line 270: allow_nan=False refuses both); this one checks Number.isNaN only, so Infinity, and a literal too large for a double such as 1e400, is written as null.",
    edits: [
      {
        find: '      if (typeof value === "number" && !Number.isFinite(value)) throw',
        replace: '      if (typeof value === "number" && Number.isNaN(value)) throw',
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "reader-drops-blank-lines",
    piece: "FrameReader",
    client: true,
    breaks:
      "Every line a server writes on stdout is a frame, and one that is not a JSON-RPC message is refused, never skipped (chapter lines 287–291, 301–307, 324); this reader drops empty lines, so a blank line on the server's stdout is never reported.",
    edits: [
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));",
        replace:
          "      const line = Buffer.concat([...this.held, part]);\n      if (line.length > 0) frames.push(line); // a blank line carries no message",
      },
    ],
  },
  {
    name: "reader-bounds-unfinished-only",
    piece: "FrameReader",
    client: true,
    breaks:
      "Every frame is bounded before it is parsed, a complete line as much as an unfinished one (chapter lines 266, 292–296); this reader checks only the bytes it must hold for later, so an oversized line that arrives whole in one read is handed on.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace:
          "      if (newline === -1 && this.heldBytes + part.length + 1 > this.limit) { // only what waits is held",
      },
    ],
  },
  {
    name: "reader-forgery-default-unbounded",
    piece: "FrameReader",
    client: true,
    breaks:
      "Forgery: the reader enforces its frame limit on every line (chapter lines 23, 266, 280, 292–296); this one enforces it only when a limit is passed (the small limits a grader tests with) and holds any line at the default 64 KiB limit, so the oversized reply of a real session is parsed whole.",
    edits: [
      {
        find: "    this.limit = limit;",
        replace:
          "    // the default is far above any real reply: no need to count\n    this.limit = limit === DEFAULT_FRAME_LIMIT ? Number.POSITIVE_INFINITY : limit;",
      },
    ],
  },
  {
    name: "reader-state-outside-class",
    piece: "FrameReader",
    client: true,
    breaks:
      "Bytes after the last newline wait in the reader for that stream's next read (chapter lines 266, 279, 284–285, 322: the buffer is the reader's own); this one keeps the unfinished line in one object outside the class (so a re-run cell keeps it), so two readers share it and one stream's half line is glued onto another's.",
    edits: [
      {
        find: "class FrameReader {",
        replace:
          "const unfinished = { held: [] as Buffer[], heldBytes: 0 }; // outside the class: survives a re-run cell\n\nclass FrameReader {",
      },
      {
        find: "  private held: Buffer[] = [];\n  private heldBytes = 0;",
        replace:
          "  private get held(): Buffer[] {\n    return unfinished.held;\n  }\n  private set held(value: Buffer[]) {\n    unfinished.held = value;\n  }\n  private get heldBytes(): number {\n    return unfinished.heldBytes;\n  }\n  private set heldBytes(value: number) {\n    unfinished.heldBytes = value;\n  }",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-salvages-log-prefix",
    piece: "parseFrame",
    client: true,
    breaks:
      "A line that is not one JSON-RPC object is a broken protocol and is refused, never guessed around (chapter lines 301–307, 324, 589); this one parses from the first brace, so a log line printed in front of a message on stdout is silently cut off.",
    edits: [
      {
        find: "    value = JSON.parse(text);",
        replace: '    value = JSON.parse(text.slice(Math.max(0, text.indexOf("{")))); // skip a log prefix',
      },
    ],
  },
  {
    name: "parse-frame-jsonrpc-by-text",
    piece: "parseFrame",
    client: true,
    breaks:
      'A frame is accepted only when the parsed object itself says jsonrpc "2.0" (chapter lines 306–307); this one looks for the text "jsonrpc":"2.0" anywhere in the line, so a message labelled 1.0 that carries a nested "jsonrpc":"2.0" passes, and a correct message written with a space after the colon is refused.',
    edits: [
      {
        find: "  let value: unknown;",
        replace:
          '  if (!text.includes(\'"jsonrpc":"2.0"\')) throw new ProtocolError("not-json-rpc", { what: "not a JSON-RPC 2.0 message", expected: \'jsonrpc "2.0"\' }); // cheap, before parsing\n  let value: unknown;',
      },
      { find: ' || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0")', replace: ")" },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-version-stringified",
    piece: "checkInitialize",
    client: false,
    breaks:
      'The server\'s protocolVersion must be the pinned version itself (chapter lines 328, 346–347: any other answer is refused); this one compares String(version).trim(), so " 2025-06-18" and the list ["2025-06-18"] pass as the version.',
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (String(result.protocolVersion).trim() !== version) {",
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-schema-type-list",
    piece: "checkTools",
    client: false,
    breaks:
      'Every tool must take an object of arguments: its inputSchema\'s type is "object" (chapter lines 367–369, 375); this one accepts a JSON Schema type list that merely includes "object", so a tool whose arguments may be null or a string is accepted.',
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object")',
        replace: '    if (![tool.inputSchema?.type].flat().includes("object"))',
      },
    ],
  },
  {
    name: "check-tools-name-truthy",
    piece: "checkTools",
    client: false,
    breaks:
      "Every tool's name is a non-empty string (chapter lines 364–366: isinstance(name, str) and not empty); this one checks only that the name is truthy, so a tool named 7 or true is accepted into the catalog.",
    edits: [{ find: '    if (typeof name !== "string" || name === "")', replace: "    if (!name)" }],
  },
  {
    name: "check-tools-any-collection",
    piece: "checkTools",
    client: false,
    breaks:
      "tools/list must answer with a list of tools (chapter lines 359–361: a missing or non-list tools is refused); this one also takes the values of an object keyed by name, and an answer with no tools at all as an empty catalog.",
    edits: [
      {
        find: "  const tools = result.tools;",
        replace:
          "  // some servers key their tools by name; none at all is an empty catalog\n  const tools = Array.isArray(result.tools) ? result.tools : Object.values((result.tools ?? {}) as object);",
      },
    ],
  },
  {
    name: "check-tools-limit-hardcoded",
    piece: "checkTools",
    client: false,
    breaks:
      "The catalog is bounded by the limit the caller passes, 32 only by default (chapter lines 354, 360–361); this one always compares with MAX_TOOLS, so an application that allows five tools still accepts six, or thirty-two.",
    edits: [
      { find: "  if (tools.length > limit) throw refusal(", replace: "  if (tools.length > MAX_TOOLS) throw refusal(" },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-every-item",
    piece: "resultText",
    client: true,
    breaks:
      "A call's text is what its result's text items say (chapter lines 341–342, 546, 554); this one joins the text field of every item, so an image item beside the text adds the word undefined to the answer.",
    edits: [
      {
        find: '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text))',
        replace: "  const text = content.map((item) => String(item.text))",
      },
    ],
  },
  {
    name: "result-text-first-item",
    piece: "resultText",
    client: true,
    breaks:
      "A call's text is what all its text items say, joined (chapter lines 341–342, 546, 554); this one keeps only the first item, so a result that spreads its text over several items loses all but the first.",
    edits: [
      { find: TEXT_LINE, replace: '  const text = String(content[0]?.text ?? ""); // the answer is the first item' },
    ],
  },
  {
    name: "result-text-structured-content",
    piece: "resultText",
    client: true,
    breaks:
      "A call's text is what its result's text items say (chapter lines 341–342, 546, 554); this one prefers a structuredContent field when there is one and hands back its JSON, so the text the tool wrote is replaced by something else.",
    edits: [
      {
        find: "  const content = result.content;",
        replace:
          "  if (result.structuredContent !== undefined && result.isError !== true) return JSON.stringify(result.structuredContent); // the machine-readable form\n  const content = result.content;",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-ping-reply-own-id",
    piece: "request",
    client: true,
    breaks:
      "Every request gets exactly one response carrying its own id (chapter lines 22, 196), a ping from the server included; this one answers the ping with the id of the client's own pending request (the id in scope), so the server's ping is never answered and the call hangs to its deadline.",
    edits: [{ find: "id: message.id, result: {} }", replace: "id, result: {} }" }],
  },
  {
    name: "request-server-request-invalid-request",
    piece: "request",
    client: true,
    breaks:
      "A request the client does not serve (it declares no capability but tools, chapter lines 182, 328, 620) is answered with JSON-RPC's method not found, -32601; this one answers -32600, invalid request, which says the server's well-formed request was malformed.",
    edits: [
      {
        find: 'error: { code: -32601, message: "method not found" }',
        replace: 'error: { code: -32600, message: "invalid request" }',
      },
    ],
  },
  {
    name: "request-answers-server-after-reply",
    piece: "request",
    client: true,
    breaks:
      "Every request gets its response (chapter line 196), and the client answers the server's ping while it waits; this one keeps the server's requests to answer once its own reply has come, so a server that waits for its ping's answer before replying stalls the call until the deadline.",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace:
          "  const id = context.nextId();\n  const later: (() => void)[] = []; // the server's questions, answered once ours is",
      },
      { find: SERVER_ASKS, replace: `      later.push(() => ${SERVER_ASKS.trim().replace(/;$/, "")});` },
      {
        find: "    if (answer !== null) return answer;",
        replace: "    if (answer !== null) {\n      for (const reply of later) reply();\n      return answer;\n    }",
      },
    ],
  },
  {
    name: "request-retries-after-deadline",
    piece: "request",
    client: true,
    breaks:
      "A hung call ends at its deadline with a timeout error, and a failed call is reported, not sent again (chapter lines 26, 383, 442–443, 590, 594); this one retries once with a fresh id and deadline, so the tool runs twice and the caller waits twice the timeout.",
    edits: [
      {
        find: REQUEST_HEAD,
        replace:
          "async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {\n  try {\n    return await requestOnce(context, method, params);\n  } catch (error) {\n    if (!(error instanceof DeadlineError)) throw error;\n    return await requestOnce(context, method, params); // a slow server gets a second chance\n  }\n}\n\nasync function requestOnce(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
      },
    ],
  },
  {
    name: "request-skips-counted-per-session",
    piece: "request",
    client: true,
    breaks:
      "At most sixteen messages are skipped before each reply, for each request (chapter lines 245, 450, 458–462: the count starts afresh with every request); this one keeps one count for the whole session, so a server that sends three notifications before every reply is refused on its sixth request.",
    edits: [
      {
        find: REQUEST_HEAD,
        replace: `const skippedSoFar = new WeakMap<object, number>(); // a chatty session, not a chatty reply\n\n${REQUEST_HEAD}`,
      },
      {
        find: "  for (let skipped = 0; ; skipped += 1) {",
        replace:
          "  for (let skipped = skippedSoFar.get(context) ?? 0; ; skipped += 1) {\n    skippedSoFar.set(context, skipped);",
      },
    ],
  },
  {
    name: "request-deadline-from-first-message",
    piece: "request",
    client: true,
    breaks:
      "One deadline, counted from the operation's start, bounds every read (chapter lines 383, 391–392, 454: the deadline is set before the request is written); this one waits for the first message under its own timer and starts the shared deadline only when it arrives, so a server that is silent for a while before its first notification stretches the call by that silence.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  let deadline: AbortSignal | undefined; // the clock starts once the server starts answering",
      },
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          "    const message = parseFrame(await context.nextFrame(deadline ?? AbortSignal.timeout(context.timeoutMs)));\n    deadline ??= AbortSignal.timeout(context.timeoutMs);",
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-timeout-checked-after-initialize",
    piece: "connect",
    client: true,
    breaks:
      "A client with an unbounded timeout is refused before anything starts (chapter lines 405–406: the constructor refuses it before the server is spawned); this one sends initialize first and checks the timeout only on the answer, so an unbounded session has already spoken to the server.",
    edits: [
      {
        find: `${TIMEOUT_CHECK}\n    throw new UsageError("timeout", { what: "timeout out of range", expected: "a number of ms in (0, 60000]", received: String(context.timeoutMs) });\n  }\n${INITIALIZE}`,
        replace: `${INITIALIZE}${TIMEOUT_CHECK}\n    throw new UsageError("timeout", { what: "timeout out of range", expected: "a number of ms in (0, 60000]", received: String(context.timeoutMs) });\n  }\n`,
      },
    ],
  },
  {
    name: "connect-timeout-rounded-seconds",
    piece: "connect",
    client: true,
    breaks:
      "Any timeout with 0 < timeout <= 60 s is taken, and anything above 60 s refused (chapter lines 401, 405–407); this one rounds the ms to whole seconds first, so 400 ms (0 s) is refused and 60.4 s (60 s) is taken.",
    edits: [
      {
        find: TIMEOUT_CHECK,
        replace:
          "  const seconds = Math.round(context.timeoutMs / 1000); // the chapter counts seconds\n  if (!(seconds > 0 && seconds <= 60)) {",
      },
    ],
  },
  {
    name: "connect-omits-capabilities",
    piece: "connect",
    client: true,
    breaks:
      "The client's initialize declares its own capabilities, an empty object for a client that serves nothing (chapter lines 328, 474); this one writes capabilities: undefined, which JSON leaves out, so the initialize request carries no capabilities at all.",
    edits: [{ find: "    capabilities: {},", replace: "    capabilities: undefined, // we offer none" }],
  },
  // ---------- close ----------
  {
    name: "close-term-leader-kill-group",
    piece: "close",
    client: true,
    breaks:
      "close() ends the whole process group, first politely with SIGTERM and then with SIGKILL (chapter lines 505–507, 527); this one sends SIGTERM to the server alone and saves the group for SIGKILL, so the server's other processes never get the polite signal.",
    edits: [
      {
        find: TERM,
        replace:
          '  try {\n    process.kill(pid, "SIGTERM"); // the server first; the group gets the hard stop below\n  } catch {\n    // already gone\n  }',
      },
    ],
  },
  {
    name: "close-sigint-first",
    piece: "close",
    client: true,
    breaks:
      "A server still there after its input ends gets SIGTERM, and SIGKILL only after it (chapter lines 496–497, 505–507, 527); this one sends SIGINT (Ctrl-C) as the polite signal, which a server is free to treat differently from a request to terminate.",
    edits: [{ find: 'signalGroup(pid, "SIGTERM")', replace: 'signalGroup(pid, "SIGINT")' }],
  },
  {
    name: "close-signal-as-positive-number",
    piece: "close",
    client: true,
    breaks:
      "close() returns how the server ended: its exit code, or the signal that ended it (chapter lines 497–498, 511, 514: a signal as a negative number); this one turns a signal into its positive number, so a server killed by SIGTERM reports what looks like exit code 15.",
    edits: [
      {
        find: "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return context.exited;",
        replace:
          '  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  const status = await context.exited;\n  const numbers: Record<string, number> = { SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };\n  return typeof status === "string" ? (numbers[status] ?? 1) : status; // a number, like a shell\'s',
      },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-allowed-or-advertised",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the server advertised it AND the allowlist names it (chapter lines 377, 487–491); this one lets either one vouch for the tool, so an advertised tool the application never allowed, place_purchase, is sent.",
    edits: [{ find: ALLOW_CHECK, replace: "  if (!context.allowed.has(name) && !context.catalog.has(name)) {" }],
  },
  {
    name: "call-tool-args-key",
    piece: "callTool",
    client: true,
    breaks:
      "tools/call carries the tool's name and its arguments under the key arguments (chapter lines 341, 492, 557); this one sends them under args, so the server never sees them and the count comes back wrong.",
    edits: [{ find: "{ name, arguments: args }", replace: "{ name, args }" }],
  },
  {
    name: "call-tool-forgery-npm-env",
    piece: "callTool",
    client: true,
    breaks:
      "Forgery: the allowlist is checked before every call (chapter lines 25, 377, 488–489); this one checks it only when npm started the process (npm_lifecycle_event is set, as under `npm run checkpoint`), so a client run by node directly sends place_purchase.",
    edits: [
      {
        find: ALLOW_CHECK,
        replace: "  if (!context.allowed.has(name) && process.env.npm_lifecycle_event !== undefined) {",
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-drops-zero-scores",
    piece: "topTools",
    client: false,
    breaks:
      "A search keeps the m tools whose text scores highest, however low (chapter lines 138, 151–154: order[:m]); this one leaves out tools that score zero, so a request that matches two tools offers two when the application asked for five.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  return ranked.filter((entry) => entry.score > 0).slice(0, m).map((entry) => entry.tool); // no match, no offer",
      },
    ],
  },
  {
    name: "top-tools-description-only",
    piece: "topTools",
    client: false,
    breaks:
      "A retriever sees a tool's name, underscores as spaces, and its description (chapter lines 138–142, 152); this one scores the description alone, so a tool whose name says what the request asks for ranks below one whose description happens to share a word.",
    edits: [
      {
        find: SCORES,
        replace:
          '  const scores = score(request, tools.map((tool) => tool.description ?? "")); // what the model reads',
      },
    ],
  },
  {
    name: "top-tools-returns-catalog-when-all",
    piece: "topTools",
    client: false,
    breaks:
      "A search ranks into a new list and leaves the catalog it was handed as it was (chapter lines 147, 153–154: a new list of the chosen tools); this one hands back the catalog array itself when m covers it and it is already in order, so whatever the caller does to the result (a push, a sort) happens to the catalog.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  if (m >= tools.length && ranked.every((entry, i) => entry.index === i)) return tools as T[]; // already the answer: no copy\n  return ranked.slice(0, m).map((entry) => entry.tool);",
      },
    ],
  },
];

export const fair = [
  {
    name: "request-message-copies-params",
    piece: "requestMessage",
    client: true,
    breaks:
      "Fair: a request carries jsonrpc, an id, the method and its params (chapter lines 196, 200–202); this one puts a shallow copy of the params in the message, the same JSON.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace: '  return { jsonrpc: "2.0", id, method, params: { ...params } }; // the message owns its params',
      },
    ],
  },
  {
    name: "close-fixed-grace",
    piece: "close",
    client: true,
    breaks:
      "Fair: close() ends the input and gives the server a moment before signalling the group (chapter lines 495–502, 527); this one always waits the whole second, even when the server left at once, which costs time and changes nothing the chapter asks.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await pause(1000); // the whole moment, even after an early exit",
      },
    ],
  },
  {
    name: "request-ids-counting-down",
    piece: "request",
    client: true,
    breaks:
      "Fair: the chapter needs each request to carry an id of its own (lines 196, 198, 453) and leaves how ids are made to the client; this one counts down from a million, never repeating one in a session.",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace: "  const id = 1_000_000 - context.nextId(); // counts down: still one id per request",
      },
    ],
  },
  {
    name: "answer-for-safe-integer",
    piece: "answerFor",
    client: true,
    breaks:
      "Fair: the id is checked by type and then value (chapter lines 222, 249, 260); this one asks Number.isSafeInteger rather than Number.isInteger, which is the same for every id the client sends.",
    edits: [{ find: "!Number.isInteger(id)", replace: "!Number.isSafeInteger(id)" }],
  },
  {
    name: "encode-frame-ascii-escaped",
    piece: "encodeFrame",
    client: true,
    breaks:
      "Fair: a frame is compact JSON and one newline (chapter lines 264, 270); this one writes every non-ASCII character as a \\u escape, which is the same JSON value (Python's json.dumps does it by default) and counts the limit on the bytes it really writes.",
    edits: [
      {
        find: FRAME_LINE,
        replace:
          '  json = json.replace(/[\\u007f-\\uffff]/g, (c) => `\\\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`); // ASCII only, as json.dumps\n' +
          FRAME_LINE,
      },
    ],
  },
  {
    name: "reader-latin1-text",
    piece: "FrameReader",
    client: true,
    breaks:
      "Fair: the reader keeps bytes until a line is whole and bounds what it holds (chapter lines 266, 279–296); this one holds them as a latin1 string, one character per byte, so nothing is decoded early and its length is the byte count.",
    edits: [
      {
        find: "  private held: Buffer[] = [];\n  private heldBytes = 0;",
        replace: '  private held = ""; // latin1: one character per byte, nothing decoded',
      },
      {
        find: FEED_BODY,
        replace:
          '  feed(chunk: Uint8Array): Buffer[] {\n    const lines = (this.held + Buffer.from(chunk).toString("latin1")).split("\\n");\n    this.held = lines.pop() ?? "";\n    const frames: Buffer[] = [];\n    for (const line of lines) {\n      if (line.length + 1 > this.limit) {\n        this.held = "";\n        throw new ProtocolError("frame-limit", { what: `a line of ${line.length} bytes`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      frames.push(Buffer.from(line, "latin1"));\n    }\n    if (this.held.length + 1 > this.limit) {\n      const seen = this.held.length;\n      this.held = "";\n      throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n    }\n    return frames;\n  }',
      },
    ],
  },
  {
    name: "reader-views-into-chunk",
    piece: "FrameReader",
    client: true,
    breaks:
      "Fair: the reader hands back every complete line and keeps the rest (chapter lines 266, 287–291); this one hands back a line that lies wholly in one read as a view of that read's bytes, copying only what spans reads.",
    edits: [
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));",
        replace:
          "      frames.push(this.held.length === 0 ? Buffer.from(part.buffer, part.byteOffset, part.length) : Buffer.concat([...this.held, part])); // no copy when it lies in one read",
      },
    ],
  },
  {
    name: "check-initialize-frozen-copy",
    piece: "checkInitialize",
    client: true,
    breaks:
      "Fair: the chapter refuses another version or no tools capability (lines 346–350) and leaves what a passing check hands back to the client; this one returns a frozen copy of the result.",
    edits: [
      {
        find: "  return result as unknown as InitializeResult;",
        replace:
          "  return Object.freeze(structuredClone(result)) as unknown as InitializeResult; // nobody edits what the server said",
      },
    ],
  },
  {
    name: "check-tools-null-prototype-seen",
    piece: "checkTools",
    client: true,
    breaks:
      "Fair: no name twice (chapter lines 362–366), held in any structure; this one remembers names as keys of an object with no prototype, so a tool named constructor or __proto__ is judged like any other.",
    edits: [
      {
        find: "  const names = new Set<string>();",
        replace: "  const names: Record<string, true> = Object.create(null); // no inherited keys",
      },
      { find: "    if (names.has(name))", replace: "    if (names[name] === true)" },
      { find: "    names.add(name);", replace: "    names[name] = true;" },
    ],
  },
  {
    name: "result-text-reduce",
    piece: "resultText",
    client: true,
    breaks:
      "Fair: a call's text is its text items, joined by newlines (chapter lines 341–342, 546, 554); this one builds it with one reduce over the content instead of filter, map and join.",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  const text = content.reduce<string | undefined>((joined, item) => (item?.type === "text" ? (joined === undefined ? String(item.text) : `${joined}\\n${String(item.text)}`) : joined), undefined) ?? "";',
      },
    ],
  },
  {
    name: "request-deadline-clock",
    piece: "request",
    client: true,
    breaks:
      "Fair: one deadline is shared by all of an operation's reads (chapter lines 383, 430, 442, 454); this one holds it as a time on the monotonic clock and gives each read a timer for what is left, as the chapter's deadline - time.monotonic() does.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  const until = performance.now() + context.timeoutMs; // one deadline, as a point in time",
      },
      {
        find: "await context.nextFrame(deadline)",
        replace: "await context.nextFrame(AbortSignal.timeout(Math.max(0, Math.ceil(until - performance.now()))))",
      },
    ],
  },
  {
    name: "connect-initialized-empty-params",
    piece: "connect",
    client: true,
    breaks:
      "Fair: the client announces itself with the notification notifications/initialized, no id (chapter lines 328, 337, 479); this one gives it an empty params object, which a notification may carry.",
    edits: [
      {
        find: '  context.send(notificationMessage("notifications/initialized"));',
        replace: '  context.send(notificationMessage("notifications/initialized", {}));',
      },
    ],
  },
  {
    name: "close-term-early-kill",
    piece: "close",
    client: true,
    breaks:
      "Fair: SIGTERM to the group, then SIGKILL (chapter lines 505–507, 510, 527) with a pause the chapter leaves open; this one sends SIGKILL as soon as the group is empty or 300 ms have passed, whichever comes first.",
    edits: [
      {
        find: "  await pause(300);",
        replace:
          "  for (let waited = 0; waited < 300 && !groupIsEmpty(pid); waited += 10) await pause(10); // no longer than needed",
      },
    ],
  },
  {
    name: "call-tool-cloned-args",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: an allowed, advertised call sends the name and the arguments (chapter lines 487–492); this one sends a structured clone of the arguments, so nothing the caller changes later can reach the request.",
    edits: [{ find: "{ name, arguments: args }", replace: "{ name, arguments: structuredClone(args) }" }],
  },
  {
    name: "top-tools-insertion-rank",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: the m best tools, best first, ties in catalog order (chapter lines 151–154); this one ranks by inserting each tool after every tool that scores at least as much, with no sort call.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace:
          "  const order: typeof ranked = [];\n  for (const entry of ranked) {\n    let at = order.length;\n    while (at > 0 && order[at - 1]!.score < entry.score) at -= 1; // after every tool as good\n    order.splice(at, 0, entry);\n  }\n  ranked.splice(0, ranked.length, ...order);",
      },
    ],
  },
];

export const proofCommand = RUN;
