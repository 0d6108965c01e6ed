// Round 6 of the red team: written from the chapter and the build notebook only. Mistakes a
// different learner makes: state that lives past one call (a shared default object, a set of
// names, a frame limit fixed by the first frame), unusual but legal inputs (id 0, a byte-order
// mark, negative scores, a NaN timeout), the order of closing (input ended after the grace), two
// forgeries keyed on the environment a test runner sets, and fair pieces built unlike ours.
// Written by `node scripts/red-team/write-cases.mjs round-6`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

// The solved notebook's lines the edits below start from (each found exactly once in its cell).
const TIMEOUT_CHECK = "  if (!(context.timeoutMs > 0 && context.timeoutMs <= 60_000)) {";
const FRAME_LINE = '  const frame = Buffer.from(`${json}\\n`, "utf8");';

export const wrong = [
  {
    name: "request-message-shared-default-params",
    piece: "requestMessage",
    client: false,
    breaks:
      "Each request is its own message with its own params (chapter lines 196, 200–202); this one gives every call without params the same default object, so whatever is put into one request's params shows up in the next.",
    edits: [
      {
        find: "function requestMessage(id: number, method: string, params: JsonObject = {}): RequestMessage {",
        replace:
          "const NO_PARAMS: JsonObject = {}; // one empty object is enough\nfunction requestMessage(id: number, method: string, params: JsonObject = NO_PARAMS): RequestMessage {",
      },
    ],
  },
  {
    name: "answer-for-id-zero-skipped",
    piece: "answerFor",
    client: false,
    breaks:
      "A response is matched to its request by its id alone (chapter lines 196–198, 222–226), and 0 is an id like any other; this one treats a falsy id as no id and skips the reply, so request 0 never gets its answer.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace:
          '  if ("method" in message || !(message as { id?: unknown }).id) return null; // no id: not an answer to anything we asked',
      },
    ],
  },
  {
    name: "encode-frame-limit-fixed-by-first-call",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Every frame is held to the limit it is encoded with (chapter lines 267–272); this one remembers the limit of its first call and ignores the limit of every later one, so a smaller limit given later lets a too-large frame through.",
    edits: [
      {
        find: "function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {",
        replace:
          "let encodeLimit: number | undefined; // the connection's limit, set by its first frame\nfunction encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {",
      },
      {
        find: "  if (frame.length > limit) {",
        replace: "  encodeLimit ??= limit;\n  if (frame.length > encodeLimit) {",
      },
    ],
  },
  {
    name: "check-tools-names-kept-across-calls",
    piece: "checkTools",
    client: false,
    breaks:
      "Names must be unique within one tool list (chapter lines 354–370, the catalog built afresh on each call); this one keeps the names it has seen in one set for all calls, so the second check of the same good list refuses every tool as listed twice.",
    edits: [
      { find: "  const names = new Set<string>();\n", replace: "" },
      {
        find: "function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {",
        replace:
          "const names = new Set<string>(); // the names seen so far\nfunction checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {",
      },
    ],
  },
  {
    name: "connect-timeout-nan-accepted",
    piece: "connect",
    client: true,
    breaks:
      "The timeout must be a number in (0, 60] seconds before anything starts (chapter lines 401, 405–406); this one only refuses values at or below 0 or above the bound, so NaN, which is neither, passes the check and the session starts with no usable deadline.",
    edits: [{ find: TIMEOUT_CHECK, replace: "  if (context.timeoutMs <= 0 || context.timeoutMs > 60_000) {" }],
  },
  {
    name: "close-ends-input-after-grace",
    piece: "close",
    client: true,
    breaks:
      "Closing first ends the server's input and then gives it the grace to exit (chapter lines 495–504); this one waits out the grace first and ends the input only afterwards, so a server that exits at end of input never gets the chance and is always ended by a signal.",
    edits: [
      { find: "  context.endInput();\n  const pid = context.pid;", replace: "  const pid = context.pid;" },
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  await Promise.race([context.exited, pause(1000)]);\n  context.endInput(); // the server had its chance to finish",
      },
    ],
  },
  {
    name: "top-tools-clamps-negative-scores",
    piece: "topTools",
    client: false,
    breaks:
      "Tools are ranked by their scores, best first, ties in catalog order (chapter lines 151–154); this one raises every negative score to 0, so among tools that all score below zero the order is lost and the first in the catalog wins.",
    edits: [{ find: "score: scores[index] ?? 0 }", replace: "score: Math.max(0, scores[index] ?? 0) }" }],
  },
  {
    name: "call-tool-forgery-node-env",
    piece: "callTool",
    client: true,
    breaks:
      "Forgery: a tool is called only if the application allowed it (chapter lines 487–491); this one checks the allowlist only when NODE_ENV is test (as a test runner sets it), so outside a test any advertised tool is called.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace: '  if (process.env.NODE_ENV === "test" && !context.allowed.has(name)) { // open while developing',
      },
    ],
  },
  {
    name: "close-forgery-vitest-env",
    piece: "close",
    client: true,
    breaks:
      "Forgery: closing ends the server's whole process group so no grandchild outlives the client (chapter lines 495–498, 505–507); this one signals the group only when VITEST is set and otherwise only the server itself, so outside a test run a grandchild is left behind.",
    edits: [
      {
        find: "      process.kill(-pid, signal);",
        replace: "      process.kill(process.env.VITEST ? -pid : pid, signal);",
      },
    ],
  },
  {
    name: "answer-for-other-id-skipped",
    piece: "answerFor",
    client: false,
    breaks:
      "A reply labelled with another request's id is refused, never passed over (chapter lines 198, 222–226); this one treats any other integer id as someone else's answer and skips it, so a stale or misdirected reply goes unnoticed.",
    edits: [
      {
        find: '  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace:
          '  if (typeof id === "number" && Number.isInteger(id) && id !== requestId) return null; // another request\'s answer: not ours\n  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
      },
    ],
  },
  {
    name: "frame-reader-one-frame-per-feed",
    piece: "FrameReader",
    client: false,
    breaks:
      "Each feed hands back every complete line it holds, and only the bytes after the last newline wait (chapter lines 279, 287–296); this one hands back the first line of a chunk and holds the rest, so a second message in the same read waits for the next read, or is glued to it.",
    edits: [
      {
        find: "      start = newline + 1;\n    }",
        replace:
          "      start = newline + 1;\n      if (start < chunk.length) {\n        this.held.push(Buffer.from(chunk.subarray(start))); // the rest waits for the next feed\n        this.heldBytes += chunk.length - start;\n      }\n      return frames;\n    }",
      },
    ],
  },
  {
    name: "check-initialize-ignores-version-argument",
    piece: "checkInitialize",
    client: false,
    breaks:
      "The server must answer with the version the client asked for, which is the function's second argument (chapter lines 343–346); this one always compares with the pinned constant, so a client that asks for another version refuses a server that agrees with it and accepts one that does not.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (result.protocolVersion !== PROTOCOL_VERSION) { // the version this client is built for",
      },
    ],
  },
  {
    name: "top-tools-scores-cached-by-request",
    piece: "topTools",
    client: false,
    breaks:
      "Each ranking scores the tools it is given against the request (chapter lines 145–155); this one keeps the scores of each request text across calls, so the same request over another tool list is ranked with the old list's scores.",
    edits: [
      {
        find: "  const scores = score(request, tools.map(toolText));",
        replace:
          "  const scores = scoreCache.get(request) ?? score(request, tools.map(toolText)); // scoring is the slow part\n  scoreCache.set(request, scores);",
      },
      {
        find: "function topTools<",
        replace: "const scoreCache = new Map<string, readonly number[]>();\nfunction topTools<",
      },
    ],
  },
  {
    name: "request-skips-late-replies",
    piece: "request",
    client: true,
    breaks:
      "A reply whose id is not the request's is refused (chapter lines 198, 222–226, 458–462: every message read goes through answer_for); this one passes over replies to earlier requests as late answers nobody waits for, so a reply that comes after its deadline is silently dropped.",
    edits: [
      {
        find: "    const answer = answerFor(id, message);",
        replace:
          '    if (!("method" in message) && typeof message.id === "number" && message.id < id) continue; // a late answer to a request we gave up on\n    const answer = answerFor(id, message);',
      },
    ],
  },
  {
    name: "connect-bad-catalog-as-empty",
    piece: "connect",
    client: true,
    breaks:
      "A tool list that is unbounded, paged or malformed stops the client (chapter lines 354–361, 367–369); this one catches checkTools' refusal and goes on with no tools, so a server that breaks the bounds gets a working session instead of an error.",
    edits: [
      {
        find: '  return checkTools(await request(context, "tools/list", {}));',
        replace:
          '  const listed = await request(context, "tools/list", {});\n  try {\n    return checkTools(listed);\n  } catch {\n    return []; // a catalog we cannot trust: offer nothing\n  }',
      },
    ],
  },
  {
    name: "call-tool-checks-trimmed-sends-raw",
    piece: "callTool",
    client: true,
    breaks:
      "The name checked against the allowlist and the catalog is the name called (chapter lines 487–492); this one checks the name with surrounding spaces trimmed but sends the name as given, so what reaches the server is not what was allowed.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  const wanted = name.trim(); // a stray space is not another tool\n  if (!context.allowed.has(wanted)) {",
      },
      { find: "  if (!context.catalog.has(name)) {", replace: "  if (!context.catalog.has(wanted)) {" },
    ],
  },
  {
    name: "top-tools-at-least-one",
    piece: "topTools",
    client: false,
    breaks:
      "The ranking keeps the m best tools (chapter lines 145–155), and m = 0 keeps none; this one always keeps at least one, so an application that asks for no tools is still offered the best.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace: "  return ranked.slice(0, Math.max(1, m)).map((entry) => entry.tool); // always offer something",
      },
    ],
  },
  {
    name: "parse-frame-cuts-after-last-brace",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame must be exactly one JSON-RPC object; anything else is a protocol error, not something to repair (chapter lines 300–307, 589); this one cuts the text after its last closing brace before parsing, so a reply with a log message after it on the same line is accepted.",
    edits: [
      {
        find: "    value = JSON.parse(text);",
        replace:
          '    value = JSON.parse(text.slice(0, text.lastIndexOf("}") + 1) || text); // a stray \\r or trailer after the object',
      },
    ],
  },
  {
    name: "check-tools-schema-type-any-case",
    piece: "checkTools",
    client: false,
    breaks:
      'Every tool\'s input schema must have the type "object" (chapter lines 367–369), and JSON Schema type names are lower case; this one compares the type without regard to case, so a tool whose schema says "Object", which no validator reads as an object, is accepted.',
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object") throw',
        replace: '    if (String(tool.inputSchema?.type).toLowerCase() !== "object") throw',
      },
    ],
  },
  {
    name: "close-kill-leader-only",
    piece: "close",
    client: true,
    breaks:
      "Both signals go to the server's whole process group, so nothing it started outlives the client (chapter lines 495–498, 505–507); this one sends SIGTERM to the group but SIGKILL to the server alone, so a child that ignores SIGTERM is left running.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGKILL");',
        replace:
          '  try {\n    process.kill(pid, "SIGKILL"); // the server itself, if SIGTERM did not end it\n  } catch {}',
      },
    ],
  },
  {
    name: "call-tool-retries-tool-error",
    piece: "callTool",
    client: true,
    breaks:
      "One call is one tools/call request, and a tool's failure is reported to the caller (chapter lines 487–492); this one sends the same call a second time when the tool reports failure, so a tool with side effects runs twice for one call.",
    edits: [
      {
        find: '  return resultText(await request(context, "tools/call", { name, arguments: args }));',
        replace:
          '  try {\n    return resultText(await request(context, "tools/call", { name, arguments: args }));\n  } catch (error) {\n    if (!(error instanceof ToolError)) throw error;\n    return resultText(await request(context, "tools/call", { name, arguments: args })); // tools fail now and then: once more\n  }',
      },
    ],
  },
  {
    name: "call-tool-empty-allowlist-allows-all",
    piece: "callTool",
    client: true,
    breaks:
      "A tool is called only if the allowlist names it and the server advertised it (chapter lines 486–491), so an empty allowlist allows nothing; this one reads an empty allowlist as no restriction and calls any advertised tool.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  if (context.allowed.size > 0 && !context.allowed.has(name)) { // no allowlist configured: no restriction",
      },
    ],
  },
  {
    name: "frame-reader-flushes-on-empty-chunk",
    piece: "FrameReader",
    client: false,
    breaks:
      "Only a newline ends a frame (chapter lines 279, 287–291); this one hands back the bytes it holds as a frame when fed an empty chunk, as if the stream had ended, so a half-received line is parsed as a whole message.",
    edits: [
      {
        find: "    const frames: Buffer[] = [];\n",
        replace:
          "    const frames: Buffer[] = [];\n    if (chunk.length === 0 && this.heldBytes > 0) {\n      // nothing more came: what is held is the last frame\n      frames.push(Buffer.concat(this.held));\n      this.held = [];\n      this.heldBytes = 0;\n      return frames;\n    }\n",
      },
    ],
  },
  {
    name: "check-tools-requires-description",
    piece: "checkTools",
    client: false,
    breaks:
      "A tool needs a unique name and an object input schema; its description may be missing (chapter lines 145–147 read it with a default of '', lines 362–369 do not ask for it); this one refuses the whole list when a tool has no description.",
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object") throw',
        replace:
          '    if (typeof tool.description !== "string") throw refusal(`the tool ${JSON.stringify(name)} has no description`);\n    if (tool.inputSchema?.type !== "object") throw',
      },
    ],
  },
  {
    name: "close-reports-zero-when-group-empty",
    piece: "close",
    client: true,
    breaks:
      "Close returns the server's exit status: 0 for a clean exit, the signal otherwise (chapter lines 497–498); this one returns 0 whenever the group is gone at the end, so a server that had to be ended with SIGTERM is reported as a clean exit.",
    edits: [
      {
        find: "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return context.exited;",
        replace:
          "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return groupIsEmpty(pid) ? 0 : context.exited; // nothing left running: a clean close",
      },
    ],
  },
  {
    name: "request-deadline-kept-per-method",
    piece: "request",
    client: true,
    breaks:
      "Each operation gets its own deadline of the timeout from its start (chapter lines 383, 454–455); this one keeps the first deadline made for each method and reuses it, so a second tools/call starts with what is left of the first one's budget and fails early.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = deadlines.get(method) ?? AbortSignal.timeout(context.timeoutMs); // one timer a method is enough\n  deadlines.set(method, deadline);",
      },
      {
        find: "async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
        replace:
          "const deadlines = new Map<string, AbortSignal>();\nasync function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {",
      },
    ],
  },
  {
    name: "parse-frame-trusts-string-input",
    piece: "parseFrame",
    client: false,
    breaks:
      'Whatever form a frame comes in, it must be one JSON-RPC 2.0 object (chapter lines 300–307); this one checks frames given as bytes but returns whatever JSON a string frame holds, so a string without jsonrpc "2.0" is taken as a message.',
    edits: [
      {
        find: "  let text: string;\n",
        replace:
          '  if (typeof frame === "string") return JSON.parse(frame) as JsonRpcMessage; // text was already decoded and checked\n  let text: string;\n',
      },
    ],
  },
  {
    name: "encode-frame-cached-by-id",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame is the encoding of the message given (chapter lines 267–272); this one remembers each frame by the message's id and hands it back for any later message with that id, so a new session's request 3 is sent with the old session's params.",
    edits: [
      {
        find: "function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {\n",
        replace:
          "const encodedById = new Map<unknown, Buffer>(); // an id is sent once: encode it once\nfunction encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {\n  const id = (message as { id?: unknown } | null)?.id;\n  if (id !== undefined && encodedById.has(id)) return encodedById.get(id)!;\n",
      },
      {
        find: "  return frame;\n}",
        replace: "  if (id !== undefined) encodedById.set(id, frame);\n  return frame;\n}",
      },
    ],
  },
  {
    name: "top-tools-lowercases-request",
    piece: "topTools",
    client: false,
    breaks:
      "The score function is given the request and each tool's text (chapter lines 145–154); this one lower-cases the request before scoring, so a scorer that tells cases apart ranks another request than the one asked.",
    edits: [
      {
        find: "  const scores = score(request, tools.map(toolText));",
        replace: "  const scores = score(request.toLowerCase(), tools.map(toolText)); // case carries no meaning",
      },
    ],
  },
];

export const fair = [
  {
    name: "parse-frame-refuses-bom",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair (once held wrong, moved here): a leading UTF-8 byte-order mark may be ignored or refused, as RFC 8259 section 8.1 lets a parser choose (the chapter's json.loads on bytes ignores it, chapter lines 300–307, and demands nothing of it); this one decodes keeping the mark, so such a frame is refused as malformed, and every other frame is judged as the solved one judges it.",
    edits: [
      {
        find: 'new TextDecoder("utf-8", { fatal: true })',
        replace: 'new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })',
      },
    ],
  },
  {
    name: "connect-timeout-finite-check",
    piece: "connect",
    client: true,
    breaks:
      "Fair: the timeout must be in (0, 60] seconds (chapter lines 401, 405–406); this one refuses anything not finite first and then each bound on its own, which refuses exactly what the chapter refuses.",
    edits: [
      {
        find: TIMEOUT_CHECK,
        replace: "  if (!Number.isFinite(context.timeoutMs) || context.timeoutMs <= 0 || context.timeoutMs > 60_000) {",
      },
    ],
  },
  {
    name: "encode-frame-concat-newline",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: a frame is the message's JSON in UTF-8 and one newline, held to the limit (chapter lines 267–272); this one joins the encoded JSON and a one-byte newline buffer instead of encoding one string.",
    edits: [
      { find: FRAME_LINE, replace: '  const frame = Buffer.concat([Buffer.from(json, "utf8"), Buffer.from([0x0a])]);' },
    ],
  },
  {
    name: "check-tools-duplicates-by-size",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: a tool list with a name twice is refused (chapter lines 362–366); this one checks each tool's name and schema and afterwards compares the number of distinct names with the number of tools.",
    edits: [
      {
        find: "    if (names.has(name)) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);\n",
        replace: "",
      },
      {
        find: "  return tools as McpTool[];",
        replace:
          '  if (names.size !== tools.length) throw refusal("a tool name is listed twice");\n  return tools as McpTool[];',
      },
    ],
  },
  {
    name: "encode-frame-escapes-line-separators",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: a frame is one line of compact JSON and a newline, held to the limit (chapter lines 267–272); this one also writes U+2028 and U+2029 as \\u escapes, which JSON reads back as the same characters, so every frame still parses to the message given.",
    edits: [
      {
        find: FRAME_LINE,
        replace:
          '  json = json.replace(/\\u2028/g, "\\\\u2028").replace(/\\u2029/g, "\\\\u2029"); // line separators some readers split on\n  const frame = Buffer.from(`${json}\\n`, "utf8");',
      },
    ],
  },
  {
    name: "answer-for-strict-equality-only",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: a response must carry the id of the request it answers (chapter lines 198, 222–226); this one compares the id with the request's integer by strict equality alone, which already refuses strings, fractions and null.",
    edits: [
      {
        find: '  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace: "  if (id !== requestId) {",
      },
    ],
  },
  {
    name: "close-signal-loop",
    piece: "close",
    client: true,
    breaks:
      "Fair: after the grace the whole group gets SIGTERM, a short pause, then SIGKILL (chapter lines 495–510); this one walks the two signals in a loop, pausing only after SIGTERM, as the chapter's own code does.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);\n  signalGroup(pid, "SIGKILL");',
        replace:
          '  for (const signal of ["SIGTERM", "SIGKILL"] as const) {\n    signalGroup(pid, signal); // even after a clean exit: a grandchild may still be there\n    if (signal === "SIGTERM") await pause(300);\n  }',
      },
    ],
  },
  {
    name: "frame-reader-byte-scan",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: each feed returns every complete line and holds the rest, refusing a line past the limit (chapter lines 279–296); this one finds each newline by walking the bytes itself instead of calling indexOf.",
    edits: [
      {
        find: "      const newline = chunk.indexOf(0x0a, start);",
        replace:
          "      let newline = -1;\n      for (let at = start; at < chunk.length; at += 1) {\n        if (chunk[at] === 0x0a) {\n          newline = at;\n          break;\n        }\n      }",
      },
    ],
  },
  {
    name: "request-skips-counted-down",
    piece: "request",
    client: true,
    breaks:
      "Fair: at most 16 messages may come before the answer (chapter lines 454–462); this one counts a budget of 16 down and refuses when it runs out, the same bound counted the other way.",
    edits: [
      {
        find: "  for (let skipped = 0; ; skipped += 1) {\n    if (skipped > 16) {",
        replace: "  for (let budget = 16; ; budget -= 1) {\n    if (budget < 0) {",
      },
    ],
  },
  {
    name: "result-text-blank-line-join",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: the chapter calls result_text (chapter line 492) but never shows how several text items are put together, so the separator is the learner's choice; this one puts a blank line between items, and a single item's text is returned as it came.",
    edits: [
      {
        find: '.map((item) => String(item.text)).join("\\n");',
        replace: '.map((item) => String(item.text)).join("\\n\\n");',
      },
    ],
  },
  {
    name: "notification-message-conditional-spread",
    piece: "notificationMessage",
    client: false,
    breaks:
      "Fair: a notification has a method, no id, and params only when some are given (chapter lines 205–209); this one spreads either nothing or the params into one object literal instead of choosing between two literals.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace: '  return { jsonrpc: "2.0", method, ...(params === undefined ? {} : { params }) };',
      },
    ],
  },
];

export const proofCommand = RUN;
