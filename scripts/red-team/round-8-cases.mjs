// Round 8 of the red team: written from the chapter and the build notebook only. Families the
// earlier rounds left: two pieces that are each plausible but wrong together (a falsy index of 0, a
// null that typeof calls an object and the loop then reads as "nothing yet"), what a client answers
// to server messages it did not expect (a request it does not know, an id that is not a number, a
// blank line), what it sends before a refusal (a fresh tool list, a note to the server), the
// boundaries of the chapter's numbers met from the other side (a caller's larger frame limit, m past
// the catalog's end, 32 and Part A's 64, a grace tied to the request timeout), and Part A's tool
// text rebuilt by hand. Written by `node scripts/red-team/write-cases.mjs round-8`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const PING_REPLY =
  '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });';
const RANK_SLICE = "  return ranked.slice(0, m).map((entry) => entry.tool);";
const SCORE_TEXTS = "  const scores = score(request, tools.map(toolText));";
const ALLOW_CHECK = "  if (!context.allowed.has(name)) {";

export const wrong = [
  // ---------- requestMessage ----------
  {
    name: "request-message-params-by-position",
    piece: "requestMessage",
    client: true,
    breaks:
      "A request carries its params as the object given (chapter lines 196, 200–202); this one wraps them in a list, JSON-RPC's params by position, which no MCP method takes, so the server cannot read the initialize request's version or a call's name.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  return { jsonrpc: "2.0", id, method, params: [params] } as unknown as RequestMessage; // JSON-RPC params by position',
      },
    ],
  },
  // ---------- notificationMessage ----------
  {
    name: "notification-message-params-flattened",
    piece: "notificationMessage",
    client: false,
    breaks:
      "A notification is an object with jsonrpc, a method and, when given, a params member holding the params (chapter lines 205–210); this one spreads the params into the message itself, so a progress notification's fields sit beside the method and the peer finds no params.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace: '  return { jsonrpc: "2.0", method, ...params } as NotificationMessage; // the params ride along',
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-error-code-zero-ignored",
    piece: "answerFor",
    client: false,
    breaks:
      "An error response is raised, never treated as a result (chapter lines 213–230); this one tests for an error by its code's truth, so an error whose code is 0 (an integer JSON-RPC allows) falls through to the result and a reply carrying both is taken as an answer.",
    edits: [
      {
        find: '  if ("error" in message) {',
        replace: "  if ((message as { error?: { code?: number } }).error?.code) { // an error has a code",
      },
    ],
  },
  {
    name: "answer-for-null-result-typeof-trap",
    piece: "answerFor",
    client: true,
    breaks:
      'A response with no result object is refused (chapter lines 227–229), and answerFor\'s null means only "a notification, keep reading" (lines 213, 245); this one tests the result with typeof alone, so a null result (typeof null is "object") comes back as null, and request then waits for another answer until its deadline instead of refusing at once.',
    edits: [
      {
        find: '  if (typeof result !== "object" || result === null || Array.isArray(result)) {',
        replace: '  if (typeof result !== "object" || Array.isArray(result)) { // an object, not a list',
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-limit-capped-at-default",
    piece: "encodeFrame",
    client: false,
    breaks:
      "encodeFrame bounds a frame by the limit it is given (chapter lines 268–273); this one never lets the limit pass the default 65,536 bytes, so a caller that configured a larger frame limit has a 70 kB message refused.",
    edits: [
      {
        find: "  if (frame.length > limit) {",
        replace: "  if (frame.length > Math.min(limit, DEFAULT_FRAME_LIMIT)) { // never above the default",
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-newline-at-zero-falsy",
    piece: "FrameReader",
    client: true,
    breaks:
      "A newline ends a frame wherever it falls, and bytes may arrive in any pieces (chapter lines 266, 277–280, 322); this one reads indexOf's answer as found only when it is above 0, so a newline that is the first byte of a chunk is missed, the held frame never ends and the rest of that chunk is lost.",
    edits: [{ find: "      if (newline === -1) {", replace: "      if (newline <= 0) { // indexOf found no newline" }],
  },
  {
    name: "frame-reader-checks-before-append",
    piece: "FrameReader",
    client: false,
    breaks:
      "The limit applies to every line before parsing, however it arrives (chapter lines 266, 277–290); this one checks only the bytes held from earlier chunks, so a line that arrives whole in one chunk is never bounded and a 100 kB line passes a 1 kB reader.",
    edits: [
      {
        find: "      if (this.heldBytes + part.length + 1 > this.limit) {",
        replace: "      if (this.heldBytes + 1 > this.limit) { // what is held so far must fit",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-jsonrpc-checked-on-responses-only",
    piece: "parseFrame",
    client: false,
    breaks:
      'Every frame must be a JSON-RPC 2.0 object, whatever it carries (chapter lines 302–307); this one asks for jsonrpc "2.0" only of messages with an id, so a notification without it (or with another version) is accepted.',
    edits: [
      {
        find: '(value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
        replace:
          '("id" in (value as object) && (value as { jsonrpc?: unknown }).jsonrpc !== "2.0")) { // notifications are fire and forget',
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-version-compared-as-date",
    piece: "checkInitialize",
    client: false,
    breaks:
      'The server must answer with exactly our protocol version, and any other answer is refused (chapter lines 328, 344–346); this one compares the versions as the dates they look like, so "2025-06-18T00:00:00Z" or "2025-06-18T00:00Z", the same instant written otherwise, is taken for ours.',
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (Date.parse(String(result.protocolVersion)) !== Date.parse(version)) { // versions are dates",
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-drops-bad-schema",
    piece: "checkTools",
    client: true,
    breaks:
      "A catalog with a tool that does not take an object is refused (chapter lines 354–371, 375); this one leaves such a tool out and keeps the rest, so a malformed catalog is accepted in part.",
    edits: [
      {
        find: "  const names = new Set<string>();",
        replace: "  const names = new Set<string>();\n  const usable: McpTool[] = [];",
      },
      {
        find: '    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(name)} does not take an object`);',
        replace:
          '    if (tool.inputSchema?.type !== "object") continue; // a tool we cannot call is left out\n    usable.push(tool as McpTool);',
      },
      { find: "  return tools as McpTool[];", replace: "  return usable;" },
    ],
  },
  {
    name: "check-tools-default-limit-64",
    piece: "checkTools",
    client: false,
    breaks:
      "The catalog's default bound is 32 tools (chapter line 354); this one defaults to Part A's largest catalog, 64, so a server listing 33 to 64 tools is accepted by a client that meant to refuse it.",
    edits: [
      {
        find: "function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {",
        replace: "function checkTools(result: JsonObject, limit: number = 64): McpTool[] { // Part A's largest catalog",
      },
    ],
  },
  {
    name: "check-tools-empty-name-accepted",
    piece: "checkTools",
    client: false,
    breaks:
      'Every tool needs a non-empty string name (chapter lines 364–366: `not name` is refused); this one checks only that the name is a string, so a tool named "" is accepted.',
    edits: [
      {
        find: '    if (typeof name !== "string" || name === "") throw refusal(',
        replace: '    if (typeof name !== "string") throw refusal(',
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-content-object-wrapped",
    piece: "resultText",
    client: false,
    breaks:
      'A tools/call result carries a content list, and one without it is a malformed result (chapter lines 196, 227–229, 492); this one wraps a lone object (or nothing) into a list, so content given as one object is read and missing content gives "".',
    edits: [
      {
        find: "  const content = result.content;",
        replace:
          "  const content = Array.isArray(result.content) ? result.content : [result.content]; // one item or many",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-ignores-unknown-server-requests",
    piece: "request",
    client: true,
    breaks:
      "A request receives exactly one response (chapter lines 194–196, 683); this one answers the server's ping and leaves every other server request unanswered, so a server that asks something before replying waits on the client while the client waits on it, until the deadline.",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      if (message.method === "ping") context.send({ jsonrpc: "2.0", id: message.id, result: {} }); // only ping needs an answer',
      },
    ],
  },
  {
    name: "request-server-request-id-as-number",
    piece: "request",
    client: true,
    breaks:
      "A response carries the same id as the request it answers (chapter lines 194–196), and JSON-RPC ids may be strings (line 260); this one answers the server's requests with the id made a number, as its own ids are, so a string id becomes NaN, no answer can be written, and a call to a server that pings with string ids fails though nothing in it was wrong.",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      const asked = Number(message.id); // ids are integers\n      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: asked, result: {} } : { jsonrpc: "2.0", id: asked, error: { code: -32601, message: "method not found" } });',
      },
    ],
  },
  {
    name: "request-ping-result-null",
    piece: "request",
    client: true,
    breaks:
      "A response carries a result object or an error (chapter lines 194–196, 227–229: the client itself refuses a reply without a result object); this one answers the server's ping with a null result, the empty answer of Python's None, which MCP's ping (an empty result object) does not allow.",
    edits: [
      {
        find: PING_REPLY,
        replace: PING_REPLY.replace("result: {} }", "result: null } as unknown as JsonRpcMessage"),
      },
    ],
  },
  {
    name: "request-answers-parse-error",
    piece: "request",
    client: true,
    breaks:
      "A line that is not JSON is a malformed frame, and the client says so rather than skipping it (chapter lines 302–307, 589); this one answers such a line with JSON-RPC's parse error (id null) and keeps reading, so a blank line or a log line on stdout passes and the server is sent an answer to nothing.",
    edits: [
      {
        find: "    const message = parseFrame(await context.nextFrame(deadline));",
        replace:
          '    const frame = await context.nextFrame(deadline);\n    let message: JsonRpcMessage;\n    try {\n      message = parseFrame(frame);\n    } catch (error) {\n      if (!(error instanceof ProtocolError)) throw error;\n      context.send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "parse error" } } as unknown as JsonRpcMessage); // as JSON-RPC answers a bad frame\n      continue;\n    }',
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-validates-allowed-tools-only",
    piece: "connect",
    client: true,
    breaks:
      "The whole catalog is validated, bounded, uniquely named and each tool taking an object (chapter lines 354–371, 375), though only allowed tools may be called (377); this one validates only the allowed tools and returns the rest unchecked, so a catalog with a tool that takes no object is accepted when that tool is not allowed.",
    edits: [
      {
        find: '  return checkTools(await request(context, "tools/list", {}));',
        replace:
          '  const listed = await request(context, "tools/list", {});\n  const tools = (Array.isArray(listed.tools) ? listed.tools : []) as McpTool[];\n  checkTools({ ...listed, tools: tools.filter((tool) => context.allowed.has(tool?.name)) } as JsonObject); // only what we may call must be sound\n  return tools;',
      },
    ],
  },
  {
    name: "connect-client-version-number",
    piece: "connect",
    client: true,
    breaks:
      'The initialize request names the client with a name and a version string (chapter lines 470–476, its clientInfo on line 475 with "version": "1"); this one writes the version as the number 1, which the protocol\'s clientInfo does not allow.',
    edits: [
      {
        find: '    clientInfo: { name: "my-build-client", version: "0.1.0" },',
        replace: '    clientInfo: { name: "my-build-client", version: 1 },',
      },
    ],
  },
  {
    name: "connect-initialised-british",
    piece: "connect",
    client: true,
    breaks:
      "After a good initialize answer the client sends the notifications/initialized notification (chapter lines 328, 337, 479); this one spells it notifications/initialised, a method the protocol does not have, so the server is never told the handshake is done.",
    edits: [
      {
        find: '  context.send(notificationMessage("notifications/initialized"));',
        replace: '  context.send(notificationMessage("notifications/initialised"));',
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-grace-is-request-timeout",
    piece: "close",
    client: true,
    breaks:
      "close gives the server one second (grace = 1.0) after its input ends, then signals the group (chapter lines 494–510, 527); this one waits as long as the request timeout, the same as the grace only at the default, so with a five-second timeout a server deaf to end of input holds close for five seconds.",
    edits: [
      {
        find: "  await Promise.race([context.exited, pause(1000)]);",
        replace: "  await Promise.race([context.exited, pause(context.timeoutMs)]); // the same patience as a request",
      },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-refreshes-catalog-first",
    piece: "callTool",
    client: true,
    breaks:
      "A call outside the allowlist is refused before a single byte goes to the server (chapter lines 377, 487–492); this one asks the server for its tool list again before each call to see newly added tools, so even a refused call first sends tools/list.",
    edits: [
      {
        find: ALLOW_CHECK,
        replace:
          '  for (const tool of checkTools(await request(context, "tools/list", {}))) (context.catalog as Map<string, McpTool>).set(tool.name, tool); // the server may have added tools\n' +
          ALLOW_CHECK,
      },
    ],
  },
  {
    name: "call-tool-refusal-notifies-server",
    piece: "callTool",
    client: true,
    breaks:
      "A refused call sends nothing to the server (chapter lines 377, 641: the purchase never reaches the server); this one tells the server about each refusal with a log notification naming the tool and its arguments, so the server hears what the model asked for.",
    edits: [
      {
        find: ALLOW_CHECK,
        replace:
          ALLOW_CHECK +
          '\n    context.send(notificationMessage("notifications/message", { level: "warning", data: { refused: name, arguments: args } })); // leave a trace',
      },
    ],
  },
  {
    name: "call-tool-arguments-as-json-string",
    piece: "callTool",
    client: true,
    breaks:
      "tools/call carries the tool's name and its arguments as an object (chapter lines 487–492, 375: every tool takes an object); this one sends the arguments as a JSON string, the way a model's tool call hands them over.",
    edits: [
      {
        find: '  return resultText(await request(context, "tools/call", { name, arguments: args }));',
        replace:
          '  return resultText(await request(context, "tools/call", { name, arguments: JSON.stringify(args) })); // as the model wrote them',
      },
    ],
  },
  // ---------- topTools / toolText ----------
  {
    name: "top-tools-m-past-end",
    piece: "topTools",
    client: false,
    breaks:
      "topTools keeps the m best, a slice that is simply shorter when the catalog has fewer than m tools (chapter lines 138, 151–154); this one pushes m entries by index, so asking for five of three tools fails.",
    edits: [
      {
        find: RANK_SLICE,
        replace:
          "  const best: T[] = [];\n  for (let i = 0; i < m; i += 1) best.push(ranked[i].tool); // the m best\n  return best;",
      },
    ],
  },
  {
    name: "top-tools-ascending-scores",
    piece: "topTools",
    client: false,
    breaks:
      "The m tools whose text scores highest, best first (chapter lines 151–153: sorted by minus the score); this one sorts by the score itself, so it keeps the m worst.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace: "  ranked.sort((a, b) => a.score - b.score || a.index - b.index); // by score, ties in catalog order",
      },
    ],
  },
  {
    name: "top-tools-slice-before-sort",
    piece: "topTools",
    client: false,
    breaks:
      "Every tool's text is scored and the best m of the whole catalog kept (chapter lines 138, 151–154); this one cuts the catalog to its first m tools before ranking, so a better tool later in the catalog is never returned.",
    edits: [
      {
        find: "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));",
        replace:
          "  const ranked = tools.slice(0, m).map((tool, index) => ({ tool, index, score: scores[index] ?? 0 })); // only m are kept",
      },
    ],
  },
  {
    name: "top-tools-m-capped-at-max-tools",
    piece: "topTools",
    client: false,
    breaks:
      "topTools returns the m best for any m (chapter lines 151–154; Part A ranks 64-tool catalogs, line 156); this one never returns more than the client's catalog bound of 32, so m = 40 of a 64-tool catalog gives 32.",
    edits: [
      {
        find: RANK_SLICE,
        replace:
          "  return ranked.slice(0, Math.min(m, MAX_TOOLS)).map((entry) => entry.tool); // never more than a client lists",
      },
    ],
  },
  {
    name: "top-tools-own-text-undefined-description",
    piece: "topTools",
    client: false,
    breaks:
      "The retriever sees a tool's name with underscores as spaces and its description, or nothing when there is none (chapter lines 138–142: tool.get('description', '')); this one builds the text itself and writes \"undefined\" for a tool without a description.",
    edits: [
      {
        find: SCORE_TEXTS,
        replace:
          '  const scores = score(request, tools.map((tool) => `${tool.name.split("_").join(" ")}. ${tool.description}`));',
      },
    ],
  },
  {
    name: "top-tools-own-text-spaces-removed",
    piece: "topTools",
    client: false,
    breaks:
      "The retriever sees a tool's name with its underscores as spaces (chapter lines 138–142); this one removes the underscores, so word_count reaches the retriever as \"wordcount\" and matches no request's words.",
    edits: [
      {
        find: SCORE_TEXTS,
        replace:
          '  const scores = score(request, tools.map((tool) => `${tool.name.split("_").join("")}. ${tool.description ?? ""}`));',
      },
    ],
  },
  {
    name: "top-tools-own-text-underscores-kept",
    piece: "topTools",
    client: false,
    breaks:
      "The retriever sees a tool's name with its underscores as spaces (chapter lines 138–142); this one gives the name as it is, underscores and all.",
    edits: [
      {
        find: SCORE_TEXTS,
        replace: '  const scores = score(request, tools.map((tool) => `${tool.name}. ${tool.description ?? ""}`));',
      },
    ],
  },
  {
    name: "top-tools-own-text-with-schema",
    piece: "topTools",
    client: false,
    breaks:
      'The retriever sees a tool\'s name and description and nothing else (chapter lines 138–142); this one adds the tool\'s input schema as JSON, so the scores also count schema words such as "object" and "string".',
    edits: [
      {
        find: SCORE_TEXTS,
        replace:
          "  const scores = score(request, tools.map((tool) => `${toolText(tool)} ${JSON.stringify((tool as { inputSchema?: unknown }).inputSchema ?? {})}`)); // the arguments say what a tool does too",
      },
    ],
  },
];

export const fair = [
  {
    name: "notification-message-object-assign",
    piece: "notificationMessage",
    client: false,
    breaks: "Fair: a notification with params only when given (chapter lines 205–210), built with Object.assign.",
    edits: [
      {
        find: '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };',
        replace: '  return Object.assign({ jsonrpc: "2.0" as const, method }, params === undefined ? {} : { params });',
      },
    ],
  },
  {
    name: "answer-for-id-by-json-text",
    piece: "answerFor",
    client: true,
    breaks:
      "Fair: the id must be exactly the integer sent (chapter lines 219, 249–260); this one compares the id as JSON writes it with the request's number as text, which no string, boolean, fraction or other number matches.",
    edits: [
      {
        find: '  if (typeof id !== "number" || !Number.isInteger(id) || id !== requestId) {',
        replace: "  if (JSON.stringify(id) !== String(requestId)) { // the id exactly as it was written",
      },
    ],
  },
  {
    name: "parse-frame-object-tag",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: a frame must be one JSON-RPC 2.0 object (chapter lines 302–307); this one recognises an object by its tag.",
    edits: [
      {
        find: '  if (typeof value !== "object" || value === null || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
        replace:
          '  if (Object.prototype.toString.call(value) !== "[object Object]" || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
      },
    ],
  },
  {
    name: "check-initialize-object-tag",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: the version must be ours and the server must offer tools (chapter lines 328, 344–350); this one recognises the tools capability's object by its tag.",
    edits: [
      {
        find: '  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {',
        replace: '  if (Object.prototype.toString.call(tools) !== "[object Object]") {',
      },
    ],
  },
  {
    name: "check-tools-count-last",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: a bounded, unpaginated list of uniquely named tools taking objects (chapter lines 354–371); this one checks the count after the names and schemas.",
    edits: [
      { find: "  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);\n", replace: "" },
      {
        find: "  return tools as McpTool[];",
        replace:
          "  if (tools.length > limit) throw refusal(`the server lists ${tools.length} tools`);\n  return tools as McpTool[];",
      },
    ],
  },
  {
    name: "result-text-flat-map",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: the text items joined, and a tool error raised (chapter lines 487–492); this one picks the texts with flatMap.",
    edits: [
      {
        find: '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");',
        replace:
          '  const text = content.flatMap((item) => (item?.type === "text" ? [String(item.text)] : [])).join("\\n");',
      },
    ],
  },
  {
    name: "request-ping-reply-spread",
    piece: "request",
    client: true,
    breaks:
      "Fair: a server's request gets exactly one response with its own id (chapter lines 194–196); this one builds the outcome first and spreads it into the reply.",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      const outcome = message.method === "ping" ? { result: {} } : { error: { code: -32601, message: "method not found" } };\n      context.send({ jsonrpc: "2.0", id: message.id, ...outcome } as JsonRpcMessage);',
      },
    ],
  },
  {
    name: "connect-initialized-literal",
    piece: "connect",
    client: true,
    breaks:
      "Fair: the initialized notification after a good answer (chapter lines 328, 337, 479); this one writes the notification as a literal object.",
    edits: [
      {
        find: '  context.send(notificationMessage("notifications/initialized"));',
        replace: '  context.send({ jsonrpc: "2.0", method: "notifications/initialized" });',
      },
    ],
  },
  {
    name: "call-tool-catalog-get",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: a call must be allowed and advertised, refused before anything is sent (chapter lines 377, 487–492); this one looks the tool up in the catalog with get.",
    edits: [
      { find: "  if (!context.catalog.has(name)) {", replace: "  if (context.catalog.get(name) === undefined) {" },
    ],
  },
  {
    name: "top-tools-explicit-comparator",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: the m best, best first, ties in catalog order (chapter lines 151–154); this one compares with explicit branches instead of subtraction.",
    edits: [
      {
        find: "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order",
        replace: "  ranked.sort((a, b) => (a.score === b.score ? a.index - b.index : a.score > b.score ? -1 : 1));",
      },
    ],
  },
];

export const proofCommand = RUN;
