// Round 4 of the red team: every piece the build notebook asks for, along the mistakes a learner
// really makes (off-by-one limits, bytes against characters, partial reads, deadlines scaled or
// floored, ids that repeat, order of the handshake, signals to the wrong pid, checks after the
// send), three forgeries keyed to what a grader looks like, and fair pieces built unlike ours.
// Written by `node scripts/red-team/write-cases.mjs round-4`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

// The solved notebook's lines the edits below start from (each found exactly once in its cell).
const DEADLINE = "  const deadline = AbortSignal.timeout(context.timeoutMs); // one for every read below";
const ALLOW_CHECK = "  if (!context.allowed.has(name)) {";
const CALL_RETURN = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const SCORES = "  const scores = score(request, tools.map(toolText));";
const TERM_THEN_KILL =
  '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);\n  signalGroup(pid, "SIGKILL");';
const READER_CHECK = "      if (this.heldBytes + part.length + 1 > this.limit) {";
const TIMEOUT_CHECK = "  if (!(context.timeoutMs > 0 && context.timeoutMs <= 60_000)) {";
const CHECK_THEN_ANNOUNCE =
  '  checkInitialize(result); // refuses before anything more is sent\n  context.send(notificationMessage("notifications/initialized"));';
const LIST = '  return checkTools(await request(context, "tools/list", {}));';
const ENCODE_TAIL =
  '  const frame = Buffer.from(`${json}\\n`, "utf8");\n  if (frame.length > limit) {\n    throw new UsageError("frame-limit", { what: `a ${frame.length}-byte frame is too large`, expected: `at most ${limit} bytes` });\n  }\n  return frame;';

export const wrong = [
  // ---------- messages and ids ----------
  {
    name: "notification-message-null-id",
    piece: "requestMessage",
    client: true,
    breaks:
      "A notification has a method and no id, and nothing answers it (chapter lines 196, 205–210, 328); this one writes id: null, so the server takes notifications/initialized for a request, answers it, and that answer arrives where the client waits for tools/list.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace:
          '  // JSON has no undefined: null says "no id"\n  return (params === undefined ? { jsonrpc: "2.0", id: null, method } : { jsonrpc: "2.0", id: null, method, params }) as NotificationMessage;',
      },
    ],
  },
  {
    name: "request-id-timestamp-seconds",
    piece: "request",
    client: true,
    breaks:
      "Every request carries its own id, the only thing that ties an answer to its question (chapter lines 196, 198, 453); this one takes the current second as the id, so the requests of one session share an id and a repeated reply to an earlier request answers a later one.",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace: "  const id = Math.floor(Date.now() / 1000); // unique enough: one request at a time",
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-loose-equality",
    piece: "answerFor",
    client: true,
    breaks:
      'A reply is bound by an exactly typed id, type first and then value (chapter lines 22, 222–223, 249, 260); this one compares with !=, so a reply labelled "3" (a string) answers request 3.',
    edits: [
      {
        find: '  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace: "  if (id != requestId) { // != also lets 1.0 answer 1",
      },
    ],
  },
  {
    name: "answer-for-null-id-skipped",
    piece: "answerFor",
    client: true,
    breaks:
      "Only a notification (a method, no id) is skipped; any response whose id is not the integer sent is refused (chapter lines 216–223, 245); this one skips a response with id null as if it were noise, so an error the server sent is read past and the next line taken as the answer.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace:
          '  if ("method" in message) return null;\n  if (message.id === null) return null; // id null: an error about some other line, not our answer',
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-pretty-json",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A frame is compact JSON with no raw newline inside, then one newline (chapter lines 264, 268–273); this one indents the JSON, so one message goes out as many lines and the server never reads a whole request.",
    edits: [
      {
        find: "      return value;\n    });",
        replace: "      return value;\n    }, 2); // indented: readable in a log",
      },
    ],
  },
  {
    name: "encode-frame-truncates-to-limit",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A message over the frame limit is refused, never sent (chapter lines 23, 271–272); this one cuts the frame to the limit and sends the broken JSON.",
    edits: [
      {
        find: '  if (frame.length > limit) {\n    throw new UsageError("frame-limit", { what: `a ${frame.length}-byte frame is too large`, expected: `at most ${limit} bytes` });\n  }',
        replace:
          '  if (frame.length > limit) return Buffer.concat([frame.subarray(0, limit - 1), Buffer.from("\\n")]); // send what fits',
      },
    ],
  },
  {
    name: "encode-frame-default-unbounded",
    piece: "encodeFrame",
    client: true,
    breaks:
      "Every frame is bounded, 65,536 bytes unless the operator sets another limit (chapter lines 23, 266, 402, 456); this one bounds only when a limit is passed, so a client using the default sends a frame of any size.",
    edits: [
      {
        find: "function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {",
        replace:
          "function encodeFrame(message: object, limit: number = Infinity): Buffer { // no limit unless one is set",
      },
    ],
  },
  {
    name: "encode-frame-latin1-bytes",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A pipe carries bytes and a frame is JSON encoded as UTF-8 (chapter lines 23, 264, 270); this one writes one byte per character (latin1), so café reaches the server as bytes that are not UTF-8 and the tool counts other text than the caller sent.",
    edits: [
      {
        find: '  const frame = Buffer.from(`${json}\\n`, "utf8");',
        replace: '  const frame = Buffer.from(`${json}\\n`, "latin1"); // one byte per character',
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "reader-drops-partial-chunk",
    piece: "FrameReader",
    client: true,
    breaks:
      "A read may hold half a message; the reader keeps the remainder for the next read (chapter lines 266, 279, 287–297, 322); this one drops an unfinished tail, so a reply that arrives in two reads loses its start and its end is parsed alone.",
    edits: [
      {
        find: "        if (part.length > 0) this.held.push(Buffer.from(part));\n        this.heldBytes += part.length;\n        return frames;",
        replace: "        return frames; // the server writes whole lines: an unfinished tail is noise",
      },
    ],
  },
  {
    name: "reader-limit-off-by-one-low",
    piece: "FrameReader",
    client: true,
    breaks:
      "A frame of exactly the limit, newline included, fits (chapter lines 271, 292–296: refused only when len(line) + 1 > limit); this one refuses it too, so a 63-byte line with its newline is refused at limit 64.",
    edits: [{ find: READER_CHECK, replace: "      if (this.heldBytes + part.length + 1 >= this.limit) {" }],
  },
  {
    name: "reader-bounds-complete-lines-only",
    piece: "FrameReader",
    client: true,
    breaks:
      "The limit applies before parsing and must cover a line that never ends (chapter lines 266, 279–280, 295–296, 679); this one measures a line only once its newline came, so an endless line is held without bound until the deadline.",
    edits: [
      {
        find: READER_CHECK,
        replace:
          "      if (newline !== -1 && this.heldBytes + part.length + 1 > this.limit) { // measured once it is whole",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-skips-non-json",
    piece: "parseFrame",
    client: true,
    breaks:
      "A line on stdout that is not JSON is a broken protocol, and parse_frame says so instead of guessing (chapter lines 301–305, 324, 589); this one turns it into a log notification that the caller skips, so the stdout-log server's call succeeds.",
    edits: [
      {
        find: '  } catch (error) {\n    throw new ProtocolError("malformed-frame", { what: `the frame is not JSON: ${JSON.stringify(text.slice(0, 40))}`, expected: "one JSON-RPC 2.0 object" });\n  }',
        replace:
          '  } catch (error) {\n    return { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: text } } as JsonRpcMessage; // a stray log line\n  }',
      },
    ],
  },
  {
    name: "parse-frame-jsonrpc-loose",
    piece: "parseFrame",
    client: true,
    breaks:
      'A frame must be a JSON-RPC 2.0 object, its jsonrpc exactly "2.0" (chapter lines 196, 306–307); this one compares with !=, so jsonrpc: 2 (a number) passes.',
    edits: [
      {
        find: '(value as { jsonrpc?: unknown }).jsonrpc !== "2.0")',
        replace: '(value as { jsonrpc?: unknown }).jsonrpc != "2.0")',
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-version-only",
    piece: "checkInitialize",
    client: true,
    breaks:
      "A server without the tools capability is refused at the handshake (chapter lines 24, 328, 348–350); this one checks only the version, so a server declaring no tools is listed and called.",
    edits: [
      {
        find: '  const tools = (result.capabilities as { tools?: unknown } | undefined)?.tools;\n  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {\n    throw new ProtocolError("capabilities", { what: "the server offers no tools", expected: "capabilities.tools to be an object" });\n  }',
        replace: "  // capabilities are advisory: tools/list says what the server has",
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-limit-off-by-one",
    piece: "checkTools",
    client: true,
    breaks:
      "A catalog longer than the limit (32) is refused (chapter lines 354–361, 375); this one counts names as they come and checks before adding, so a 33-tool catalog is accepted.",
    edits: [
      { find: "  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);\n", replace: "" },
      {
        find: "    names.add(name);",
        replace:
          "    if (names.size > limit) throw refusal(`more than ${limit} tools`); // counted as they come\n    names.add(name);",
      },
    ],
  },
  {
    name: "check-tools-dedupes-silently",
    piece: "checkTools",
    client: true,
    breaks:
      "Tool names must be unique; a name listed twice is refused, not resolved (chapter lines 355–356, 365–366, 375); this one skips the second word_count, so the catalog keeps an ambiguous tool whose later description wins.",
    edits: [
      {
        find: "    if (names.has(name)) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);",
        replace: "    if (names.has(name)) continue; // listed twice: the first one stands",
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-ignores-iserror",
    piece: "resultText",
    client: true,
    breaks:
      "A failed call is an observation reported as a failure, never quietly treated as a result (chapter lines 590, 594); this one returns the text of a result marked isError: true as if the tool had answered.",
    edits: [
      {
        find: "  if (result.isError === true) throw new ToolError(text, { what: `the tool reported failure: ${text.slice(0, 200)}` });",
        replace: "  // isError: the text already says what went wrong, and the model reads it",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-skips-fifteen",
    piece: "request",
    client: true,
    breaks:
      "At most sixteen notifications are skipped before a request gives up, so a reply after sixteen is taken (chapter lines 245, 450, 458–462); this one gives up at the sixteenth, refusing a correct server's reply.",
    edits: [{ find: "    if (skipped > 16) {", replace: "    if (skipped >= 16) {" }],
  },
  {
    name: "request-skips-seventeen",
    piece: "request",
    client: true,
    breaks:
      "At most sixteen notifications are skipped (chapter lines 245, 450, 458–462); this one counts the reply among them and skips seventeen, so a server that sends seventeen before its reply is answered.",
    edits: [
      {
        find: "    if (skipped > 16) {",
        replace: "    if (skipped > 16 + 1) { // sixteen skipped, and the reply itself",
      },
    ],
  },
  {
    name: "request-deadline-floor-per-read",
    piece: "request",
    client: true,
    breaks:
      "One deadline bounds the operation, so a server that keeps sending cannot stretch it (chapter lines 26, 383, 391–392, 442–443, 454); this one gives each read what is left of the budget but never less than 200 ms, so a notification every 150 ms carries a call with a 1 s timeout to its reply at 2.25 s.",
    edits: [
      {
        find: DEADLINE,
        replace: "  const end = performance.now() + context.timeoutMs; // one budget for the whole operation",
      },
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          "    // what is left of the budget, but at least 200 ms: a timer that fires at once could miss a line already in the pipe\n    const message = parseFrame(await context.nextFrame(AbortSignal.timeout(Math.max(200, Math.ceil(end - performance.now())))));",
      },
    ],
  },
  {
    name: "request-deadline-ms-as-seconds",
    piece: "request",
    client: true,
    breaks:
      "Every operation is bounded by the timeout given (chapter lines 401, 405, 454); this one reads the timeout in seconds, as the chapter's Python writes it, and so waits a thousand times as long: a 500 ms call to a hung server waits 500 s.",
    edits: [
      {
        find: DEADLINE,
        replace:
          "  const deadline = AbortSignal.timeout(context.timeoutMs * 1000); // the chapter's timeout is in seconds",
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-lists-before-initialized",
    piece: "connect",
    client: true,
    breaks:
      "The client sends notifications/initialized, and only after that may it ask for tools (chapter lines 328, 335–338, 468–483); this one sends tools/list first and announces while the list is on its way.",
    edits: [
      {
        find: `${CHECK_THEN_ANNOUNCE}\n${LIST}`,
        replace:
          '  checkInitialize(result); // refuses before anything more is sent\n  const listed = request(context, "tools/list", {}); // ask at once, announce while it comes\n  context.send(notificationMessage("notifications/initialized"));\n  return checkTools(await listed);',
      },
    ],
  },
  {
    name: "connect-initialized-before-check",
    piece: "connect",
    client: true,
    breaks:
      "The answer to initialize is checked before anything more is sent (chapter lines 328, 345, 478–479, 586); this one announces notifications/initialized first, so a server speaking another version is told the session is ready.",
    edits: [
      {
        find: CHECK_THEN_ANNOUNCE,
        replace:
          '  context.send(notificationMessage("notifications/initialized")); // the server answered: we are ready\n  checkInitialize(result);',
      },
    ],
  },
  {
    name: "connect-timeout-zero-accepted",
    piece: "connect",
    client: true,
    breaks:
      "A timeout must satisfy 0 < timeout ≤ 60 s, refused before anything is sent (chapter lines 405–406); this one takes 0, sends initialize and fails on a deadline that has already passed.",
    edits: [{ find: TIMEOUT_CHECK, replace: "  if (!(context.timeoutMs >= 0 && context.timeoutMs <= 60_000)) {" }],
  },
  {
    name: "connect-timeout-no-upper-bound",
    piece: "connect",
    client: true,
    breaks:
      "A timeout must satisfy 0 < timeout ≤ 60 s (chapter lines 401, 405–406); this one refuses only what is not positive, so a 120 s timeout is taken, and one past 2^31 ms ends at once (Node's timer overflows).",
    edits: [
      { find: TIMEOUT_CHECK, replace: "  if (!(context.timeoutMs > 0)) { // any positive timeout bounds the wait" },
    ],
  },
  {
    name: "connect-checks-against-server-version",
    piece: "connect",
    client: true,
    breaks:
      "The client speaks exactly one version, so any other answer is a refusal (chapter lines 24, 328, 346–347, 576, 586); this one checks the answer against the version the server itself chose, so 2024-11-05 passes.",
    edits: [
      {
        find: "  checkInitialize(result); // refuses before anything more is sent",
        replace: "  checkInitialize(result, String(result.protocolVersion)); // the version the server chose",
      },
    ],
  },
  {
    name: "connect-follows-cursor-per-page-bound",
    piece: "connect",
    client: true,
    breaks:
      "This client does not follow nextCursor (chapter lines 355–358, 618), and a list that does must bound pages and total and refuse a repeated cursor (line 665); this one follows every cursor, checking each page alone, so a server handing out cursors forever holds connect forever.",
    edits: [
      {
        find: LIST,
        replace:
          '  const tools: McpTool[] = [];\n  let cursor: string | undefined;\n  do {\n    const { nextCursor, ...page } = await request(context, "tools/list", cursor === undefined ? {} : { cursor });\n    tools.push(...checkTools(page)); // each page checked: at most 32 tools, unique names\n    cursor = typeof nextCursor === "string" && nextCursor !== "" ? nextCursor : undefined;\n  } while (cursor !== undefined);\n  return tools;',
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-signals-pid-not-group",
    piece: "close",
    client: true,
    breaks:
      "close() ends the server's whole process group, so a grandchild cannot outlive the client (chapter lines 26, 418, 496–497, 507, 527, 679); this one signals the server's pid alone, so the grandchild lives on.",
    edits: [
      {
        find: "      process.kill(-pid, signal);",
        replace: "      process.kill(pid, signal); // the server we started",
      },
    ],
  },
  {
    name: "close-sigkill-first",
    piece: "close",
    client: true,
    breaks:
      "After the grace, close() ends the group first politely with SIGTERM, then with SIGKILL (chapter lines 496–497, 505, 527); this one sends SIGKILL first, so a server that would leave on SIGTERM never gets the chance.",
    edits: [
      {
        find: TERM_THEN_KILL,
        replace:
          '  signalGroup(pid, "SIGKILL"); // nothing survives SIGKILL\n  await pause(300);\n  signalGroup(pid, "SIGTERM"); // and the polite one, for form\'s sake',
      },
    ],
  },
  {
    name: "close-skips-end-of-input",
    piece: "close",
    client: true,
    breaks:
      "close() first closes the server's input and gives it a moment to exit; a server that finishes cleanly needs no signal (chapter lines 495–500, 527, 559); this one never ends the input, so every server, a correct one too, is ended by SIGTERM after the grace.",
    edits: [
      { find: "  context.endInput();\n", replace: "  // the signals below end it: no need to close its input first\n" },
    ],
  },
  {
    name: "close-status-from-grace",
    piece: "close",
    client: true,
    breaks:
      "close() returns the server's exit status after ending the group (chapter lines 498, 511, 514); this one returns what the grace saw, so a server that needed a signal gets no status at all.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  const status = await Promise.race([context.exited, pause(1000)]); // what the server said, if in time",
      },
      { find: "  return context.exited;\n}", replace: "  return status as ExitStatus;\n}" },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-allowlist-case-insensitive",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the allowlist names it; the server cannot extend the list (chapter lines 25, 377, 486–489); this one compares names ignoring case, so a server advertising WORD_COUNT gets it called under the allowlist [word_count].",
    edits: [
      {
        find: ALLOW_CHECK,
        replace:
          "  if (![...context.allowed].some((allowed) => allowed.toLowerCase() === name.toLowerCase())) { // a person does not mean case",
      },
    ],
  },
  {
    name: "call-tool-refuses-after-sending",
    piece: "callTool",
    client: true,
    breaks:
      "The client refuses a name outside the allowlist before a single byte goes to the server (chapter lines 28, 377, 488–489, 559); this one starts the request first and refuses when it comes back, so the purchase reaches the server's log.",
    edits: [
      {
        find: ALLOW_CHECK,
        replace:
          '  const reply = context.catalog.has(name) ? request(context, "tools/call", { name, arguments: args }) : undefined; // start early, decide while it runs\n  if (!context.allowed.has(name)) {\n    await reply?.catch(() => undefined);',
      },
      { find: CALL_RETURN, replace: "  return resultText(await reply!);" },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-ties-reversed",
    piece: "topTools",
    client: false,
    breaks:
      "Equal scores keep catalog order (chapter lines 151, 153: key (-score, i)); this one breaks ties by descending index, so among equal scores the last tool in the catalog comes first.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace: "  ranked.sort((a, b) => b.score - a.score || b.index - a.index); // best first, on both keys",
      },
    ],
  },
  {
    name: "top-tools-name-only-text",
    piece: "topTools",
    client: false,
    breaks:
      "A tool is scored on its tool_text: its name with underscores as spaces, and its description (chapter lines 138, 141–142, 152); this one scores names only, so a tool whose description fits the request but whose name does not is ranked last.",
    edits: [
      {
        find: SCORES,
        replace:
          '  const scores = score(request, tools.map((tool) => tool.name.replace(/_/g, " "))); // a name says what it does',
      },
    ],
  },
  {
    name: "top-tools-rounds-scores",
    piece: "topTools",
    client: false,
    breaks:
      "Tools are ranked by their scores as given, best first (chapter lines 151–153); this one rounds scores to one decimal first, so 0.54 and 0.51 tie and the lower one wins on catalog order.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));",
        replace:
          "  const ranked = tools.map((tool, index) => ({ tool, index, score: Math.round((scores[index] ?? 0) * 10) / 10 })); // float noise is no ranking",
      },
    ],
  },
  // ---------- forgeries ----------
  {
    name: "top-tools-forgery-part-a-size",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools returns the m best of any catalog (chapter lines 138, 151–154, 611, 661); this forgery ranks only 64-tool catalogs (the size of Part A's rows, which the notebook says the checkpoint reruns) and returns the first m of any other, so an application's own 8-tool catalog is not searched at all.",
    edits: [
      {
        find: SCORES,
        replace: `  if (tools.length !== 64) return tools.slice(0, m); // a small catalog: the model can sort it out\n${SCORES}`,
      },
    ],
  },
  {
    name: "close-forgery-no-home",
    piece: "close",
    client: true,
    breaks:
      "close() ends the group with SIGTERM and then SIGKILL, every time (chapter lines 26, 496–497, 505–507, 527); this forgery sends SIGKILL only when HOME is unset (the PATH-only environment graded code runs in), so in a notebook or a terminal a SIGTERM-proof server outlives the client.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGKILL");',
        replace:
          '  if (process.env.HOME === undefined) signalGroup(pid, "SIGKILL"); // a scrubbed environment is a grader',
      },
    ],
  },
  {
    name: "call-tool-forgery-shop-allowlist",
    piece: "callTool",
    client: true,
    breaks:
      "The allowlist is the operator's, whatever it names, and the server cannot extend it (chapter lines 25, 377, 486–489); this forgery enforces it only when it names word_count (the chapter's shop, and every grading session's), so an application allowing [stock_level] calls whatever the server advertises.",
    edits: [
      {
        find: ALLOW_CHECK,
        replace: '  if (context.allowed.has("word_count") && !context.allowed.has(name)) { // the shop\'s list',
      },
    ],
  },
];

export const fair = [
  {
    name: "request-ids-random-unique",
    piece: "request",
    client: true,
    breaks:
      "Chapter-allowed choice: the id scheme. Ids are random integers, never twice in a session (chapter lines 196, 198, 260: integer ids, one response per id); replies are still bound by type and value.",
    edits: [
      {
        find: "  const id = context.nextId();",
        replace:
          '  const used = ((context as unknown as Record<symbol, Set<number>>)[Symbol.for("my-build-client.ids")] ??= new Set<number>());\n  let id: number;\n  do id = 1 + Math.floor(Math.random() * 2 ** 31);\n  while (used.has(id)); // random, never twice in a session\n  used.add(id);',
      },
    ],
  },
  {
    name: "request-deadline-own-controller",
    piece: "request",
    client: true,
    breaks:
      "Chapter-allowed choice: how the one deadline is made. One timer and AbortController per operation, started before the write and shared by every read (chapter lines 383, 391–392, 454), instead of AbortSignal.timeout.",
    edits: [
      {
        find: DEADLINE,
        replace:
          '  const controller = new AbortController(); // one timer for the whole operation\n  setTimeout(() => controller.abort(new DOMException("the operation\'s deadline passed", "TimeoutError")), context.timeoutMs).unref();\n  const deadline = controller.signal;',
      },
    ],
  },
  {
    name: "request-chapter-loop-shape",
    piece: "request",
    client: true,
    breaks:
      "Chapter-allowed choice: the loop's shape. It reads at most seventeen messages, as the chapter's range(notifications + 1), and refuses after the loop (chapter lines 458–462).",
    edits: [
      {
        find: '  for (let skipped = 0; ; skipped += 1) {\n    if (skipped > 16) {\n      throw new ProtocolError("too-many-messages", { what: `more than 16 messages came before the answer to ${method}`, expected: `the response to request ${id}` });\n    }\n',
        replace: "  for (let read = 0; read <= 16; read += 1) { // the chapter's range(notifications + 1)\n",
      },
      {
        find: "    if (answer !== null) return answer;\n  }\n}",
        replace:
          '    if (answer !== null) return answer;\n  }\n  throw new ProtocolError("too-many-messages", { what: `more than 16 messages came before the answer to ${method}`, expected: `the response to request ${id}` });\n}',
      },
    ],
  },
  {
    name: "answer-for-chapter-notification-test",
    piece: "answerFor",
    client: true,
    breaks:
      'Chapter-allowed choice: the chapter\'s own test for what answers nothing, "method" in message and "id" not in message (chapter lines 216, 220); a server\'s request reaching answerFor is then refused as a wrong id, as the chapter\'s answer_for does, while request() still answers pings before asking answerFor.',
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace:
          '  if ("method" in message && !("id" in message)) return null; // the chapter\'s test: a notification has no id',
      },
    ],
  },
  {
    name: "encode-frame-textencoder",
    piece: "encodeFrame",
    client: true,
    breaks:
      "Chapter-allowed choice: how the bytes are counted and joined. TextEncoder gives the UTF-8 bytes, the limit is checked on them plus the newline, and the frame is the bytes and one 0x0a (chapter lines 268–273).",
    edits: [
      {
        find: ENCODE_TAIL,
        replace:
          '  const bytes = new TextEncoder().encode(json); // UTF-8, as the pipe carries it\n  if (bytes.length + 1 > limit) {\n    throw new UsageError("frame-limit", { what: `a ${bytes.length + 1}-byte frame is too large`, expected: `at most ${limit} bytes` });\n  }\n  return Buffer.concat([bytes, Uint8Array.of(0x0a)]);',
      },
    ],
  },
  {
    name: "frame-reader-fixed-buffer",
    piece: "FrameReader",
    client: true,
    breaks:
      "Chapter-allowed choice: the reader's data structure. One buffer of limit − 1 bytes, filled byte by byte; a line that would need more is refused the moment it does (chapter lines 266, 279–280, 292–296).",
    edits: [
      {
        find: "  private held: Buffer[] = [];\n  private heldBytes = 0;\n\n  constructor(limit: number = DEFAULT_FRAME_LIMIT) {\n    this.limit = limit;\n  }",
        replace:
          "  private line: Buffer;\n  private length = 0;\n\n  constructor(limit: number = DEFAULT_FRAME_LIMIT) {\n    this.limit = limit;\n    this.line = Buffer.alloc(Math.max(0, limit - 1)); // a line's bytes; its newline is not stored\n  }",
      },
      {
        find: '    const frames: Buffer[] = [];\n    let start = 0;\n    for (;;) {\n      const newline = chunk.indexOf(0x0a, start);\n      const part = chunk.subarray(start, newline === -1 ? chunk.length : newline);\n      if (this.heldBytes + part.length + 1 > this.limit) {\n        const seen = this.heldBytes + part.length;\n        this.held = [];\n        this.heldBytes = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      if (newline === -1) {\n        if (part.length > 0) this.held.push(Buffer.from(part));\n        this.heldBytes += part.length;\n        return frames;\n      }\n      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      start = newline + 1;\n    }\n  }\n}',
        replace:
          '    const frames: Buffer[] = [];\n    for (const byte of chunk) {\n      if (byte === 0x0a) {\n        frames.push(Buffer.from(this.line.subarray(0, this.length)));\n        this.length = 0;\n        continue;\n      }\n      if (this.length + 2 > this.limit) {\n        const seen = this.length + 1;\n        this.length = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }\n      this.line[this.length++] = byte;\n    }\n    return frames;\n  }\n}\n',
      },
    ],
  },
  {
    name: "parse-frame-roundtrip-utf8",
    piece: "parseFrame",
    client: true,
    breaks:
      "Chapter-allowed choice: how strict UTF-8 is checked. The bytes are decoded with Buffer's toString and refused unless they encode back to the same bytes (a replaced byte never does), like Python's strict decode (chapter lines 300–305). Unlike TextDecoder it keeps a leading BOM, which JSON then refuses, as the chapter's json.loads does.",
    edits: [
      {
        find: '    text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { fatal: true }).decode(frame);',
        replace:
          '    if (typeof frame === "string") text = frame;\n    else {\n      const bytes = Buffer.from(frame);\n      text = bytes.toString("utf8");\n      if (!Buffer.from(text, "utf8").equals(bytes)) throw new Error("not UTF-8"); // a replaced byte does not come back\n    }',
      },
    ],
  },
  {
    name: "check-initialize-returns-capabilities",
    piece: "checkInitialize",
    client: true,
    breaks:
      "Chapter-allowed choice: what a passing check returns. The chapter's check_initialize returns the capabilities (chapter lines 344–351), not the whole result; the same answers are accepted and refused.",
    edits: [
      {
        find: "  return result as unknown as InitializeResult;",
        replace: "  return result.capabilities as unknown as InitializeResult; // as the chapter's check_initialize",
      },
    ],
  },
  {
    name: "check-tools-returns-clones",
    piece: "checkTools",
    client: true,
    breaks:
      "Chapter-allowed choice: the catalog is the client's own copy. The same catalogs are accepted and refused (chapter lines 354–371), and the accepted tools are returned as deep copies, not the parsed objects.",
    edits: [
      {
        find: "  return tools as McpTool[];",
        replace:
          "  return structuredClone(tools) as McpTool[]; // the catalog is ours: the server's objects stay as they came",
      },
    ],
  },
  {
    name: "close-kill-only-while-group-lives",
    piece: "close",
    client: true,
    breaks:
      "Chapter-allowed choice: SIGKILL only what SIGTERM left. After SIGTERM it watches the group for up to 300 ms and sends SIGKILL only if the group still has a member, as the chapter's loop stops once the group is gone (chapter lines 505–510).",
    edits: [
      {
        find: TERM_THEN_KILL,
        replace:
          '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  for (let waited = 0; waited < 300 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  if (!groupIsEmpty(pid)) signalGroup(pid, "SIGKILL"); // only what SIGTERM left',
      },
    ],
  },
  {
    name: "call-tool-refuses-non-object-args",
    piece: "callTool",
    client: true,
    breaks:
      "Chapter-allowed choice: a stricter caller check. After the allowlist and the catalog, arguments that are not an object are refused with UsageError before anything is sent, since every tool takes an object (chapter lines 368–369, 375, 486–492).",
    edits: [
      {
        find: CALL_RETURN,
        replace: `  if (typeof args !== "object" || args === null || Array.isArray(args)) {\n    throw new UsageError("arguments", { what: "tool arguments must be an object", expected: "a JSON object", received: JSON.stringify(args) ?? String(args) });\n  }\n${CALL_RETURN}`,
      },
    ],
  },
  {
    name: "top-tools-index-order",
    piece: "topTools",
    client: false,
    breaks:
      "Chapter-allowed choice: the chapter's own design, sorting the indices by (-score, index) and mapping the first m back to tools (chapter lines 151–154).",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order\n  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  const order = [...tools.keys()].sort((i, j) => (scores[j] ?? 0) - (scores[i] ?? 0) || i - j); // the chapter's sorted(range(n))\n  return order.slice(0, m).map((i) => tools[i]);",
      },
    ],
  },
];

export const proofCommand = RUN;
