// Round 11 of the red team: written from the chapter and the build notebook only. New members of
// the families the earlier rounds found: well-meaning strictness (an error code outside JSON-RPC's
// reserved range, an empty result, deeply nested arguments, integers past 2**53, an empty tools
// capability, a server's instructions, a timeout under a second, more than sixteen frames in one
// read); well-meaning changes (params copied through JSON in a notification, empty params sent as
// null, text trimmed before parsing, timestamps revived as Dates, line endings and control
// characters rewritten in a tool's text, a long text cut short, junk catalog entries skipped, tools
// marked destructive dropped, names trimmed, null arguments dropped, scores kept as float32, hyphens
// split in the retriever's text, a blank request ranking nothing); the wrong class on an error path
// (a server's error as a ToolError, an oversized line as the caller's UsageError, a raw
// SyntaxError, a deadline as a ProtocolError, a refusal as a ToolError); a unit slip (the chapter's
// 60 s bound applied to milliseconds); state kept too long (a held byte count never reset); the
// order and kind of close's signals (SIGTERM before the input ends, SIGHUP for SIGTERM); the live
// client (a ping answered under a string id or by echoing the request, elicitation declared, an
// allowlist read as joined text).
// Written by `node scripts/red-team/write-cases.mjs round-11`; proofs in prove.mjs.

import { readFileSync } from "node:fs";
import { SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const REQUEST_RETURN = '  return { jsonrpc: "2.0", id, method, params };';
const NOTIFY_RETURN =
  '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };';
const ERROR_SHAPE =
  '    if (typeof error !== "object" || error === null || !Number.isInteger(error.code) || typeof error.message !== "string") {';
const RESULT_SHAPE = '  if (typeof result !== "object" || result === null || Array.isArray(result)) {';
const SERVER_ERROR_THROW =
  "    throw new ServerError(error as { code: number; message: string }, { what: `server error ${error.code} for request ${requestId}: ${error.message}` });";
const REPLACER_FIRST = '      if (typeof value === "number" && !Number.isFinite(value))';
const ENCODE_LET = "  let json: string;";
const READER_RESET =
  "      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;";
const READER_THROW = '        throw new ProtocolError("frame-limit", {';
const PARSE_JSON = "    value = JSON.parse(text);";
const PARSE_TRY =
  '  try {\n    value = JSON.parse(text);\n  } catch (error) {\n    throw new ProtocolError("malformed-frame", { what: `the frame is not JSON: ${JSON.stringify(text.slice(0, 40))}`, expected: "one JSON-RPC 2.0 object" });\n  }';
const VERSION_CHECK = "  if (result.protocolVersion !== version) {";
const TOOLS_CAP_CHECK = '  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {';
const INIT_RETURN = "  return result as unknown as InitializeResult;";
const TOOLS_ARRAY =
  '  const tools = result.tools;\n  if (!Array.isArray(tools)) throw refusal("tools/list gave no tools array");';
const TEXT_LINE =
  '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");';
const TEXT_RETURN = "  return text;\n}";
const READ_LINE = "    const message = parseFrame(await context.nextFrame(deadline));";
const PING_REPLY =
  '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });';
const TIMEOUT_CHECK = "  if (!(context.timeoutMs > 0 && context.timeoutMs <= 60_000)) {";
const CLOSE_START =
  "  context.endInput();\n  const pid = context.pid;\n  if (pid === undefined) return context.exited;\n  await Promise.race([context.exited, pause(1000)]);";
const CLOSE_TERM = '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there';
const ALLOW_CHECK = "  if (!context.allowed.has(name)) {";
const NOT_ALLOWED_THROW = '    throw new RefusedError("not-allowed", {';
const CALL_LINE = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const SCORE_LINE = "  const scores = score(request, tools.map(toolText));";

export const wrong = [
  // ---------- ids and messages ----------
  {
    name: "notification-message-params-json-roundtrip",
    piece: "notificationMessage",
    client: false,
    breaks:
      "A value JSON cannot write is refused, never written as something else (chapter lines 264, 268–270: allow_nan=False), and a notification carries the params it is given (lines 205–210); this one copies its params through JSON.stringify and JSON.parse, so a progress of NaN goes out as null instead of being refused by encodeFrame.",
    edits: [
      {
        find: NOTIFY_RETURN,
        replace:
          '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params: JSON.parse(JSON.stringify(params)) }; // our own copy',
      },
    ],
  },
  {
    name: "request-message-empty-params-null",
    piece: "requestMessage",
    client: false,
    breaks:
      "A request carries its method, its params and its id (chapter lines 196, 200–202; line 241 shows tools/list going out with params {}); this one sends empty params as null, which JSON-RPC does not allow as params (an object or an array), so tools/list and every call without arguments go out malformed.",
    edits: [
      {
        find: REQUEST_RETURN,
        replace:
          '  return { jsonrpc: "2.0", id, method, params: Object.keys(params).length > 0 ? params : null }; // null: nothing to send',
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-error-code-reserved-range-only",
    piece: "answerFor",
    client: false,
    breaks:
      "An error response is raised as the server's error, whatever its integer code (chapter lines 218, 224–226); this one accepts only codes in JSON-RPC's reserved range -32768 to -32000, so a server's own error with code 1 or -1 (codes JSON-RPC leaves to applications) is refused as a malformed reply, a ProtocolError, and the server's error never reaches the caller.",
    edits: [
      {
        find: ERROR_SHAPE,
        replace:
          '    if (typeof error !== "object" || error === null || !Number.isInteger(error.code) || error.code < -32768 || error.code > -32000 || typeof error.message !== "string") {',
      },
    ],
  },
  {
    name: "answer-for-empty-result-refused",
    piece: "answerFor",
    client: false,
    breaks:
      "A response's result is any object (chapter lines 227–230: isinstance(result, dict)); this one also refuses an object with no members, so a reply whose result is {} (a ping's answer, a call with nothing to say) is refused as carrying no result.",
    edits: [
      {
        find: RESULT_SHAPE,
        replace:
          '  if (typeof result !== "object" || result === null || Array.isArray(result) || Object.keys(result).length === 0) {',
      },
    ],
  },
  {
    name: "answer-for-error-as-tool-error",
    piece: "answerFor",
    client: false,
    breaks:
      "An error response is the server's error, raised as such (chapter lines 218, 224–226; the notebook's ServerError), distinct from a tool that ran and reported failure (isError, resultText's ToolError); this one raises a JSON-RPC error as a ToolError, so a protocol-level failure (method not found, invalid params) reads as the tool's own answer.",
    edits: [
      {
        find: SERVER_ERROR_THROW,
        replace:
          "    throw new ToolError(error.message, { what: `the tool failed for request ${requestId}: ${error.message}` }); // the call failed: a tool error",
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-depth-limit",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Only what JSON cannot write, or a frame over the byte limit, is refused (chapter lines 264, 268–273); this one also refuses any message nested more than 32 levels deep, so a tool call whose arguments hold a deep but small tree is never sent though it fits the frame.",
    edits: [
      {
        find: ENCODE_LET,
        replace: `  const tooDeep = (value: unknown, level: number): boolean => level > 32 || (typeof value === "object" && value !== null && Object.values(value).some((inner) => tooDeep(inner, level + 1)));
  if (tooDeep(message, 0)) throw new UsageError("unencodable", { what: "the message nests more than 32 levels", expected: "a flatter message" });
${ENCODE_LET}`,
      },
    ],
  },
  {
    name: "encode-frame-root-key-skipped",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A value JSON cannot write is refused wherever it sits (chapter lines 264, 268–270: allow_nan=False); this one lets its replacer pass any value under the key "" untested (meant for the root, which JSON.stringify hands over under that key), so an argument named "" holding NaN goes out as null.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace: `      if (key === "") return value; // the root object itself\n${REPLACER_FIRST}`,
      },
    ],
  },
  {
    name: "encode-frame-refuses-unsafe-integers",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Only what JSON cannot write is refused (chapter lines 264, 268–270: json.dumps refuses NaN and the infinities, and writes any other number); this one also refuses numbers beyond Number.MAX_SAFE_INTEGER as imprecise, so a call whose arguments hold 1e20 or 2**60 is never sent though JSON writes it.",
    edits: [
      {
        find: REPLACER_FIRST,
        replace: `      if (typeof value === "number" && Math.abs(value) > Number.MAX_SAFE_INTEGER) throw new UsageError("unencodable", { what: \`field \${JSON.stringify(key)} holds \${value}, beyond exact integers\`, expected: "a safe number" });\n${REPLACER_FIRST}`,
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-held-bytes-never-reset",
    piece: "FrameReader",
    client: false,
    breaks:
      "The frame limit bounds each line (chapter lines 266, 276–297: the buffer after a newline holds only the next line); this one clears the held pieces after a frame but not their count, so the bytes of every split line add up across frames and a session of ordinary replies, each well under the limit, is refused once their sum passes it.",
    edits: [
      { find: READER_RESET, replace: "      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];" },
    ],
  },
  {
    name: "frame-reader-caps-frames-per-chunk",
    piece: "FrameReader",
    client: false,
    breaks:
      "The reader hands back every complete line a read holds (chapter lines 266, 287–297); the limit is on a line's bytes, and the sixteen is a count of skipped messages per request (line 245), not of lines per read; this one refuses a read holding more than sixteen lines, so a server that writes many short notifications and its reply at once is refused as over the frame limit.",
    edits: [
      {
        find: READER_RESET,
        replace: `${READER_RESET}\n      if (frames.length > 16) throw new ProtocolError("frame-limit", { what: "more than 16 frames in one read", expected: "at most 16 frames at a time" });`,
      },
    ],
  },
  {
    name: "frame-reader-limit-as-usage-error",
    piece: "FrameReader",
    client: false,
    breaks:
      "A line past the frame limit is the server's fault, refused as a protocol failure (chapter lines 266, 292–296, 578, 588); this one throws the caller's error class, UsageError (the class encodeFrame uses for our own oversized messages), so an oversized reply reads as a mistake of the caller.",
    edits: [{ find: READER_THROW, replace: '        throw new UsageError("frame-limit", {' }],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-revives-dates",
    piece: "parseFrame",
    client: false,
    breaks:
      'A frame is parsed as the JSON it is (chapter lines 300–308); this one revives strings that look like ISO timestamps as Date objects, so a tool whose text is a timestamp answers with the Date\'s own wording ("Mon Dec 07 2026 …") instead of the text the server sent.',
    edits: [
      {
        find: PARSE_JSON,
        replace:
          '    value = JSON.parse(text, (_key, item) => (typeof item === "string" && /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$/.test(item) ? new Date(item) : item)); // timestamps as Dates',
      },
    ],
  },
  {
    name: "parse-frame-trims-unicode-space",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame must be one JSON-RPC object, and anything else is a protocol error rather than a guess (chapter lines 300–308, 324); this one trims the text before parsing, and String.prototype.trim removes more than JSON's whitespace (a no-break space, a line separator), so a line that is not JSON is accepted.",
    edits: [{ find: PARSE_JSON, replace: "    value = JSON.parse(text.trim()); // stray whitespace around the line" }],
  },
  {
    name: "parse-frame-raw-syntax-error",
    piece: "parseFrame",
    client: false,
    breaks:
      "A line that is not JSON is a malformed frame, a protocol error (chapter lines 302–305, 579, 589); this one leaves JSON.parse unguarded, so a log line on stdout escapes as a bare SyntaxError, not the notebook's ProtocolError.",
    edits: [{ find: PARSE_TRY, replace: "  value = JSON.parse(text); // JSON.parse says what is wrong" }],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-tools-needs-list-changed",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A server offers tools when its capabilities name tools (chapter lines 328, 348–350); this one also demands the tools capability say listChanged, so a server answering tools: {} (the usual empty declaration) is refused as offering no tools.",
    edits: [
      {
        find: INIT_RETURN,
        replace: `  if (typeof (tools as { listChanged?: unknown }).listChanged !== "boolean") {\n    throw new ProtocolError("capabilities", { what: "the tools capability does not say listChanged", expected: "capabilities.tools.listChanged" });\n  }\n${INIT_RETURN}`,
      },
    ],
  },
  {
    name: "check-initialize-version-trimmed",
    piece: "checkInitialize",
    client: false,
    breaks:
      'The server must answer exactly the pinned version (chapter lines 328, 346–347); this one compares the answer after String() and trim(), so a server answering " 2025-06-18" with a space (not the version) is accepted.',
    edits: [{ find: VERSION_CHECK, replace: "  if (String(result.protocolVersion).trim() !== version) {" }],
  },
  {
    name: "check-initialize-refuses-instructions",
    piece: "checkInitialize",
    client: false,
    breaks:
      "A handshake is refused for two reasons only, a version other than ours or no tools capability (chapter lines 328, 344–351); this one also refuses a server whose answer carries instructions (server text for the model, which line 626 names as something a client loads), so a valid server is refused at the handshake.",
    edits: [
      {
        find: INIT_RETURN,
        replace: `  if ("instructions" in result) {\n    throw new ProtocolError("capabilities", { what: "the server sends instructions for the model", expected: "no server instructions" });\n  }\n${INIT_RETURN}`,
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-skips-non-object-entries",
    piece: "checkTools",
    client: false,
    breaks:
      "Every entry of the list must be a tool with a name, or the catalog is refused (chapter lines 363–366: a non-dict entry has no name and raises); this one filters entries that are not objects out first, so a catalog holding null or a number beside its tools is accepted as if it were well formed.",
    edits: [
      {
        find: TOOLS_ARRAY,
        replace:
          '  if (!Array.isArray(result.tools)) throw refusal("tools/list gave no tools array");\n  const tools = result.tools.filter((tool: unknown) => typeof tool === "object" && tool !== null); // skip junk entries',
      },
    ],
  },
  {
    name: "check-tools-drops-destructive-tools",
    piece: "checkTools",
    client: false,
    breaks:
      "Discovery returns what the server advertised, validated; what may be called is decided by the operator's allowlist, not by the server's text (chapter lines 354–356, 373–377); this one silently drops tools the server marks destructiveHint, so an allowed, advertised tool cannot be called and the catalog is not what the server listed.",
    edits: [
      {
        find: TOOLS_ARRAY,
        replace:
          '  if (!Array.isArray(result.tools)) throw refusal("tools/list gave no tools array");\n  const tools = result.tools.filter((tool: { annotations?: { destructiveHint?: unknown } }) => tool?.annotations?.destructiveHint !== true); // never offer destructive tools',
      },
    ],
  },
  {
    name: "check-tools-names-trimmed",
    piece: "checkTools",
    client: false,
    breaks:
      'Names are taken as the strings the server listed (chapter lines 363–370: the catalog is keyed by the name itself), and a call names the tool exactly (line 492); this one trims each tool\'s name in place as a tidy-up, so a tool the server lists as "word_count " is kept, and called, as "word_count", a name the server never advertised.',
    edits: [
      {
        find: "    const name = tool?.name;",
        replace:
          '    if (typeof tool?.name === "string") tool.name = tool.name.trim(); // tidy stray spaces\n    const name = tool?.name;',
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-normalises-line-endings",
    piece: "resultText",
    client: false,
    breaks:
      "A call answers with its text items, joined (chapter lines 486–492; the notebook's resultText); this one rewrites each item's CRLF and CR line endings as LF, so a tool's text reaches the caller changed.",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text).replace(/\\r\\n?/g, "\\n")).join("\\n");',
      },
    ],
  },
  {
    name: "result-text-strips-control-characters",
    piece: "resultText",
    client: false,
    breaks:
      "A call answers with its text items, joined (chapter lines 486–492); hostile text is the allowlist's and Chapter 15's concern, not a reason to rewrite the answer (lines 375, 622); this one deletes control characters (tabs, escapes) from the text, so a tool's tab-separated answer comes back with its columns run together.",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text).replace(/[\\u0000-\\u0009\\u000b-\\u001f\\u007f]/g, "")).join("\\n");',
      },
    ],
  },
  {
    name: "result-text-truncated-to-10000",
    piece: "resultText",
    client: false,
    breaks:
      "The frame limit is what bounds an answer (chapter lines 266, 628: Claude Code's cap is the frame limit at a larger scale), and a partial answer is refused, never read in part (line 618); this one cuts a text longer than 10,000 characters and returns the part as if it were the whole answer.",
    edits: [
      {
        find: TEXT_RETURN,
        replace:
          "  return text.length > 10_000 ? `${text.slice(0, 10_000)}…` : text; // keep the model's prompt small\n}",
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-deadline-as-protocol-error",
    piece: "request",
    client: true,
    breaks:
      "A call that gets no answer in time ends at its deadline, a timeout (chapter lines 383, 442–443, 580, 590); this one catches whatever the read throws and raises it as a ProtocolError, so a hung server is reported as one that broke the protocol, not as a deadline.",
    edits: [
      {
        find: READ_LINE,
        replace: `    let frame: Buffer;
    try {
      frame = await context.nextFrame(deadline);
    } catch (error) {
      throw new ProtocolError("bad-response", { what: \`no usable reply to \${method}: \${String(error)}\`, expected: \`the response to request \${id}\` });
    }
    const message = parseFrame(frame);`,
      },
    ],
  },
  {
    name: "request-ping-reply-id-stringified",
    piece: "request",
    client: true,
    breaks:
      "Exactly one response carrying the same id answers a request (chapter lines 196–198), and that holds for the server's requests to us as for ours; this one answers a server's ping under String(id), so a ping with id 0 is answered as \"0\", the server never sees its answer, and the call waits until its deadline.",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      const replyId = String(message.id); // ids as text, whatever the server used\n      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: replyId, result: {} } : { jsonrpc: "2.0", id: replyId, error: { code: -32601, message: "method not found" } });',
      },
    ],
  },
  {
    name: "request-ping-reply-echoes-request",
    piece: "request",
    client: true,
    breaks:
      "A response carries the request's id and a result or an error, and a message with a method is a request (chapter lines 196, 213–221); this one answers a server's request by spreading the request and adding the result, so the answer keeps method and params: the server reads it as a new request from us, not as the answer to its ping.",
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      context.send(message.method === "ping" ? { ...message, result: {} } : { ...message, error: { code: -32601, message: "method not found" } }); // the request, answered',
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-declares-elicitation",
    piece: "connect",
    client: true,
    breaks:
      "The client implements tools only and declares no other capability (chapter lines 473–475: capabilities {}; line 620: elicitation among those it declares none of); this one declares elicitation, promising the server it can ask the user questions it has no way to ask.",
    edits: [
      { find: "    capabilities: {},", replace: "    capabilities: { elicitation: {} }, // the server may ask Lucy" },
    ],
  },
  {
    name: "connect-timeout-floor-one-second",
    piece: "connect",
    client: true,
    breaks:
      "Any timeout above zero and up to sixty seconds is allowed (chapter line 405: 0 < timeout <= 60); this one refuses timeouts under one second as too tight, so a client configured with 500 ms is refused before it starts.",
    edits: [
      {
        find: TIMEOUT_CHECK,
        replace: "  if (!(context.timeoutMs >= 1000 && context.timeoutMs <= 60_000)) { // under a second is too tight",
      },
    ],
  },
  {
    name: "connect-timeout-bound-read-as-ms",
    piece: "connect",
    client: true,
    breaks:
      "The timeout is bounded by sixty seconds (chapter line 405: 0 < timeout <= 60, in seconds; the notebook's context carries milliseconds); this one keeps the chapter's 60 as the bound on milliseconds, so every ordinary timeout (the one-second deadline of lines 563–567, the default five seconds) is refused before the client starts.",
    edits: [
      {
        find: TIMEOUT_CHECK,
        replace:
          "  if (!(context.timeoutMs > 0 && context.timeoutMs <= 60)) { // the chapter's bound: 0 < timeout <= 60",
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-terms-before-ending-input",
    piece: "close",
    client: true,
    breaks:
      "close() first closes the server's input and gives it a grace to exit, and only then signals its group (chapter lines 494–498, 505, 527, 559: closing its input let it finish cleanly, so no signal was needed); this one sends SIGTERM first and ends the input after, so a correct server is killed by the signal instead of exiting with 0.",
    edits: [
      {
        find: CLOSE_START,
        replace:
          '  const pid = context.pid;\n  if (pid === undefined) {\n    context.endInput();\n    return context.exited;\n  }\n  signalGroup(pid, "SIGTERM"); // ask politely first\n  context.endInput();\n  await Promise.race([context.exited, pause(1000)]);',
      },
    ],
  },
  {
    name: "close-sighup-first",
    piece: "close",
    client: true,
    breaks:
      "After the grace, close() ends the group first with SIGTERM, then SIGKILL (chapter lines 495–498, 505, 527); this one sends SIGHUP where SIGTERM goes (the terminal hung up), so a server that leaves cleanly on SIGTERM is killed by a signal it does not handle.",
    edits: [{ find: CLOSE_TERM, replace: '  signalGroup(pid, "SIGHUP"); // the other end hung up' }],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-allowlist-joined-text",
    piece: "callTool",
    client: true,
    breaks:
      "A tool may be called only if the allowlist names it (chapter lines 377, 488–489: name not in self.allowed); this one looks the name up in the allowlist joined into one string, so a tool named word, which the server advertises and nobody allowed, passes because word_count contains it, and its call reaches the server.",
    edits: [{ find: ALLOW_CHECK, replace: '  if (![...context.allowed].join(",").includes(name)) {' }],
  },
  {
    name: "call-tool-refusal-as-tool-error",
    piece: "callTool",
    client: true,
    breaks:
      "A call to a name outside the allowlist is refused by the application before any byte is sent (chapter lines 377, 488–489, 555: PermissionError); this one raises the refusal as a ToolError, the class of a tool that ran and failed, so the caller reads a refusal as the tool's own failure.",
    edits: [
      {
        find: `${NOT_ALLOWED_THROW} what: \`\${JSON.stringify(name)} is not allowed by this application\`, expected: \`one of [\${[...context.allowed].join(", ")}]\` });`,
        replace:
          "    throw new ToolError(`${JSON.stringify(name)} is not allowed`, { what: `${JSON.stringify(name)} is not allowed by this application` });",
      },
    ],
  },
  {
    name: "call-tool-drops-null-arguments",
    piece: "callTool",
    client: true,
    breaks:
      'A call sends the tool\'s name and the arguments it was given (chapter lines 486–492: {"name": name, "arguments": arguments}); this one drops arguments whose value is null before sending, so a tool told to clear a field (note: null) never hears of it.',
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  const given = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined)); // no empty values\n  return resultText(await request(context, "tools/call", { name, arguments: given }));',
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-float32-scores",
    piece: "topTools",
    client: false,
    breaks:
      "Best first by score, ties in catalog order (chapter lines 151–154); this one keeps the scores in a Float32Array, which rounds them to single precision, so of two tools scoring 0.3 and 0.30000001 the first in the catalog ranks first though it scored less.",
    edits: [
      {
        find: SCORE_LINE,
        replace: "  const scores = Float32Array.from(score(request, tools.map(toolText))); // compact",
      },
    ],
  },
  {
    name: "top-tools-own-text-hyphens-split",
    piece: "topTools",
    client: false,
    breaks:
      'A retriever sees a tool\'s name with its underscores as spaces, a period, then its description (chapter lines 138–142); this one writes the text itself and also turns hyphens into spaces, in the name and in the description, so the retriever scores words the tool\'s text does not hold ("re order" for "re-order").',
    edits: [
      {
        find: SCORE_LINE,
        replace:
          '  const scores = score(request, tools.map((tool) => `${tool.name.replace(/[_-]/g, " ")}. ${(tool.description ?? "").replaceAll("-", " ")}`));',
      },
    ],
  },
  {
    name: "top-tools-empty-request-ranks-nothing",
    piece: "topTools",
    client: false,
    breaks:
      "The m tools whose text scores highest, best first (chapter lines 145–154), whatever the request; this one returns no tools at all for a request that is empty or blank, so a turn whose latest message is blank offers the model nothing instead of the m best (by catalog order when every score ties).",
    edits: [
      {
        find: SCORE_LINE,
        replace: `  if (request.trim() === "") return []; // nothing asked, nothing to offer\n${SCORE_LINE}`,
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
    name: "answer-for-switch-true",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: answerFor as one switch (true) over the message's cases in the chapter's order: a message with a method, a wrong id, an error (well formed or not), a result.",
    edits: whole(
      "answerFor",
      `function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  const m = message as Record<string, unknown>;
  switch (true) {
    case "method" in m:
      return null;
    case typeof m.id !== "number" || !Number.isInteger(m.id) || m.id !== requestId:
      throw new ProtocolError("wrong-id", { what: \`response id \${JSON.stringify(m.id)} does not answer request \${requestId}\`, expected: \`the integer \${requestId}\`, received: \`\${typeof m.id} \${JSON.stringify(m.id)}\` });
    case "error" in m: {
      const error = m.error as { code?: unknown; message?: unknown } | null;
      const wellFormed = typeof error === "object" && error !== null && Number.isInteger(error.code) && typeof error.message === "string";
      if (!wellFormed) {
        throw new ProtocolError("bad-response", { what: \`response \${requestId} carries a malformed error\`, expected: "an error object with an integer code and a string message", received: JSON.stringify(error) ?? "nothing" });
      }
      const rpc = error as { code: number; message: string };
      throw new ServerError(rpc, { what: \`server error \${rpc.code} for request \${requestId}: \${rpc.message}\` });
    }
    default: {
      const result = m.result;
      if (typeof result === "object" && result !== null && !Array.isArray(result)) return result as JsonObject;
      throw new ProtocolError("bad-response", { what: \`response \${requestId} carries no result object\`, received: JSON.stringify(result) ?? "nothing" });
    }
  }
}
`,
    ),
  },
  {
    name: "encode-frame-check-table",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: encodeFrame whose replacer looks up a check by typeof in a table (number, function, symbol, undefined) instead of a chain of ifs; the frame and its limit as ours.",
    edits: whole(
      "encodeFrame",
      `function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  if (typeof message !== "object" || message === null) {
    throw new UsageError("unencodable", { what: "the message is not an object", expected: "a JSON object", received: String(message) });
  }
  const refuse = (what: string, expected = "a JSON value"): never => {
    throw new UsageError("unencodable", { what, expected });
  };
  const checks: Record<string, (key: string, value: unknown, holder: unknown) => void> = {
    number: (key, value) => { if (!Number.isFinite(value as number)) refuse(\`field \${JSON.stringify(key)} holds \${value}\`, "a finite number"); },
    function: (key) => refuse(\`field \${JSON.stringify(key)} holds a function\`),
    symbol: (key) => refuse(\`field \${JSON.stringify(key)} holds a symbol\`),
    undefined: (key, _value, holder) => { if (Array.isArray(holder)) refuse(\`array element \${key} is undefined\`); },
  };
  let json: string;
  try {
    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {
      checks[typeof value]?.(key, value, this);
      return value;
    });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError("unencodable", { what: "the message cannot be written as JSON", received: String(error) });
  }
  const frame = Buffer.from(json + "\\n", "utf8");
  if (frame.length > limit) throw new UsageError("frame-limit", { what: \`a \${frame.length}-byte frame is too large\`, expected: \`at most \${limit} bytes\` });
  return frame;
}
`,
    ),
  },
  {
    name: "frame-reader-generator-split",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: FrameReader that joins what it holds with each chunk into one Buffer and walks its lines with a generator (yielding each line, returning the remainder), checking each line and the remainder against the limit as the chapter's reader does.",
    edits: whole(
      "FrameReader",
      `class FrameReader {
  readonly limit: number;
  private rest: Buffer = Buffer.alloc(0);

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
  }

  private *lines(data: Buffer): Generator<Buffer, Buffer> {
    let from = 0;
    for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a, from)) {
      yield data.subarray(from, at);
      from = at + 1;
    }
    return data.subarray(from);
  }

  feed(chunk: Uint8Array): Buffer[] {
    const data = Buffer.concat([this.rest, chunk]);
    this.rest = Buffer.alloc(0);
    const frames: Buffer[] = [];
    const lines = this.lines(data);
    for (let step = lines.next(); ; step = lines.next()) {
      const line = step.value;
      if (line.length + 1 > this.limit) { // the newline counts, or the one still to come
        throw new ProtocolError("frame-limit", { what: \`a line of at least \${line.length} bytes\`, expected: \`at most \${this.limit} bytes, newline included\` });
      }
      if (step.done) {
        this.rest = Buffer.from(line);
        return frames;
      }
      frames.push(Buffer.from(line));
    }
  }
}
`,
    ),
  },
  {
    name: "parse-frame-fail-helper",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: parseFrame as three expressions, each falling back on one fail helper that throws (decode, parse, shape), with the object test written through Object.hasOwn.",
    edits: whole(
      "parseFrame",
      `function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  const fail = (reason: "malformed-frame" | "not-json-rpc", what: string, expected: string): never => {
    throw new ProtocolError(reason, { what, expected });
  };
  const attempt = <T>(work: () => T): { ok: true; value: T } | { ok: false } => {
    try {
      return { ok: true, value: work() };
    } catch {
      return { ok: false };
    }
  };
  const decoded = typeof frame === "string" ? { ok: true as const, value: frame } : attempt(() => new TextDecoder("utf-8", { fatal: true }).decode(frame));
  const text = decoded.ok ? decoded.value : fail("malformed-frame", "the frame is not UTF-8", "one JSON-RPC 2.0 object in UTF-8");
  const parsed = attempt((): unknown => JSON.parse(text));
  const value = parsed.ok ? parsed.value : fail("malformed-frame", \`the frame is not JSON: \${JSON.stringify(text.slice(0, 40))}\`, "one JSON-RPC 2.0 object");
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  if (!isObject || !Object.hasOwn(value, "jsonrpc") || (value as { jsonrpc: unknown }).jsonrpc !== "2.0") {
    fail("not-json-rpc", "not a JSON-RPC 2.0 message", 'an object with jsonrpc "2.0"');
  }
  return value as JsonRpcMessage;
}
`,
    ),
  },
  {
    name: "check-initialize-problem-list",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: checkInitialize as a list of [broken, error] pairs, throwing the first that holds (the version before the tools capability, as ours).",
    edits: whole(
      "checkInitialize",
      `function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  const tools = (result.capabilities as Record<string, unknown> | null | undefined)?.tools;
  const problems: Array<[boolean, () => ProtocolError]> = [
    [result.protocolVersion !== version, () => new ProtocolError("version", { what: \`server speaks \${JSON.stringify(result.protocolVersion)}, not \${version}\`, expected: version })],
    [typeof tools !== "object" || tools === null || Array.isArray(tools), () => new ProtocolError("capabilities", { what: "the server offers no tools", expected: "capabilities.tools to be an object" })],
  ];
  const first = problems.find(([broken]) => broken);
  if (first) throw first[1]();
  return result as unknown as InitializeResult;
}
`,
    ),
  },
  {
    name: "check-tools-map-foreach",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: checkTools that records the names in a Map from name to tool, walking the list with forEach and one guard function per tool.",
    edits: whole(
      "checkTools",
      `function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  const refusal = (what: string): ProtocolError =>
    new ProtocolError("catalog", { what, expected: \`one page of at most \${limit} uniquely named tools, each taking an object\` });
  if (result.nextCursor !== undefined) throw refusal("the tool list has more pages (a nextCursor)");
  if (!Array.isArray(result.tools)) throw refusal("tools/list gave no tools array");
  const listed = result.tools as unknown[];
  if (listed.length > limit) throw refusal(\`the server lists \${listed.length} tools\`);
  const byName = new Map<string, unknown>();
  const admit = (tool: unknown): void => {
    const entry = tool as { name?: unknown; inputSchema?: { type?: unknown } | null } | null | undefined;
    const name = entry?.name;
    if (typeof name !== "string" || name.length === 0) throw refusal(\`a tool has no name: \${JSON.stringify(tool).slice(0, 60)}\`);
    if (byName.has(name)) throw refusal(\`the tool \${JSON.stringify(name)} is listed twice\`);
    byName.set(name, tool);
    if (entry?.inputSchema?.type !== "object") throw refusal(\`the tool \${JSON.stringify(name)} does not take an object\`);
  };
  listed.forEach(admit);
  return listed as McpTool[];
}
`,
    ),
  },
  {
    name: "result-text-generator",
    piece: "resultText",
    client: false,
    breaks: "Fair: resultText that gathers the text items with a generator function and Array.from, then joins them.",
    edits: whole(
      "resultText",
      `function resultText(result: JsonObject): string {
  const content = result.content;
  if (!Array.isArray(content)) throw new ProtocolError("bad-response", { what: "the tools/call result has no content array" });
  function* texts(items: unknown[]): Generator<string> {
    for (const item of items) {
      const entry = item as { type?: unknown; text?: unknown } | null | undefined;
      if (entry?.type === "text") yield String(entry.text);
    }
  }
  const text = Array.from(texts(content)).join("\\n");
  if (result.isError === true) throw new ToolError(text, { what: \`the tool reported failure: \${text.slice(0, 200)}\` });
  return text;
}
`,
    ),
  },
  {
    name: "request-recursive-read",
    piece: "request",
    client: true,
    breaks:
      "Fair: request whose read loop is an async function calling itself with the count of messages skipped, answering the server's requests as ours, under one deadline for every read.",
    edits: whole(
      "request",
      `async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {
  const id = context.nextId();
  const deadline = AbortSignal.timeout(context.timeoutMs);
  context.send(requestMessage(id, method, params));
  const readFrom = async (skipped: number): Promise<JsonObject> => {
    if (skipped > 16) {
      throw new ProtocolError("too-many-messages", { what: \`more than 16 messages came before the answer to \${method}\`, expected: \`the response to request \${id}\` });
    }
    const message = parseFrame(await context.nextFrame(deadline));
    if ("method" in message && "id" in message) {
      const reply = message.method === "ping"
        ? { jsonrpc: "2.0", id: message.id, result: {} }
        : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } };
      context.send(reply);
      return readFrom(skipped + 1);
    }
    return answerFor(id, message) ?? readFrom(skipped + 1);
  };
  return readFrom(0);
}
`,
    ),
  },
  {
    name: "close-phase-list",
    piece: "close",
    client: true,
    breaks:
      "Fair: close as a list of phases run in turn (the grace, SIGTERM and a pause, SIGKILL, a bounded wait for the group to empty), the deadline of the last phase kept by the clock.",
    edits: whole(
      "close",
      `async function close(context: ClientContext): Promise<ExitStatus> {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  context.endInput();
  const pid = context.pid;
  if (pid === undefined) return context.exited;
  const group = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-pid, signal);
    } catch {
      // nobody left in the group
    }
  };
  const phases: Array<() => Promise<unknown>> = [
    () => Promise.race([context.exited, wait(1000)]),
    async () => {
      group("SIGTERM");
      await wait(300);
    },
    async () => group("SIGKILL"),
    async () => {
      const until = Date.now() + 1000;
      while (Date.now() < until && !groupIsEmpty(pid)) await wait(20);
    },
  ];
  for (const phase of phases) await phase();
  return context.exited;
}
`,
    ),
  },
  {
    name: "call-tool-reason-lookup",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: callTool that first works out which refusal applies, if any (not allowed before not advertised), as a tuple, and throws it in one place.",
    edits: whole(
      "callTool",
      `async function callTool(context: ClientContext, name: string, args: JsonObject): Promise<string> {
  const refusal: ["not-allowed" | "not-advertised", string, string[]] | null = !context.allowed.has(name)
    ? ["not-allowed", "is not allowed by this application", [...context.allowed]]
    : !context.catalog.has(name)
      ? ["not-advertised", "was not advertised by this server", [...context.catalog.keys()]]
      : null;
  if (refusal !== null) {
    const [reason, what, names] = refusal;
    throw new RefusedError(reason, { what: \`\${JSON.stringify(name)} \${what}\`, expected: \`one of [\${names.join(", ")}]\` });
  }
  return resultText(await request(context, "tools/call", { name, arguments: args }));
}
`,
    ),
  },
  {
    name: "top-tools-rank-by-counting",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: topTools with no sort: each tool's place is the number of tools that beat it (a higher score, or the same score earlier in the catalog), and the tools are set at their places, then the first m taken.",
    edits: whole(
      "topTools",
      `function topTools<T extends { name: string; description?: string }>(request: string, tools: readonly T[], score: ScoreFunction, m: number): T[] {
  const scores = score(request, tools.map(toolText));
  const at = (i: number): number => scores[i] ?? 0;
  const placed: T[] = new Array(tools.length);
  tools.forEach((tool, i) => {
    let beaten = 0;
    for (let j = 0; j < tools.length; j += 1) if (at(j) > at(i) || (at(j) === at(i) && j < i)) beaten += 1;
    placed[beaten] = tool;
  });
  return placed.slice(0, m);
}
`,
    ),
  },
];

export const proofCommand = RUN;
