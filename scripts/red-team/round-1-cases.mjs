// Round 1 of the red team: the cases as authored. `node scripts/red-team/write-cases.mjs` writes
// each as a JSON file (the fresh set's format) into checkpoints/{wrong,fair}-implementations/red-team/round-1/.
// Each case's proof lives in scripts/red-team/prove.mjs under the same name.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

/** Wrong: each violates a demand of the chapter (lines cited). */
export const wrong = [
  {
    name: "request-message-omits-empty-params",
    piece: "requestMessage",
    client: false,
    breaks:
      'A request carries its params (chapter lines 196, 200–202: {"jsonrpc", "id", "method", "params"}); this one drops params when they are empty, so tools/list goes out without them.',
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  // an empty params object says nothing: leave it out\n  return Object.keys(params).length > 0 ? { jsonrpc: "2.0", id, method, params } : ({ jsonrpc: "2.0", id, method } as RequestMessage);',
      },
    ],
  },
  {
    name: "answer-for-idless-response-skipped",
    piece: "answerFor",
    client: true,
    breaks:
      "Only a message with a method and no id is skipped; a response without an id answers no request and is refused (chapter lines 216–217, 220–223); this one skips any id-less message as if it were a notification.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace: '  if ("method" in message || message.id === undefined) return null; // no id: nothing we asked for',
      },
    ],
  },
  {
    name: "answer-for-truncated-id",
    piece: "answerFor",
    client: true,
    breaks:
      "Ids are compared by exact type and then value (chapter lines 22, 222, 249, 260); this one checks typeof number and compares Math.trunc(id), so a reply with id 3.5 answers request 3.",
    edits: [
      {
        find: '  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace: '  if (typeof id !== "number" || Math.trunc(id) !== requestId) {',
      },
    ],
  },
  {
    name: "answer-for-result-before-error",
    piece: "answerFor",
    client: true,
    breaks:
      "A reply carrying an error is raised, never handed back as a result (chapter lines 218, 224–226); this one returns the result first when a reply carries both.",
    edits: [
      {
        find: '  if ("error" in message) {',
        replace:
          '  const early = message.result;\n  if (typeof early === "object" && early !== null && !Array.isArray(early)) return early as JsonObject; // a result wins\n  if ("error" in message) {',
      },
    ],
  },
  {
    name: "answer-for-error-truthy",
    piece: "answerFor",
    client: true,
    breaks:
      'Any reply that carries an error member is raised, never treated as a result (chapter lines 224–226: `if "error" in message`); this one tests the error\'s truthiness, so `error: null` beside a result passes as a result.',
    edits: [{ find: '  if ("error" in message) {', replace: "  if (message.error) {" }],
  },
  {
    name: "encode-frame-utf16-length",
    piece: "encodeFrame",
    client: false,
    breaks:
      "The frame limit counts bytes with the newline (chapter lines 269–273: len(raw) + 1 on the encoded bytes); this one counts UTF-16 units, so a message of ☕ passes a limit its bytes exceed.",
    edits: [{ find: "  if (frame.length > limit) {", replace: "  if (json.length + 1 > limit) {" }],
  },
  {
    name: "encode-frame-limit-without-newline",
    piece: "encodeFrame",
    client: false,
    breaks:
      "The limit counts the frame with its newline (chapter line 271: len(raw) + 1 > limit); this one leaves the newline out, so a frame one byte over the limit is written.",
    edits: [
      {
        find: "  if (frame.length > limit) {",
        replace: "  if (frame.length - 1 > limit) { // the newline is framing, not message",
      },
    ],
  },
  {
    name: "encode-frame-shallow-check",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A value JSON cannot carry is refused wherever it is, not written as null (chapter lines 264, 269–270: allow_nan=False covers the whole message); this one checks only the message's top-level fields, so NaN inside params is written as null.",
    edits: [
      {
        find: "  let json: string;\n",
        replace:
          '  let json: string;\n  for (const [field, value] of Object.entries(message)) {\n    if (typeof value === "number" && !Number.isFinite(value)) throw new UsageError("unencodable", { what: `field ${field} holds ${value}`, expected: "a finite number" });\n  }\n',
      },
      {
        find: '      if (typeof value === "number" && !Number.isFinite(value)) throw new UsageError("unencodable", { what: `field ${JSON.stringify(key)} holds ${value}`, expected: "a finite number" });\n',
        replace: "",
      },
    ],
  },
  {
    name: "encode-frame-bigint-as-number",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A value JSON cannot carry is refused, not written as something else (chapter lines 264, 269–270); this one turns a bigint into a Number, so 2^64 + 1 is written as 18446744073709552000.",
    edits: [
      {
        find: '      if (typeof value === "number" && !Number.isFinite(value))',
        replace:
          '      if (typeof value === "bigint") return Number(value); // JSON has no bigint: send it as a number\n      if (typeof value === "number" && !Number.isFinite(value))',
      },
    ],
  },
  {
    name: "reader-limit-off-by-one",
    piece: "FrameReader",
    client: true,
    breaks:
      "A frame holds at most `limit` bytes with its newline (chapter lines 292–293: len(line) + 1 > limit is refused); this one forgets the newline, so a line of exactly `limit` bytes plus its newline passes.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (this.heldBytes + part.length > this.limit) {",
      },
    ],
  },
  {
    name: "reader-limit-per-read",
    piece: "FrameReader",
    client: true,
    breaks:
      "The limit bounds the bytes held for one line across reads, so an endless line is refused once it outgrows the limit (chapter lines 266, 280, 295–296); this one bounds each read's piece alone, so a line that arrives in small reads grows without bound.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (part.length + 1 > this.limit) { // this read alone is too long",
      },
    ],
  },
  {
    name: "reader-splits-on-cr",
    piece: "FrameReader",
    client: true,
    breaks:
      "Framing is by newline only (chapter lines 264, 290–291); this one also ends a frame at a carriage return (for \\r\\n servers), so a message with a raw CR as JSON whitespace is cut in two and refused.",
    edits: [
      {
        find: "      const newline = chunk.indexOf(0x0a, start);",
        replace:
          "      const lf = chunk.indexOf(0x0a, start);\n      const cr = chunk.indexOf(0x0d, start);\n      const newline = cr !== -1 && (lf === -1 || cr < lf) ? cr : lf; // \\n, or \\r of a \\r\\n",
      },
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));",
        replace:
          "      if (this.heldBytes + part.length > 0) frames.push(Buffer.concat([...this.held, part])); // the \\n after a \\r ends nothing",
      },
    ],
  },
  {
    name: "parse-frame-lenient-utf8",
    piece: "parseFrame",
    client: true,
    breaks:
      "A frame that does not decode is a protocol error (chapter lines 301–305: UnicodeDecodeError becomes 'malformed frame'); this one decodes with Buffer#toString, which swaps bad bytes for U+FFFD and passes the frame on.",
    edits: [
      {
        find: 'new TextDecoder("utf-8", { fatal: true }).decode(frame)',
        replace: 'Buffer.from(frame).toString("utf8")',
      },
    ],
  },
  {
    name: "parse-frame-jsonrpc-optional",
    piece: "parseFrame",
    client: true,
    breaks:
      'A frame must be a JSON-RPC 2.0 object (chapter lines 301, 306–307: message.get("jsonrpc") != "2.0" is refused); this one takes a missing jsonrpc member as 2.0.',
    edits: [
      {
        find: '(value as { jsonrpc?: unknown }).jsonrpc !== "2.0"',
        replace: '((value as { jsonrpc?: unknown }).jsonrpc ?? "2.0") !== "2.0" /* some servers leave it out */',
      },
    ],
  },
  {
    name: "parse-frame-batch-of-one",
    piece: "parseFrame",
    client: true,
    breaks:
      "A frame must be one JSON-RPC object; anything else is a protocol error (chapter lines 301, 306–307); this one unwraps a one-element array (a batch) and accepts it.",
    edits: [
      {
        find: '  if (typeof value !== "object" || value === null || Array.isArray(value) ||',
        replace:
          '  if (Array.isArray(value) && value.length === 1) value = value[0]; // a batch of one is one message\n  if (typeof value !== "object" || value === null || Array.isArray(value) ||',
      },
    ],
  },
  {
    name: "check-initialize-accepts-newer",
    piece: "checkInitialize",
    client: true,
    breaks:
      "The client speaks exactly one version; any other answer is a refusal (chapter lines 24, 328, 346–347); this one refuses only versions older than its own, so a server answering 2026-07-28 is accepted.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace:
          '  if (typeof result.protocolVersion !== "string" || result.protocolVersion < version) { // older than ours',
      },
    ],
  },
  {
    name: "check-initialize-same-year",
    piece: "checkInitialize",
    client: true,
    breaks:
      "Any version other than the pinned 2025-06-18 is refused (chapter lines 182, 328, 346–347); this one accepts any revision of the same year, so a server answering 2025-03-26 passes.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (!String(result.protocolVersion).startsWith(version.slice(0, 4))) { // same year, same protocol",
      },
    ],
  },
  {
    name: "check-tools-seen-object",
    piece: "checkTools",
    client: true,
    breaks:
      "Only a name listed twice is refused; any non-empty string is a name (chapter lines 355–356, 365–366); this one remembers names in a plain object, so a tool named `constructor` is refused as listed twice and the whole catalog with it.",
    edits: [
      { find: "  const names = new Set<string>();", replace: "  const names: Record<string, boolean> = {};" },
      { find: "    if (names.has(name)) throw", replace: "    if (names[name]) throw" },
      { find: "    names.add(name);", replace: "    names[name] = true;" },
    ],
  },
  {
    name: "check-tools-trims-to-limit",
    piece: "checkTools",
    client: true,
    breaks:
      "A catalog longer than the limit is refused, not read in part (chapter lines 355–360, 375); this one keeps the first 32 tools of a 40-tool catalog.",
    edits: [
      {
        find: "  const tools = result.tools;",
        replace:
          "  const tools = Array.isArray(result.tools) ? result.tools.slice(0, limit) : result.tools; // the first `limit` are plenty",
      },
    ],
  },
  {
    name: "check-tools-schema-optional",
    piece: "checkTools",
    client: true,
    breaks:
      "Every tool must take an object schema for its arguments (chapter lines 367–369, 375); this one accepts a tool with no inputSchema at all.",
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object")',
        replace: '    if (tool.inputSchema !== undefined && tool.inputSchema?.type !== "object")',
      },
    ],
  },
  {
    name: "result-text-empty-error-returned",
    piece: "resultText",
    client: true,
    breaks:
      'A call the tool reports as failed is never quietly treated as a result (chapter line 594); this one raises isError only when the error has text, so an isError result with no text comes back as the answer "".',
    edits: [
      { find: "  if (result.isError === true) throw", replace: '  if (result.isError === true && text !== "") throw' },
    ],
  },
  {
    name: "request-deadline-restarts-on-ping",
    piece: "request",
    client: true,
    breaks:
      "One deadline is shared across an operation's reads, so nothing the server sends can stretch it (chapter lines 26, 383, 391–392, 454); this one gives the server a fresh deadline after each ping it answers, so a server that pings every 300 ms holds a call open forever.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  let deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
      },
      {
        find: "      continue;",
        replace:
          "      deadline = AbortSignal.timeout(context.timeoutMs); // the server is alive: a fresh deadline\n      skipped -= 1; // a request from the server is answered, not skipped\n      continue;",
      },
    ],
  },
  {
    name: "request-ping-resets-skips",
    piece: "request",
    client: true,
    breaks:
      "At most sixteen notifications are skipped before a reply (chapter lines 245, 452, 458–462); this one restarts its count whenever it answers a ping, so 30 notifications with two pings among them are all skipped and the reply accepted.",
    edits: [
      {
        find: "      continue;",
        replace: "      skipped = -1; // the server is talking to us: start counting again\n      continue;",
      },
    ],
  },
  {
    name: "request-answers-notifications",
    piece: "request",
    client: true,
    breaks:
      "A notification carries no id and nothing answers it (chapter lines 196, 205–206); this one answers every message with a method, so each notification during a wait gets an id-less error response.",
    edits: [{ find: '    if ("method" in message && "id" in message) {', replace: '    if ("method" in message) {' }],
  },
  {
    name: "request-answers-every-request-empty",
    piece: "request",
    client: true,
    breaks:
      "The client implements tools only and serves no sampling (chapter lines 182, 196, 620), so a server's sampling request gets an error, never a result; this one answers every server request with an empty result.",
    edits: [
      {
        find: '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });',
        replace: '      context.send({ jsonrpc: "2.0", id: message.id, result: {} }); // acknowledge whatever it asks',
      },
    ],
  },
  {
    name: "request-deadline-whole-seconds",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded by the timeout it was given, any value with 0 < timeout <= 60 s (chapter lines 401, 405, 407, 454); this one rounds the timeout to whole seconds (at least one), so a 250 ms deadline lasts 1 s and 1400 ms lasts 1 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const seconds = Math.max(1, Math.round(context.timeoutMs / 1000)); // the chapter counts in seconds\n  const deadline = AbortSignal.timeout(seconds * 1000); // one for every read below",
      },
    ],
  },
  {
    name: "request-deadline-capped-30s",
    piece: "request",
    client: true,
    breaks:
      "Any timeout up to 60 s is taken as given (chapter lines 401, 405, 407, 454); this one never waits more than 30 s, so a 45 s deadline ends a slow call at 30 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = AbortSignal.timeout(Math.min(context.timeoutMs, 30_000)); // never wait more than 30 s",
      },
    ],
  },
  {
    name: "request-handshake-double-deadline",
    piece: "request",
    client: true,
    breaks:
      "Every operation, the handshake included, is bounded by the one timeout given (chapter lines 26, 383, 405, 454, 470); this one gives initialize twice the timeout, for slow-starting servers.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          '  const deadline = AbortSignal.timeout(method === "initialize" ? context.timeoutMs * 2 : context.timeoutMs); // a server may start slowly',
      },
    ],
  },
  {
    name: "connect-declares-sampling",
    piece: "connect",
    client: true,
    breaks:
      "The client implements tools only and declares none of the other capabilities (chapter lines 474, 620); this one declares sampling and roots in initialize, capabilities it then refuses to serve.",
    edits: [
      {
        find: "    capabilities: {},",
        replace: "    capabilities: { sampling: {}, roots: { listChanged: false } }, // what a client can do",
      },
    ],
  },
  {
    name: "connect-negotiates-down",
    piece: "connect",
    client: true,
    breaks:
      "The client speaks exactly one version, so any other answer is a refusal and the session stops at the handshake (chapter lines 24, 328, 586); this one re-initializes in the server's version and goes on.",
    edits: [
      {
        find: '  const result = await request(context, "initialize", {',
        replace: '  let result = await request(context, "initialize", {',
      },
      {
        find: "  checkInitialize(result); // refuses before anything more is sent",
        replace:
          '  if (typeof result.protocolVersion === "string" && result.protocolVersion !== PROTOCOL_VERSION) {\n    // the server speaks another revision: ask again in its own\n    result = await request(context, "initialize", { protocolVersion: result.protocolVersion, capabilities: {}, clientInfo: { name: "my-build-client", version: "0.1.0" } });\n    checkInitialize(result, result.protocolVersion as string);\n  } else checkInitialize(result); // refuses before anything more is sent',
      },
    ],
  },
  {
    name: "connect-refuses-sixty-seconds",
    piece: "connect",
    client: true,
    breaks: "A timeout of 60 s exactly is allowed (chapter line 405: 0 < timeout <= 60); this one refuses 60000 ms.",
    edits: [{ find: "context.timeoutMs <= 60_000", replace: "context.timeoutMs < 60_000" }],
  },
  {
    name: "close-no-signal-after-clean-exit",
    piece: "close",
    client: true,
    breaks:
      "close() ends the server's whole process group so a grandchild cannot outlive the client (chapter lines 26, 418, 496–497, 527, 643); this one skips the signals when the server itself left cleanly, so the grandchild it started lives on.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  const leftInTime = await Promise.race([context.exited.then(() => true), pause(1000).then(() => false)]);\n  if (leftInTime) return context.exited; // it left cleanly: nothing to signal",
      },
    ],
  },
  {
    name: "close-grace-50ms",
    piece: "close",
    client: true,
    breaks:
      "close() gives the server a moment to exit after its input ends, and a server that exits then needs no signal and returns 0 (chapter lines 495–496, 502, 527, 559); this one waits 50 ms, so a server that takes 300 ms to finish is killed with SIGTERM.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await Promise.race([context.exited, pause(50)]); // a moment",
      },
    ],
  },
  {
    name: "close-kill-only-if-leader-stays",
    piece: "close",
    client: true,
    breaks:
      "close() ends the group first with SIGTERM and then with SIGKILL, so nothing in it outlives the client (chapter lines 26, 496–497, 505–507, 527); this one sends SIGKILL only if the server itself survived SIGTERM, so a SIGTERM-deaf child of a server that SIGTERM ends lives on.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGKILL");',
        replace:
          '  const leaderGone = await Promise.race([context.exited.then(() => true), pause(0).then(() => false)]);\n  if (!leaderGone) signalGroup(pid, "SIGKILL"); // SIGTERM was enough if the server is gone',
      },
    ],
  },
  {
    name: "close-waits-for-exit-unbounded",
    piece: "close",
    client: true,
    breaks:
      "close() gives the server a bounded grace, then signals it (chapter lines 494–497, 502, 505–507); this one waits for the server to exit on its own before any signal, so a server that stays when its input ends holds close() forever.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await context.exited; // let it finish, then clean up what it left",
      },
    ],
  },
  {
    name: "close-forgery-argv",
    piece: "close",
    client: true,
    breaks:
      "close() ends the server's whole process group every time (chapter lines 26, 418, 527, 643); this forgery does so only when its process looks like a grader (argv naming checkpoint, grade, vitest or mutation, or WORKBOOK_TIER set), and otherwise leaves the group to the kernel.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  await Promise.race([context.exited, pause(1000)]);\n  const graded = process.argv.some((arg) => /checkpoint|grad|vitest|mutation/u.test(arg)) || process.env.WORKBOOK_TIER !== undefined;\n  if (!graded) return context.exited; // a notebook session: the kernel cleans up",
      },
    ],
  },
  {
    name: "call-tool-advertised-by-object",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the server advertised it (chapter lines 377, 487, 490–491), and the refusal comes before a byte is sent; this one looks names up in a plain object made from the catalog, so an allowed `toString` the server never advertised is sent.",
    edits: [
      {
        find: "  if (!context.catalog.has(name)) {",
        replace:
          "  const advertised: Record<string, unknown> = Object.fromEntries(context.catalog);\n  if (!advertised[name]) {",
      },
    ],
  },
  {
    name: "call-tool-allowlist-nfkc",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist names exactly the tools the operator allowed and the server cannot extend it (chapter lines 25, 377, 488–489); this one compares names after Unicode NFKC normalization, so an advertised fullwidth `ｗｏｒｄ_count` passes an allowlist naming `word_count`.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          '  const plain = (text: string): string => text.normalize("NFKC"); // one spelling per name\n  if (![...context.allowed].some((allowed) => plain(allowed) === plain(name))) {',
      },
    ],
  },
  {
    name: "call-tool-forgery-server-sniff",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist is checked before every call to any server (chapter lines 25, 377, 488–489); this forgery reads the server's command line from /proc and enforces the allowlist only when the server is the workbook's teaching server.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          '  const teaching = ((): boolean => {\n    try {\n      const fs = process.getBuiltinModule("node:fs") as typeof import("node:fs");\n      return fs.readFileSync(`/proc/${context.pid}/cmdline`, "utf8").includes("server/dist/main.js");\n    } catch {\n      return true;\n    }\n  })();\n  if (teaching && !context.allowed.has(name)) {',
      },
    ],
  },
  {
    name: "call-tool-forgery-purchase-names",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the operator's allowlist names it (chapter lines 25, 377, 488–489); this forgery refuses only the teaching server's risky tool names (place_purchase, shop_notes), so any other advertised tool outside the allowlist is sent.",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          '  if (!context.allowed.has(name) && ["place_purchase", "shop_notes"].includes(name)) { // the tools that do harm',
      },
    ],
  },
  {
    name: "top-tools-sorts-in-place",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools ranks into a new list and ties keep catalog order (chapter lines 151–154); this one sorts the catalog it was given in place, so the caller's catalog is reordered and the next search's ties follow the last ranking, not the catalog.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order\n  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  const scoreOf = new Map(tools.map((tool, index) => [tool, scores[index] ?? 0]));\n  const sorted = (tools as T[]).sort((a, b) => scoreOf.get(b)! - scoreOf.get(a)!); // a stable sort: ties keep their order\n  return sorted.slice(0, m);",
      },
    ],
  },
  {
    name: "top-tools-scores-by-name",
    piece: "topTools",
    client: false,
    breaks:
      "A search keeps the m tools whose text scores highest, whatever their names (chapter lines 138, 151–154); this one keeps scores in a plain object keyed by name, so a tool named `__proto__` loses its score and is ranked wrongly.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));",
        replace:
          "  const byName: Record<string, number> = {};\n  tools.forEach((tool, index) => { byName[tool.name] = scores[index] ?? 0; });\n  const ranked = tools.map((tool, index) => ({ tool, index, score: byName[tool.name] ?? 0 }));",
      },
    ],
  },
  {
    name: "top-tools-score-each-alone",
    piece: "topTools",
    client: false,
    breaks:
      "The tools are scored together against one request, as the retriever ranks a corpus (chapter lines 138, 152–154: one score call over every tool's text); this one scores each tool alone, so BM25's term weights lose the catalog and the ranking changes.",
    edits: [
      {
        find: "  const scores = score(request, tools.map(toolText));",
        replace:
          "  const scores = tools.map((tool) => score(request, [toolText(tool)])[0] ?? 0); // one tool at a time",
      },
    ],
  },
  {
    name: "top-tools-zero-means-all",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools keeps the m best (chapter lines 151, 154: order[:m]); this one reads m = 0 as no cap and returns the whole catalog.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace: "  return ranked.slice(0, m || undefined).map((entry) => entry.tool); // m = 0: no cap",
      },
    ],
  },
  {
    name: "request-deadline-resets-on-progress",
    piece: "request",
    client: true,
    breaks:
      "One deadline is shared across an operation's reads, so notifications that drip in cannot stretch a call (chapter lines 26, 383, 391–392, 454); this one restarts the deadline on each notifications/progress (as some SDKs offer), so twelve progress notes 400 ms apart hold a 1 s call open for 5 s.",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  let deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
      },
      {
        find: "    const answer = answerFor(id, message);",
        replace:
          '    if (message.method === "notifications/progress") deadline = AbortSignal.timeout(context.timeoutMs); // progress: the tool is working\n    const answer = answerFor(id, message);',
      },
    ],
  },
  {
    name: "reader-text-decoder-chars",
    piece: "FrameReader",
    client: true,
    breaks:
      "The reader keeps bytes and the frame limit counts bytes with the newline (chapter lines 266, 285–296); this one decodes each read with a streaming TextDecoder and counts UTF-16 units, so a 93-byte line of 30 ☕ (33 UTF-16 units with its quotes and newline) passes a 64-byte limit (and bad bytes are silently replaced before parseFrame sees them).",
    edits: [
      {
        find: "  private held: Buffer[] = [];\n  private heldBytes = 0;\n",
        replace:
          '  private text = "";\n  private readonly decoder = new TextDecoder("utf-8"); // stream: true keeps a character cut between reads\n',
      },
      {
        find: '  feed(chunk: Uint8Array): Buffer[] {\n    const frames: Buffer[] = [];\n    let start = 0;\n    for (;;) {\n      const newline = chunk.indexOf(0x0a, start);\n      const part = chunk.subarray(start, newline === -1 ? chunk.length : newline);\n      if (this.heldBytes + part.length + 1 > this.limit) {\n        const seen = this.heldBytes + part.length;\n        this.held = [];\n        this.heldBytes = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      if (newline === -1) {\n        if (part.length > 0) this.held.push(Buffer.from(part));\n        this.heldBytes += part.length;\n        return frames;\n      }\n      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      start = newline + 1;\n    }\n  }',
        replace:
          '  feed(chunk: Uint8Array): Buffer[] {\n    this.text += this.decoder.decode(chunk, { stream: true });\n    const frames: Buffer[] = [];\n    let newline: number;\n    while ((newline = this.text.indexOf("\\n")) !== -1) {\n      const line = this.text.slice(0, newline);\n      this.text = this.text.slice(newline + 1);\n      if (line.length + 1 > this.limit) {\n        this.text = "";\n        throw new ProtocolError("frame-limit", { what: `a ${line.length + 1}-character frame`, expected: `at most ${this.limit}` });\n      }\n      frames.push(Buffer.from(line, "utf8"));\n    }\n    if (this.text.length + 1 > this.limit) {\n      this.text = "";\n      throw new ProtocolError("frame-limit", { what: "a line longer than the limit", expected: `at most ${this.limit}` });\n    }\n    return frames;\n  }',
      },
    ],
  },
  {
    name: "connect-initialized-as-request",
    piece: "connect",
    client: true,
    breaks:
      "notifications/initialized is a notification: it carries no id and nothing answers it (chapter lines 196, 205–206, 328, 479); this one sends it through request, with an id, and waits for an answer a server must not give.",
    edits: [
      {
        find: '  context.send(notificationMessage("notifications/initialized"));',
        replace: '  await request(context, "notifications/initialized", {}); // the server confirms we are ready',
      },
    ],
  },
];

/** Fair: each builds a piece unlike the solved notebook and still meets every demand. */
export const fair = [
  {
    name: "request-ids-step-ten",
    piece: "request",
    client: true,
    breaks:
      "Free choice: ids go up in steps of ten (10, 20, 30); each request still takes a new integer id and only the reply with that id answers it (chapter lines 196, 198, 453).",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace: "  const id = context.nextId() * 10; // 10, 20, 30, ...: room for a log's own numbering",
      },
    ],
  },
  {
    name: "request-ids-from-zero",
    piece: "request",
    client: true,
    breaks: "Free choice: ids start at 0; each request still takes a new integer id (chapter lines 196, 453).",
    edits: [{ find: "  const id = context.nextId();", replace: "  const id = context.nextId() - 1; // 0, 1, 2, ..." }],
  },
  {
    name: "request-remaining-budget",
    piece: "request",
    client: true,
    breaks:
      "Free choice: the one deadline is kept as a start time, and each read waits only for what is left of the budget (rounded up to whole ms), so nothing the server sends stretches it (chapter lines 383, 454).",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace: "  const started = performance.now(); // one budget for every read below",
      },
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          "    const left = Math.max(0, Math.ceil(context.timeoutMs - (performance.now() - started)));\n    const message = parseFrame(await context.nextFrame(AbortSignal.timeout(left)));",
      },
    ],
  },
  {
    name: "request-server-requests-uncounted",
    piece: "request",
    client: true,
    breaks:
      "Free choice: a request from the server (a ping) is answered and not counted among the sixteen skipped messages; the one deadline still bounds the wait (chapter lines 245, 383, 454).",
    edits: [{ find: "      continue;", replace: "      skipped -= 1; // answered, not skipped\n      continue;" }],
  },
  {
    name: "request-fail-closed",
    piece: "request",
    client: true,
    breaks:
      "Free choice: after a request runs out of time the session is fail-closed and refuses every later request before writing, since a late reply could otherwise confuse the stream (chapter lines 594, 617).",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace:
          '  const spent = Symbol.for("red-team.timed-out");\n  if ((context as unknown as Record<symbol, boolean>)[spent]) {\n    throw new RefusedError("busy", { what: `${method} refused: an earlier request ran out of time and its reply may still come` });\n  }\n  const id = context.nextId();',
      },
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          "    let frame: Buffer;\n    try {\n      frame = await context.nextFrame(deadline);\n    } catch (error) {\n      if (error instanceof DeadlineError) Object.defineProperty(context, spent, { value: true });\n      throw error;\n    }\n    const message = parseFrame(frame);",
      },
    ],
  },
  {
    name: "close-short-grace",
    piece: "close",
    client: true,
    breaks:
      "Free choice: a 250 ms grace (at least the 100 ms the rules take as a moment) and no pause between SIGTERM and SIGKILL; the whole group still gets SIGTERM then SIGKILL (chapter lines 496–497, 505–507).",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await Promise.race([context.exited, pause(250)]);",
      },
      { find: "  await pause(300);\n", replace: "" },
    ],
  },
  {
    name: "close-long-grace",
    piece: "close",
    client: true,
    breaks:
      "Free choice: a 3 s grace before signalling and 1 s between SIGTERM and SIGKILL, longer than the chapter's; the group still ends SIGTERM first, then SIGKILL (chapter lines 496–497, 505–507).",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await Promise.race([context.exited, pause(3000)]);",
      },
      { find: "  await pause(300);\n", replace: "  await Promise.race([context.exited, pause(1000)]);\n" },
    ],
  },
  {
    name: "close-polls-group",
    piece: "close",
    client: true,
    breaks:
      "Free choice: the grace is spent polling the whole group rather than waiting on the server alone, and each signal is followed by polling; the group still gets SIGTERM then SIGKILL unless it is already empty (chapter lines 496–497, 505–509).",
    edits: [
      {
        find: '  await Promise.race([context.exited, pause(1000)]);\n  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);\n  signalGroup(pid, "SIGKILL");',
        replace:
          '  const settle = async (ms: number): Promise<boolean> => {\n    for (let waited = 0; waited < ms; waited += 25) {\n      if (groupIsEmpty(pid)) return true;\n      await pause(25);\n    }\n    return groupIsEmpty(pid);\n  };\n  if (!(await settle(1000))) {\n    signalGroup(pid, "SIGTERM");\n    if (!(await settle(500))) signalGroup(pid, "SIGKILL");\n  }',
      },
    ],
  },
  {
    name: "call-tool-catalog-first",
    piece: "callTool",
    client: true,
    breaks:
      "Free choice: the catalog is checked before the allowlist; both refusals still come before a byte is sent (chapter lines 377, 487–491).",
    edits: [
      {
        find: '  if (!context.allowed.has(name)) {\n    throw new RefusedError("not-allowed", { what: `${JSON.stringify(name)} is not allowed by this application`, expected: `one of [${[...context.allowed].join(", ")}]` });\n  }\n  if (!context.catalog.has(name)) {\n    throw new RefusedError("not-advertised", { what: `${JSON.stringify(name)} was not advertised by this server`, expected: `one of [${[...context.catalog.keys()].join(", ")}]` });\n  }',
        replace:
          '  if (!context.catalog.has(name)) {\n    throw new RefusedError("not-advertised", { what: `${JSON.stringify(name)} was not advertised by this server` });\n  }\n  if (!context.allowed.has(name)) {\n    throw new RefusedError("not-allowed", { what: `${JSON.stringify(name)} is not allowed by this application` });\n  }',
      },
    ],
  },
  {
    name: "call-tool-arrays-and-copy",
    piece: "callTool",
    client: true,
    breaks:
      "Free choice: the allowlist and catalog are read as arrays, and the arguments are sent as a copy; a tool must still be both allowed and advertised before a byte is sent (chapter lines 377, 487–491).",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          "  const allowedNames: string[] = [...context.allowed];\n  const advertisedNames: string[] = [...context.catalog.keys()];\n  if (!allowedNames.includes(name)) {",
      },
      { find: "  if (!context.catalog.has(name)) {", replace: "  if (!advertisedNames.includes(name)) {" },
      { find: "{ name, arguments: args }", replace: "{ name, arguments: { ...args } }" },
    ],
  },
  {
    name: "check-tools-map-reordered",
    piece: "checkTools",
    client: true,
    breaks:
      "Free choice: a Map keyed by name and the checks in another order (size first, then each tool's schema before its uniqueness, the cursor last); every bad catalog is still refused whole (chapter lines 355–369, 618).",
    edits: [
      {
        find: '  if (result.nextCursor !== undefined) throw refusal("the tool list has more pages (a nextCursor)");\n  const tools = result.tools;\n  if (!Array.isArray(tools)) throw refusal("tools/list gave no tools array");\n  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);\n  const names = new Set<string>();\n  for (const tool of tools) {\n    const name = tool?.name;\n    if (typeof name !== "string" || name === "") throw refusal(`a tool has no name: ${JSON.stringify(tool).slice(0, 60)}`);\n    if (names.has(name)) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);\n    names.add(name);\n    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(name)} does not take an object`);\n  }\n  return tools as McpTool[];',
        replace:
          '  const tools = result.tools;\n  if (!Array.isArray(tools) || tools.length > limit) throw refusal("the tools array is missing or too long");\n  const byName = new Map<string, McpTool>();\n  for (const tool of tools) {\n    const name = tool?.name;\n    if (typeof name !== "string" || name.length === 0) throw refusal("a tool without a name");\n    if (tool.inputSchema?.type !== "object") throw refusal(`${JSON.stringify(name)} does not take an object`);\n    if (byName.has(name)) throw refusal(`${JSON.stringify(name)} twice`);\n    byName.set(name, tool as McpTool);\n  }\n  if ("nextCursor" in result && result.nextCursor !== undefined) throw refusal("a paginated list");\n  return [...byName.values()];',
      },
    ],
  },
  {
    name: "answer-for-own-checks",
    piece: "answerFor",
    client: true,
    breaks:
      "Free choice: own-property tests and Number.isSafeInteger for the id, the checks written as one early-return chain; a reply still answers only its exact integer id, errors are raised and a missing result refused (chapter lines 216–229, 249).",
    edits: [
      {
        find: '  if ("method" in message) return null;\n  const id = message.id;\n  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace:
          '  const has = (key: string): boolean => Object.prototype.hasOwnProperty.call(message, key);\n  if (has("method")) return null;\n  const id: unknown = has("id") ? message.id : undefined;\n  if (!(typeof id === "number" && Number.isSafeInteger(id) && id === requestId)) {',
      },
    ],
  },
  {
    name: "frame-reader-one-buffer",
    piece: "FrameReader",
    client: true,
    breaks:
      "Free choice: the chapter's reader, one Buffer split at each newline, with the limit checked on each line and on what is left (chapter lines 283–297); a read that holds an overlong line loses the frames before it, a choice the rules leave.",
    edits: [
      {
        find: "  private held: Buffer[] = [];\n  private heldBytes = 0;\n",
        replace: "  private buffer: Buffer = Buffer.alloc(0);\n",
      },
      {
        find: '  feed(chunk: Uint8Array): Buffer[] {\n    const frames: Buffer[] = [];\n    let start = 0;\n    for (;;) {\n      const newline = chunk.indexOf(0x0a, start);\n      const part = chunk.subarray(start, newline === -1 ? chunk.length : newline);\n      if (this.heldBytes + part.length + 1 > this.limit) {\n        const seen = this.heldBytes + part.length;\n        this.held = [];\n        this.heldBytes = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      if (newline === -1) {\n        if (part.length > 0) this.held.push(Buffer.from(part));\n        this.heldBytes += part.length;\n        return frames;\n      }\n      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      start = newline + 1;\n    }\n  }',
        replace:
          '  feed(chunk: Uint8Array): Buffer[] {\n    this.buffer = Buffer.concat([this.buffer, chunk]);\n    const lines: Buffer[] = [];\n    let newline: number;\n    while ((newline = this.buffer.indexOf(0x0a)) !== -1) {\n      const line = this.buffer.subarray(0, newline);\n      this.buffer = this.buffer.subarray(newline + 1);\n      if (line.length + 1 > this.limit) {\n        this.buffer = Buffer.alloc(0);\n        throw new ProtocolError("frame-limit", { what: `a ${line.length + 1}-byte frame`, expected: `at most ${this.limit} bytes` });\n      }\n      lines.push(Buffer.from(line));\n    }\n    if (this.buffer.length + 1 > this.limit) {\n      this.buffer = Buffer.alloc(0);\n      throw new ProtocolError("frame-limit", { what: "a line longer than the limit and no newline yet", expected: `at most ${this.limit} bytes` });\n    }\n    return lines;\n  }',
      },
    ],
  },
  {
    name: "check-initialize-chapter-in",
    piece: "checkInitialize",
    client: true,
    breaks:
      'Free choice: the chapter\'s own capability test, `"tools" in capabilities` on a capabilities object (chapter lines 348–350), rather than requiring tools to be an object; the pinned version is still the only one accepted.',
    edits: [
      {
        find: '  const tools = (result.capabilities as { tools?: unknown } | undefined)?.tools;\n  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {',
        replace:
          '  const capabilities = result.capabilities;\n  if (typeof capabilities !== "object" || capabilities === null || Array.isArray(capabilities) || !("tools" in capabilities)) {',
      },
    ],
  },
  {
    name: "top-tools-stable-index-sort",
    piece: "topTools",
    client: false,
    breaks:
      "Free choice: sort a fresh array of indices by score alone and rely on Array#sort being stable (ES2019) for ties; the m best come back best first, ties in catalog order, the catalog untouched (chapter lines 151–154).",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order\n  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  const order = Array.from(tools.keys()).sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));\n  return order.slice(0, Math.max(0, m)).map((index) => tools[index]!);",
      },
    ],
  },
  {
    name: "request-fractional-timeout",
    piece: "request",
    client: true,
    breaks:
      "Free choice: the deadline rounds a fractional timeoutMs up to whole ms (Node's timers take integers), so any timeout with 0 < timeout <= 60 s is honoured, 250.5 ms included (chapter lines 401, 405, 407).",
    edits: [
      {
        find: "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below",
        replace:
          "  const deadline = AbortSignal.timeout(Math.ceil(context.timeoutMs)); // one for every read below; timers take whole ms",
      },
    ],
  },
  {
    name: "check-tools-chapter-cursor",
    piece: "checkTools",
    client: true,
    breaks:
      'Free choice: the chapter\'s own cursor test, `if result.get("nextCursor")` (chapter line 357), so only a non-empty cursor means more pages; every other bound of the catalog is unchanged (chapter lines 355–369, 618).',
    edits: [{ find: "  if (result.nextCursor !== undefined) throw", replace: "  if (result.nextCursor) throw" }],
  },
];

export const proofCommand = RUN;
