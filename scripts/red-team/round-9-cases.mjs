// Round 9 of the red team: written from the chapter and the build notebook only. Families the
// earlier rounds left: Part A's ranking ported by hand in ways that hold only without ties or with
// whole-number scores (the chapter's (-score, index) key compared as text, scores mapped back to
// tools by indexOf or through a Map keyed by score, distinct scores put in order by the default
// sort); JavaScript's own traps in a piece that reads right (a loose != that lets an array or a
// number through, an arrow function whose `this` is not the array, `|| default` and a truthy limit
// that make 0 mean "no limit", `id | 0`, a join() with no separator); checks that judge the wrong
// thing (a schema that is an object instead of a schema of type object, a refusal for a chunk too
// large rather than a line, a server refused for capabilities or a serverInfo the chapter never
// asks for); what a session sends and keeps (a catalog sorted by name, a cursor of null, arguments
// spread into the params, roots declared, one deadline across the handshake and the discovery,
// replies to other ids skipped, an exit status without its signal, a wait on the exit after
// SIGTERM); a frame limit honoured on one side only (the encoder or the reader bound by the default
// whatever the client's limit), every tool tied with the m best scores kept, a server's request
// with id 0 taken for a notification, any server request refused, text items trimmed or joined
// with placeholders for the other items, a progress token asked for, a clientInfo with no version,
// names and descriptions scored apart.
// Written by `node scripts/red-team/write-cases.mjs round-9`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const RANK_SORT = "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order";
const RANK_BODY =
  "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n" +
  `${RANK_SORT}\n` +
  "  return ranked.slice(0, m).map((entry) => entry.tool);";
const LIST_LINE = '  return checkTools(await request(context, "tools/list", {}));';
const INIT_RETURN = "  return result as unknown as InitializeResult;";
const TEXT_LINE =
  '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");';
const NOTIFY_BODY =
  'function notificationMessage(method: string, params?: JsonObject): NotificationMessage {\n  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };';
const CLOSE_END =
  "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return context.exited;";

export const wrong = [
  // ---------- topTools: hand-made rankings ----------
  {
    name: "top-tools-tuple-key-compared-as-text",
    piece: "topTools",
    client: false,
    breaks:
      "The m best scores first, ties in catalog order (chapter lines 151–154); this one ports the chapter's sort key (-score, index) as a pair of numbers compared with <, which JavaScript compares as text, so a score of 0.5 ranks below 0.25 and, among equal scores, tool 10 comes before tool 2.",
    edits: [
      {
        find: RANK_SORT,
        replace:
          "  ranked.sort((a, b) => ([-a.score, a.index] < [-b.score, b.index] ? -1 : 1)); // the chapter's key: (-score, index)",
      },
    ],
  },
  {
    name: "top-tools-index-of-score",
    piece: "topTools",
    client: false,
    breaks:
      "The m best tools, each once, ties in catalog order (chapter lines 151–154); this one sorts the scores and maps each back to the first tool that has it, so two tools with the same score become the first of them twice and the second is never offered.",
    edits: [
      {
        find: RANK_BODY,
        replace:
          "  const best = [...scores].sort((a, b) => b - a).slice(0, m); // the m best scores\n  return best.map((value) => tools[scores.indexOf(value)]); // and the tool that scored each",
      },
    ],
  },
  {
    name: "top-tools-keyed-by-score",
    piece: "topTools",
    client: false,
    breaks:
      "Every tool is ranked and ties keep catalog order (chapter lines 151–154); this one files the tools in a Map keyed by score, so of two tools with the same score only the later survives, and the earlier is never offered.",
    edits: [
      {
        find: RANK_BODY,
        replace:
          "  const byScore = new Map(scores.map((value, index) => [value, tools[index]])); // each score's tool\n  return [...byScore.keys()].sort((a, b) => b - a).slice(0, m).map((value) => byScore.get(value) as T);",
      },
    ],
  },
  {
    name: "top-tools-distinct-scores-default-sort",
    piece: "topTools",
    client: false,
    breaks:
      "Best first by score (chapter lines 151–154); this one lists the distinct scores with the default sort, which orders numbers as text, so a score of 10 ranks below 9 and 2.",
    edits: [
      {
        find: RANK_SORT,
        replace:
          "  const levels = [...new Set(ranked.map((entry) => entry.score))].sort().reverse(); // the distinct scores, best first\n  ranked.sort((a, b) => levels.indexOf(a.score) - levels.indexOf(b.score) || a.index - b.index);",
      },
    ],
  },
  {
    name: "top-tools-returns-ranked-entries",
    piece: "topTools",
    client: false,
    breaks:
      "top_tools returns the tools themselves, the m best (chapter lines 151–154); this one returns its own ranking entries ({tool, index, score}), so the caller offers the model objects with no name and no description.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace: "  return ranked.slice(0, m) as unknown as T[]; // best first",
      },
    ],
  },
  // ---------- JavaScript's traps ----------
  {
    name: "check-initialize-loose-inequality",
    piece: "checkInitialize",
    client: false,
    breaks:
      'Any protocolVersion other than the pinned one is refused (chapter lines 328, 346–347); this one compares with !=, so a server answering the version inside an array, ["2025-06-18"], passes the handshake.',
    edits: [
      { find: "  if (result.protocolVersion !== version) {", replace: "  if (result.protocolVersion != version) {" },
    ],
  },
  {
    name: "parse-frame-loose-inequality",
    piece: "parseFrame",
    client: true,
    breaks:
      'A frame must be a JSON-RPC 2.0 object, jsonrpc "2.0", or it is a protocol error (chapter lines 301, 306–307); this one compares with !=, so a message with jsonrpc 2 (a number) or ["2.0"] is taken as JSON-RPC 2.0.',
    edits: [
      {
        find: '(value as { jsonrpc?: unknown }).jsonrpc !== "2.0")',
        replace: '(value as { jsonrpc?: unknown }).jsonrpc != "2.0")',
      },
    ],
  },
  {
    name: "encode-frame-replacer-arrow-this",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A message is written as it is or refused, never changed (chapter lines 264, 268–273; the notebook: refusing what JSON cannot carry); this one writes its replacer as an arrow function, whose `this` is never the array being written, so an undefined array element goes out silently as null.",
    edits: [
      {
        find: "    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {",
        replace: "    json = JSON.stringify(message, (key: string, value: unknown) => {",
      },
    ],
  },
  {
    name: "encode-frame-limit-zero-as-default",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame whose bytes plus the newline exceed the limit given is refused (chapter lines 271–272); this one reads the limit with || DEFAULT_FRAME_LIMIT, so a limit of 0 (or NaN) silently becomes 64 KiB and the frame is written.",
    edits: [
      {
        find: "  if (frame.length > limit) {",
        replace: "  if (frame.length > (limit || DEFAULT_FRAME_LIMIT)) { // no limit given: the default",
      },
    ],
  },
  {
    name: "frame-reader-limit-falsy-unbounded",
    piece: "FrameReader",
    client: false,
    breaks:
      "The reader refuses any line beyond its limit, before parsing (chapter lines 266, 276–296); this one skips the check when the limit is falsy, so a reader made with a limit of 0 holds and hands back lines of any length.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (this.limit && this.heldBytes + part.length + 1 > this.limit) { // a limit of 0: none set",
      },
    ],
  },
  {
    name: "request-message-id-int32",
    piece: "requestMessage",
    client: false,
    breaks:
      "A request carries its id, and only a response with that same id answers it (chapter lines 196–202); this one forces the id to an integer with | 0, which wraps any id from 2^31 up, so request 2147483648 goes out as -2147483648 and its own reply is refused.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace: '  return { jsonrpc: "2.0", id: id | 0, method, params }; // ids are integers',
      },
    ],
  },
  // ---------- checks that judge the wrong thing ----------
  {
    name: "check-tools-schema-is-an-object",
    piece: "checkTools",
    client: false,
    breaks:
      "Every tool must take an object of arguments: an input schema whose type is object (chapter lines 367–369, 375); this one only checks that the schema is an object, so a tool whose schema says type string, or says no type at all, is accepted.",
    edits: [
      {
        find: '    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(name)} does not take an object`);',
        replace:
          '    if (typeof tool.inputSchema !== "object" || tool.inputSchema === null) throw refusal(`the tool ${JSON.stringify(name)} has no schema object`);',
      },
    ],
  },
  {
    name: "check-tools-null-entry-crashes",
    piece: "checkTools",
    client: false,
    breaks:
      "A catalog entry that is not an object is refused as an invalid tool (chapter lines 363–366); this one reads tool.name directly, so a null entry crashes with a TypeError instead of the catalog's refusal.",
    edits: [{ find: "    const name = tool?.name;", replace: "    const name = tool.name;" }],
  },
  {
    name: "frame-reader-refuses-large-chunk",
    piece: "FrameReader",
    client: false,
    breaks:
      "The limit bounds one line (chapter lines 266, 277–280, 292–296); a read may hold many short lines, or half a message (lines 265–266); this one refuses any read longer than the limit, so a burst of short, valid notifications that arrives in one read is refused as an oversized frame.",
    edits: [
      {
        find: "    const frames: Buffer[] = [];",
        replace:
          '    if (chunk.length > this.limit) throw new ProtocolError("frame-limit", { what: `a read of ${chunk.length} bytes`, expected: `at most ${this.limit} bytes` }); // too much at once\n    const frames: Buffer[] = [];',
      },
    ],
  },
  {
    name: "check-initialize-requires-server-info",
    piece: "checkInitialize",
    client: false,
    breaks:
      "The handshake is refused for a version other than ours or a server without the tools capability, and for nothing else (chapter lines 328, 344–351); this one also refuses a server whose answer has no serverInfo name, stopping a server the chapter accepts.",
    edits: [
      {
        find: INIT_RETURN,
        replace:
          '  const info = result.serverInfo as { name?: unknown } | undefined;\n  if (typeof info?.name !== "string") throw new ProtocolError("capabilities", { what: "the server does not say who it is", expected: "serverInfo with a name" });\n' +
          INIT_RETURN,
      },
    ],
  },
  {
    name: "check-initialize-refuses-other-capabilities",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A server must offer tools (chapter lines 328, 348–350); the client declares no other capability (line 620), but a server may offer more; this one refuses any server that also offers logging, prompts or resources.",
    edits: [
      {
        find: INIT_RETURN,
        replace:
          '  const others = Object.keys(result.capabilities as object).filter((key) => key !== "tools");\n  if (others.length > 0) throw new ProtocolError("capabilities", { what: `the server also offers ${others.join(", ")}`, expected: "a server of tools only" }); // we implement tools only\n' +
          INIT_RETURN,
      },
    ],
  },
  {
    name: "encode-frame-accepts-primitives",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame carries one message, a JSON object (chapter lines 264, 268–270, 301); this one only refuses undefined, so a string, a number or null is written as a frame of its own.",
    edits: [
      { find: '  if (typeof message !== "object" || message === null) {', replace: "  if (message === undefined) {" },
    ],
  },
  {
    name: "frame-reader-keeps-newline",
    piece: "FrameReader",
    client: false,
    breaks:
      "The reader hands back each line without the newline that ended it (chapter lines 287–297, 317–319); this one hands back the newline too, so every frame it gives ends in byte 0x0a.",
    edits: [
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));",
        replace:
          "      frames.push(Buffer.concat([...this.held, chunk.subarray(start, newline + 1)])); // the line as it came",
      },
    ],
  },
  {
    name: "result-text-drops-empty-items",
    piece: "resultText",
    client: false,
    breaks:
      "The text items joined by newlines (chapter line 492; the notebook's resultText), each one; this one keeps only the text items with non-empty text, so a result whose middle item is empty loses a line and its text changes.",
    edits: [
      {
        find: 'content.filter((item) => item?.type === "text")',
        replace: 'content.filter((item) => item?.type === "text" && item.text)',
      },
    ],
  },
  {
    name: "result-text-iserror-only-when-silent",
    piece: "resultText",
    client: true,
    breaks:
      "A failed call is never quietly treated as a result (chapter line 594; the notebook: isError raised); this one raises only when the failure has no text, so a tool's failure with a message comes back as the call's answer.",
    edits: [
      { find: "  if (result.isError === true) throw", replace: '  if (result.isError === true && text === "") throw' },
    ],
  },
  // ---------- what a session sends and keeps ----------
  {
    name: "connect-sorts-catalog-by-name",
    piece: "connect",
    client: true,
    breaks:
      "The catalog is the server's list as advertised (chapter lines 537–542 list word_count, then place_purchase), and ties in a search keep catalog order (line 154); this one sorts the tools by name, so the catalog starts with place_purchase.",
    edits: [
      {
        find: LIST_LINE,
        replace:
          '  const tools = checkTools(await request(context, "tools/list", {}));\n  return [...tools].sort((a, b) => a.name.localeCompare(b.name)); // a tidy catalog, by name',
      },
    ],
  },
  {
    name: "connect-one-deadline-for-both",
    piece: "connect",
    client: true,
    breaks:
      "Each operation has its own deadline, shared across that operation's writes and reads (chapter lines 383, 391–392, 454, 470, 483); this one gives initialize and tools/list one deadline between them, so a server that answers each within the deadline, but both together after it, is refused.",
    edits: [
      {
        find: '  const result = await request(context, "initialize", {',
        replace:
          '  const whole = AbortSignal.timeout(context.timeoutMs); // the handshake and discovery: one budget\n  const bounded: ClientContext = Object.create(context, { nextFrame: { value: (signal: AbortSignal) => context.nextFrame(AbortSignal.any([signal, whole])) } });\n  const result = await request(bounded, "initialize", {',
      },
      { find: LIST_LINE, replace: '  return checkTools(await request(bounded, "tools/list", {}));' },
    ],
  },
  {
    name: "connect-list-cursor-null",
    piece: "connect",
    client: true,
    breaks:
      'tools/list is asked with empty params (chapter lines 338, 483); this one sends cursor: null for "the first page", a cursor the protocol defines as a string, so the server is handed a value it need not accept.',
    edits: [
      {
        find: LIST_LINE,
        replace: '  return checkTools(await request(context, "tools/list", { cursor: null })); // the first page',
      },
    ],
  },
  {
    name: "connect-declares-roots",
    piece: "connect",
    client: true,
    breaks:
      "The client implements tools only and declares no other capability (chapter lines 182, 473–474, 620); this one declares roots in initialize, promising the server it may ask for the client's file roots.",
    edits: [
      {
        find: "    capabilities: {},",
        replace: "    capabilities: { roots: {} }, // the server may ask where we work",
      },
    ],
  },
  {
    name: "call-tool-arguments-flattened",
    piece: "callTool",
    client: true,
    breaks:
      "A call sends the tool's name and its arguments as the arguments member (chapter lines 341, 492); this one spreads the arguments into the params beside the name, so the server finds no arguments and counts the words of nothing.",
    edits: [
      {
        find: '  return resultText(await request(context, "tools/call", { name, arguments: args }));',
        replace:
          '  return resultText(await request(context, "tools/call", { name, ...args })); // the tool and what it takes',
      },
    ],
  },
  {
    name: "call-tool-refusal-as-usage-error",
    piece: "callTool",
    client: true,
    breaks:
      "A name outside the allowlist is refused by the application, a permission refusal (chapter lines 377, 488–489, 549–550); this one throws a usage error, as if the caller had misused the API, so a refusal reads like a bug and not like the allowlist at work.",
    edits: [{ find: '    throw new RefusedError("not-allowed", {', replace: '    throw new UsageError("allowed", {' }],
  },
  {
    name: "request-skips-foreign-replies",
    piece: "request",
    client: true,
    breaks:
      "A response for another id is refused outright: accepting it would attach one request's evidence to another, and a stale reply is a failure mode (chapter lines 198, 216–218, 577, 642); this one catches the wrong-id refusal and reads on, so a stale reply is skipped and the call succeeds.",
    edits: [
      {
        find: "    const answer = answerFor(id, message);",
        replace:
          '    let answer: JsonObject | null;\n    try {\n      answer = answerFor(id, message);\n    } catch (error) {\n      if ((error as { reason?: string }).reason === "wrong-id") continue; // a reply to someone else\n      throw error;\n    }',
      },
    ],
  },
  {
    name: "close-status-code-only",
    piece: "close",
    client: true,
    breaks:
      "close() returns the server's exit status, its code or the signal that ended it (chapter lines 497–498, 559); this one returns only a numeric code, so a server ended by SIGTERM or SIGKILL reports null, as if nothing had ended it.",
    edits: [
      {
        find: CLOSE_END,
        replace:
          '  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  const status = await context.exited;\n  return typeof status === "number" ? status : null; // an exit code, or nothing',
      },
    ],
  },
  {
    name: "close-awaits-exit-after-term",
    piece: "close",
    client: true,
    breaks:
      "close() ends the group with SIGTERM and then SIGKILL, so a hung server cannot outlive the client (chapter lines 495–498, 505–510, 527); this one waits for the server to exit after SIGTERM before sending SIGKILL, so a server that ignores SIGTERM keeps close() waiting forever.",
    edits: [
      {
        find: '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);',
        replace:
          '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await context.exited; // let it finish what SIGTERM asked',
      },
    ],
  },
  {
    name: "notification-message-empty-params-default",
    piece: "notificationMessage",
    client: true,
    breaks:
      "A notification carries params only when given (chapter lines 205–210); this one copies requestMessage's default of {}, so notifications/initialized goes out with params {}.",
    edits: [
      {
        find: NOTIFY_BODY,
        replace:
          'function notificationMessage(method: string, params: JsonObject = {}): NotificationMessage {\n  return { jsonrpc: "2.0", method, params };',
      },
    ],
  },
  // ---------- a limit honoured on one side only, and more ----------
  {
    name: "encode-frame-limit-argument-ignored",
    piece: "encodeFrame",
    client: true,
    breaks:
      "A frame is refused when its bytes plus the newline exceed the limit given, the client's frame limit (chapter lines 271–272, 403, 456); this one always compares with the default 64 KiB, so a client made with a smaller frame limit reads under it but writes frames past it.",
    edits: [{ find: "  if (frame.length > limit) {", replace: "  if (frame.length > DEFAULT_FRAME_LIMIT) {" }],
  },
  {
    name: "frame-reader-limit-argument-ignored",
    piece: "FrameReader",
    client: true,
    breaks:
      "The reader refuses any line beyond its own limit, the client's frame limit (chapter lines 266, 276–296, 403, 408); this one keeps the limit it is given but bounds lines by the default 64 KiB, so a client made with a 1 KiB limit takes a 5,000-byte reply.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (this.heldBytes + part.length + 1 > DEFAULT_FRAME_LIMIT) {",
      },
    ],
  },
  {
    name: "top-tools-m-best-scores",
    piece: "topTools",
    client: false,
    breaks:
      "At most m tools, the m best (chapter lines 151–154: order[:m]); this one keeps every tool whose score is among the m best scores, so ties bring more than m tools into the prompt.",
    edits: [
      {
        find: "  return ranked.slice(0, m).map((entry) => entry.tool);",
        replace:
          "  const cut = [...new Set(ranked.map((entry) => entry.score))].slice(0, m); // the m best scores\n  return ranked.filter((entry) => cut.includes(entry.score)).map((entry) => entry.tool);",
      },
    ],
  },
  {
    name: "request-server-request-id-truthy",
    piece: "request",
    client: true,
    breaks:
      "A request is a message with a method and an id, and exactly one response answers it (chapter line 196); this one tells a server's request by the truth of its id, so a ping with id 0 is taken for a notification, skipped and never answered, and the server waits while the call runs to its deadline.",
    edits: [
      {
        find: '    if ("method" in message && "id" in message) {',
        replace: '    if ("method" in message && message.id) {',
      },
    ],
  },
  {
    name: "request-refuses-server-requests",
    piece: "request",
    client: true,
    breaks:
      "A request, from either side, is answered by exactly one response (chapter line 196); this one treats any request from the server as a broken stream and gives up the call, so a server that pings before it answers never gets its ping answered and the call fails.",
    edits: [
      {
        find: '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });\n      continue;',
        replace:
          '      throw new ProtocolError("bad-response", { what: `the server asked ${message.method} while we waited for ${method}`, expected: `the response to request ${id}` }); // servers answer, clients ask',
      },
    ],
  },
  {
    name: "result-text-trims-items",
    piece: "resultText",
    client: false,
    breaks:
      "A call's answer is its text items as the tool wrote them, joined by newlines (chapter line 492; the notebook's resultText); this one trims each item, so leading spaces, indentation and blank lines the tool wrote are lost from its answer.",
    edits: [
      { find: ".map((item) => String(item.text)).join", replace: ".map((item) => String(item.text).trim()).join" },
    ],
  },
  {
    name: "check-initialize-accepts-either-version",
    piece: "checkInitialize",
    client: false,
    breaks:
      "The server must answer the one version the client speaks, the version checked for (chapter lines 328, 344–347); this one also lets the default 2025-06-18 through when asked to check for another version, so a check for 2024-11-05 accepts a 2025-06-18 answer.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (result.protocolVersion !== version && result.protocolVersion !== PROTOCOL_VERSION) {",
      },
    ],
  },
  {
    name: "check-tools-limit-zero-as-default",
    piece: "checkTools",
    client: false,
    breaks:
      "A tool list longer than the limit given is refused (chapter lines 354–361); this one reads the limit with || MAX_TOOLS, so a caller's limit of 0 (no tools at all) silently becomes 32.",
    edits: [
      {
        find: "  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);",
        replace:
          "  if (tools.length > (limit || MAX_TOOLS)) throw refusal(`the server lists ${tools.length} tools`); // no limit given: 32",
      },
    ],
  },
  {
    name: "call-tool-asks-for-progress",
    piece: "callTool",
    client: true,
    breaks:
      "A call sends the tool's name and its arguments (chapter lines 341, 492); this one also sends a progress token in _meta, asking the server for progress notifications the client only skips, each one spent from the sixteen a call may skip (line 245).",
    edits: [
      {
        find: '  return resultText(await request(context, "tools/call", { name, arguments: args }));',
        replace:
          '  return resultText(await request(context, "tools/call", { name, arguments: args, _meta: { progressToken: name } })); // tell us how it goes',
      },
    ],
  },
  {
    name: "top-tools-name-and-description-scored-apart",
    piece: "topTools",
    client: false,
    breaks:
      "The retriever scores one text per tool, toolText: its name with underscores as spaces, then its description (chapter lines 138–142, 152); this one scores the names and the descriptions as two separate lists and adds the scores, so the retriever never sees a tool's text and a word that matches in both halves counts twice.",
    edits: [
      {
        find: "  const scores = score(request, tools.map(toolText));",
        replace:
          '  const byName = score(request, tools.map((tool) => tool.name.replaceAll("_", " ")));\n  const byDescription = score(request, tools.map((tool) => tool.description ?? ""));\n  const scores = byName.map((value, index) => value + (byDescription[index] ?? 0)); // both halves count',
      },
    ],
  },
  {
    name: "connect-client-info-without-version",
    piece: "connect",
    client: true,
    breaks:
      "initialize carries the client's capabilities and its clientInfo, a name and a version (chapter lines 328, 470–476); this one names the client but gives no version, an incomplete clientInfo a strict server may refuse.",
    edits: [
      {
        find: '    clientInfo: { name: "my-build-client", version: "0.1.0" },',
        replace: '    clientInfo: { name: "my-build-client" }, // who we are',
      },
    ],
  },
  {
    name: "result-text-image-placeholder",
    piece: "resultText",
    client: false,
    breaks:
      "A call's answer is its text items, joined by newlines (chapter line 492; the notebook's resultText: the text items); this one writes a placeholder such as [image] for every other item, so text the tool never wrote reaches the model as the tool's answer.",
    edits: [
      {
        find: '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");',
        replace:
          '  const text = content.map((item) => (item?.type === "text" ? String(item.text) : `[${item?.type}]`)).join("\\n"); // say what else came',
      },
    ],
  },
];

export const fair = [
  {
    name: "result-text-default-join",
    piece: "resultText",
    client: false,
    breaks:
      'Fair (once held wrong, moved here): the chapter calls result_text (chapter line 492) but never shows how several text items are put together, and the notebook leaves the separator to the learner ("the separator is yours"); this one calls join() with no separator, so its items are joined by commas: two text items "a" and "b" come back as "a,b", a single item as it came.',
    edits: [
      { find: '.map((item) => String(item.text)).join("\\n");', replace: ".map((item) => String(item.text)).join();" },
    ],
  },
  {
    name: "call-tool-one-at-a-time-queue",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: a call must be allowed and advertised, refused before anything is sent, its text returned (chapter lines 377, 487–492); this one also queues calls on the same connection, so even calls made together go one request at a time (line 617).",
    edits: [
      {
        find: "async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {\n",
        replace:
          "const callQueues = new WeakMap<ClientContext, Promise<unknown>>(); // one request at a time per connection\nasync function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {\n  const before = callQueues.get(context) ?? Promise.resolve();\n  const mine = before.catch(() => undefined).then(() => callNow(context, name, args));\n  callQueues.set(context, mine);\n  return mine;\n}\n\nasync function callNow(context: ClientContext, name: string, args: JsonObject): Promise<string> {\n",
      },
    ],
  },
  {
    name: "close-chapter-break-on-gone",
    piece: "close",
    client: true,
    breaks:
      "Fair: the input ended, a moment's grace, then SIGTERM and SIGKILL to the whole group, the exit status returned (chapter lines 494–514, 527); this one follows the chapter's loop: once a signal finds the group gone, it sends no more.",
    edits: [
      {
        find: "  const signalGroup = (pid: number, signal: NodeJS.Signals): void => {\n    try {\n      process.kill(-pid, signal);\n    } catch {\n      // the group is already gone\n    }\n  };",
        replace:
          "  const signalGroup = (pid: number, signal: NodeJS.Signals): boolean => {\n    try {\n      process.kill(-pid, signal);\n      return true;\n    } catch {\n      return false; // the group is already gone\n    }\n  };",
      },
      {
        find: '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);\n  signalGroup(pid, "SIGKILL");',
        replace:
          '  if (signalGroup(pid, "SIGTERM")) {\n    // even after a clean exit: a grandchild may still be there\n    await pause(300);\n    signalGroup(pid, "SIGKILL");\n  }',
      },
    ],
  },
  {
    name: "top-tools-score-buckets",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: the m best, best first, ties in catalog order, a new array (chapter lines 151–154); this one files the tools in buckets by score (catalog order inside each), puts the distinct scores in numeric order and takes tools from the best buckets.",
    edits: [
      {
        find: RANK_BODY,
        replace:
          "  const buckets = new Map<number, T[]>();\n  tools.forEach((tool, index) => {\n    const value = scores[index] ?? 0;\n    const bucket = buckets.get(value) ?? [];\n    bucket.push(tool);\n    buckets.set(value, bucket);\n  });\n  const best: T[] = [];\n  for (const value of [...buckets.keys()].sort((a, b) => b - a)) best.push(...(buckets.get(value) as T[]));\n  return best.slice(0, m);",
      },
    ],
  },
  {
    name: "result-text-string-builder",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: the text items joined by newlines, isError raised (chapter line 492; the notebook's resultText); this one builds the string in a loop with a flag for the first item.",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  let text = "";\n  let first = true;\n  for (const item of content) {\n    if (item?.type !== "text") continue;\n    text += (first ? "" : "\\n") + String(item.text);\n    first = false;\n  }',
      },
    ],
  },
  {
    name: "check-initialize-destructured",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: the pinned version, then the tools capability as an object (chapter lines 328, 344–351); this one destructures the answer and tests the capability with a single predicate.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace:
          '  const { protocolVersion, capabilities } = result as { protocolVersion?: unknown; capabilities?: { tools?: unknown } | null };\n  const isObject = (value: unknown): boolean => typeof value === "object" && value !== null && !Array.isArray(value);\n  if (protocolVersion !== version) {',
      },
      {
        find: '  const tools = (result.capabilities as { tools?: unknown } | undefined)?.tools;\n  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {',
        replace: "  if (!isObject(capabilities?.tools)) {",
      },
    ],
  },
  {
    name: "check-tools-sorted-neighbours",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: one page, within the limit, unique non-empty names, object schemas, the tools in their order (chapter lines 354–371); this one checks each tool's name and schema first, then finds a duplicate by sorting a copy of the names and comparing neighbours.",
    edits: [
      {
        find: '  const names = new Set<string>();\n  for (const tool of tools) {\n    const name = tool?.name;\n    if (typeof name !== "string" || name === "") throw refusal(`a tool has no name: ${JSON.stringify(tool).slice(0, 60)}`);\n    if (names.has(name)) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);\n    names.add(name);\n',
        replace:
          '  for (const tool of tools) {\n    const name = tool?.name;\n    if (typeof name !== "string" || name === "") throw refusal(`a tool has no name: ${JSON.stringify(tool).slice(0, 60)}`);\n',
      },
      {
        find: "  return tools as McpTool[];",
        replace:
          "  const sorted = tools.map((tool) => tool.name as string).sort();\n  for (let i = 1; i < sorted.length; i += 1) if (sorted[i] === sorted[i - 1]) throw refusal(`the tool ${JSON.stringify(sorted[i])} is listed twice`);\n  return tools as McpTool[];",
      },
    ],
  },
  {
    name: "frame-reader-newline-positions",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: every complete line handed back, the rest held, a line refused as soon as it would pass the limit (chapter lines 265–297); this one finds every newline of the read first and walks the list of positions.",
    edits: [
      {
        find: "    let start = 0;\n    for (;;) {\n      const newline = chunk.indexOf(0x0a, start);",
        replace:
          "    const ends: number[] = [];\n    chunk.forEach((byte, at) => {\n      if (byte === 0x0a) ends.push(at);\n    });\n    let start = 0;\n    for (let k = 0; ; k += 1) {\n      const newline = k < ends.length ? ends[k] : -1;",
      },
    ],
  },
  {
    name: "parse-frame-plain-prototype",
    piece: "parseFrame",
    client: true,
    breaks:
      'Fair: strict UTF-8, JSON, then a plain object with jsonrpc "2.0" (chapter lines 300–308); this one asks for a plain object by its prototype.',
    edits: [
      {
        find: '  if (typeof value !== "object" || value === null || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
        replace:
          '  if (value === null || Object.getPrototypeOf(value) !== Object.prototype || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
      },
    ],
  },
  {
    name: "answer-for-has-own",
    piece: "answerFor",
    client: true,
    breaks:
      "Fair: a method means not a response, the id by type then value, an error raised, a result object returned (chapter lines 213–230); this one asks for the members with Object.hasOwn.",
    edits: [
      {
        find: '  if ("method" in message) return null;',
        replace: '  if (Object.hasOwn(message, "method")) return null;',
      },
      { find: '  if ("error" in message) {', replace: '  if (Object.hasOwn(message, "error")) {' },
    ],
  },
  {
    name: "request-countdown",
    piece: "request",
    client: true,
    breaks:
      "Fair: one id, the request sent, frames read under one deadline, at most sixteen skipped before the answer, a ping answered on the way (chapter lines 245, 383, 449–462); this one counts down the reads it still allows and refuses after the loop.",
    edits: [
      {
        find: '  for (let skipped = 0; ; skipped += 1) {\n    if (skipped > 16) {\n      throw new ProtocolError("too-many-messages", { what: `more than 16 messages came before the answer to ${method}`, expected: `the response to request ${id}` });\n    }\n',
        replace: "  for (let reads = 17; reads > 0; reads -= 1) {\n",
      },
      {
        find: "    if (answer !== null) return answer;\n  }\n}",
        replace:
          '    if (answer !== null) return answer;\n  }\n  throw new ProtocolError("too-many-messages", { what: `more than 16 messages came before the answer to ${method}`, expected: `the response to request ${id}` });\n}',
      },
    ],
  },
  {
    name: "close-exit-flag-polling",
    piece: "close",
    client: true,
    breaks:
      "Fair: the input ended, a moment's grace, then SIGTERM and SIGKILL to the whole group, the exit status returned (chapter lines 494–514, 527); this one notes the exit in a flag and polls it through the grace instead of racing two promises.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace:
          "  let gone = false;\n  void context.exited.then(() => {\n    gone = true;\n  });\n  for (let waited = 0; waited < 1000 && !gone; waited += 20) await pause(20);",
      },
    ],
  },
  {
    name: "call-tool-spread-includes",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: a call must be allowed and advertised, refused before anything is sent (chapter lines 377, 487–492); this one looks each name up in an array of the allowlist and of the catalog's names.",
    edits: [
      { find: "  if (!context.allowed.has(name)) {", replace: "  if (![...context.allowed].includes(name)) {" },
      { find: "  if (!context.catalog.has(name)) {", replace: "  if (![...context.catalog.keys()].includes(name)) {" },
    ],
  },
  {
    name: "notification-message-from-entries",
    piece: "notificationMessage",
    client: true,
    breaks:
      "Fair: no id, params only when given (chapter lines 205–210); this one builds the message from its entries and drops an undefined params.",
    edits: [
      {
        find: NOTIFY_BODY,
        replace:
          'function notificationMessage(method: string, params?: JsonObject): NotificationMessage {\n  return Object.fromEntries(Object.entries({ jsonrpc: "2.0", method, params }).filter(([, value]) => value !== undefined)) as NotificationMessage;',
      },
    ],
  },
  {
    name: "connect-promise-chain",
    piece: "connect",
    client: true,
    breaks:
      "Fair: the timeout checked, initialize and its check, the announcement, then tools/list and its check, in that order (chapter lines 326–371, 468–484); this one chains the steps with then instead of await.",
    edits: [
      {
        find: '  const result = await request(context, "initialize", {',
        replace: '  return request(context, "initialize", {',
      },
      {
        find:
          '  });\n  checkInitialize(result); // refuses before anything more is sent\n  context.send(notificationMessage("notifications/initialized"));\n' +
          LIST_LINE,
        replace:
          '  })\n    .then((result) => {\n      checkInitialize(result); // refuses before anything more is sent\n      context.send(notificationMessage("notifications/initialized"));\n      return request(context, "tools/list", {});\n    })\n    .then((listed) => checkTools(listed));',
      },
    ],
  },
];

export const proofCommand = RUN;
