// Round 13 of the red team: written from the chapter and the build notebook only. New families and
// new members of old ones: params changed on the way (undefined written as null), a notification
// that names an id key; error replies read loosely (a fractional code, an error sent as text) and a
// stale reply skipped; refusals that miss a value (a toJSON on a class, a function in an array, a
// small bigint); a reader that keeps a refused line's bytes or hands an oversized line on; a parser
// that shares its results, falls back to Latin-1 or drops nulls; a handshake that calls
// hasOwnProperty on the server's object or assumes a missing version; a catalog that takes a title
// for a name, adds descriptions or parses a schema sent as text; a tool's text filtered (any case of
// "text", an audience, repeated items); the live client serving roots and elicitation; a handshake
// that demands the allowed tools, retries initialize or asks tools/list for a limit; close() that
// kills only when SIGTERM cannot be sent or reports the signal it sent; arguments completed or cut
// by the schema; a ranking whose ties fall late or whose scores are divided by length.
// Written by `node scripts/red-team/write-cases.mjs round-13`; proofs in prove.mjs.

import { readFileSync } from "node:fs";
import { SOLVED_NOTEBOOK } from "../../checkpoints/wrong-implementations/fresh/fresh-set.mjs";

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const REQUEST_RETURN = '  return { jsonrpc: "2.0", id, method, params };';
const NOTIFY_RETURN =
  '  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };';
const ERROR_CAST = "    const error = message.error as { code?: unknown; message?: unknown } | null;";
const REPLY_ID = "  const id = message.id;";
const REPLACER_FIRST = '      if (typeof value === "number" && !Number.isFinite(value))';
const FUNCTION_CHECK = '      if (typeof value === "function" || typeof value === "symbol") throw';
const READER_REFUSAL_RESET = "        const seen = this.heldBytes + part.length;\n        this.held = [];\n";
const READER_REFUSAL =
  '        const seen = this.heldBytes + part.length;\n        this.held = [];\n        this.heldBytes = 0;\n        throw new ProtocolError("frame-limit", { what: `a line of at least ${seen} bytes and no newline yet`, expected: `at most ${this.limit} bytes, newline included` });\n      }';
const PARSE_SIGNATURE = "function parseFrame(frame: Uint8Array | string): JsonRpcMessage {";
const PARSE_VALUE = "  let value: unknown;";
const PARSE_RETURN = "  return value as JsonRpcMessage;\n}";
const PARSE_JSON = "    value = JSON.parse(text);";
const UTF8_CATCH =
  '  } catch (error) {\n    throw new ProtocolError("malformed-frame", { what: "the frame is not UTF-8", expected: "one JSON-RPC 2.0 object in UTF-8" });\n  }';
const VERSION_TEST = "  if (result.protocolVersion !== version) {";
const CAPS_TOOLS = "  const tools = (result.capabilities as { tools?: unknown } | undefined)?.tools;";
const TOOL_NAME = "    const name = tool?.name;";
const NAMES_ADD = "    names.add(name);";
const SCHEMA_TEST = '    if (tool.inputSchema?.type !== "object")';
const TEXT_FILTER = 'content.filter((item) => item?.type === "text")';
const TEXT_JOIN = '.map((item) => String(item.text)).join("\\n");';
const PING_REPLY =
  '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } });';
const INITIALIZE_REQUEST =
  '  const result = await request(context, "initialize", {\n    protocolVersion: PROTOCOL_VERSION,\n    capabilities: {},\n    clientInfo: { name: "my-build-client", version: "0.1.0" },\n  });';
const LIST_RETURN = '  return checkTools(await request(context, "tools/list", {}));';
const SIGNALS =
  '  signalGroup(pid, "SIGTERM"); // even after a clean exit: a grandchild may still be there\n  await pause(300);\n  signalGroup(pid, "SIGKILL");';
const GRACE = "  await Promise.race([context.exited, pause(1000)]);";
const CLOSE_RETURN =
  "  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return context.exited;";
const CALL_LINE = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const SCORE_LINE = "  const scores = score(request, tools.map(toolText));";
const RANK_BODY =
  "  const ranked = tools.map((tool, index) => ({ tool, index, score: scores[index] ?? 0 }));\n  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order\n  return ranked.slice(0, m).map((entry) => entry.tool);";
/** The properties a tool's schema names, read from the catalog (for the callTool cases). */
const SCHEMA_PROPERTIES =
  "  const properties = (context.catalog.get(name)?.inputSchema as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties;";

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
/** The solved encodeFrame's text from `let json` to the end of its catch (one edit's find). */
const ENCODE_TRY = (() => {
  const text = cellOf("encodeFrame");
  const from = text.indexOf("  let json: string;");
  const to = text.indexOf("  const frame = Buffer.from(");
  if (from === -1 || to === -1) throw new Error("encodeFrame's cell changed: no let json or const frame");
  return text.slice(from, to);
})();

export const wrong = [
  // ---------- the two messages ----------
  {
    name: "request-message-undefined-as-null",
    piece: "requestMessage",
    client: false,
    breaks:
      'A request carries its params as given (chapter lines 200–202; the notebook: a member holding undefined is left out, as JSON has no undefined); this one writes every undefined member of params as null ("JSON has no undefined: null is its absence"), so a tools/list asked with { cursor: undefined } goes out as {"cursor":null}, a member the caller never gave.',
    edits: [
      {
        find: REQUEST_RETURN,
        replace:
          '  const written: JsonObject = {};\n  for (const [key, value] of Object.entries(params)) (written as Record<string, unknown>)[key] = value === undefined ? null : value; // JSON has no undefined\n  return { jsonrpc: "2.0", id, method, params: written };',
      },
    ],
  },
  {
    name: "notification-message-id-key-undefined",
    piece: "notificationMessage",
    client: false,
    breaks:
      'A notification has a method and no id (chapter lines 196, 205–210; the notebook: no id key at all); this one writes id: undefined ("marks it as not expecting a reply"), so the message has an id member, and anything that copies it member by member (a spread, structuredClone, a logger) carries an id key a notification must not have.',
    edits: [
      {
        find: NOTIFY_RETURN,
        replace:
          '  return (params === undefined ? { jsonrpc: "2.0", id: undefined, method } : { jsonrpc: "2.0", id: undefined, method, params }) as unknown as NotificationMessage; // id undefined: no reply wanted',
      },
    ],
  },
  // ---------- answerFor ----------
  {
    name: "answer-for-error-code-any-number",
    piece: "answerFor",
    client: false,
    breaks:
      'A JSON-RPC error carries an integer code and a string message; anything else is a malformed reply, refused as a protocol fault (chapter lines 224–226; the notebook: "no integer code" is malformed); this one checks only that the code is a number, so an error with code 1.5 is raised as the server\'s well-formed error.',
    edits: [{ find: "!Number.isInteger(error.code)", replace: 'typeof error.code !== "number"' }],
  },
  {
    name: "answer-for-string-error-wrapped",
    piece: "answerFor",
    client: false,
    breaks:
      'An error reply must carry an error object with an integer code and a string message; a malformed one is a protocol fault (chapter lines 224–226); this one turns an error sent as plain text into { code: -32000, message: text } ("some servers send the error as a string"), so a malformed reply is raised as a well-formed ServerError with a code the server never sent.',
    edits: [
      {
        find: ERROR_CAST,
        replace:
          '    const said = message.error as unknown;\n    const error = (typeof said === "string" ? { code: -32000, message: said } : said) as { code?: unknown; message?: unknown } | null; // some servers send the error as text',
      },
    ],
  },
  {
    name: "answer-for-stale-ids-skipped",
    piece: "answerFor",
    client: false,
    breaks:
      "A reply labelled with another id is refused: in a one-at-a-time client it means the stream is confused (chapter lines 216–217, 222–223, 577, 587); this one skips a reply whose id is lower than the request's (\"a late answer to a request we gave up on\"), so the stale server's repeated reply is read past and the call succeeds.",
    edits: [
      {
        find: REPLY_ID,
        replace:
          REPLY_ID +
          '\n  if (typeof id === "number" && Number.isInteger(id) && id < requestId) return null; // a late reply to an earlier request: read on',
      },
    ],
  },
  // ---------- encodeFrame ----------
  {
    name: "encode-frame-walk-misses-tojson",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A value JSON cannot carry is refused wherever it sits, also when an object's toJSON returns it (chapter lines 264, 268–270; the notebook says a replacer sees values after toJSON); this one walks the message's own members before JSON.stringify instead, so an instance whose class's toJSON returns NaN passes the walk and is written as null.",
    edits: [
      {
        find: ENCODE_TRY,
        replace: `  const refuse = (path: string, what: string): never => {
    throw new UsageError("unencodable", { what: \`\${path} holds \${what}\`, expected: "a JSON value" });
  };
  const walk = (value: unknown, path: string, seen: Set<unknown>): void => {
    if (typeof value === "number" && !Number.isFinite(value)) refuse(path, String(value));
    if (typeof value === "bigint" || typeof value === "function" || typeof value === "symbol") refuse(path, \`a \${typeof value}\`);
    if (typeof value !== "object" || value === null) return;
    if (seen.has(value)) refuse(path, "a cycle");
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) {
        if (value[i] === undefined) refuse(\`\${path}[\${i}]\`, "undefined");
        walk(value[i], \`\${path}[\${i}]\`, seen);
      }
    } else for (const [key, member] of Object.entries(value)) walk(member, \`\${path}.\${key}\`, seen);
    seen.delete(value);
  };
  walk(message, "message", new Set()); // every member checked before writing
  const json = JSON.stringify(message);
`,
      },
    ],
  },
  {
    name: "encode-frame-functions-in-arrays-as-null",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A function is refused wherever it sits, in an array too (chapter lines 264, 268–270; the notebook: JSON.stringify leaves out a function in a property and writes null for one in an array); this one refuses a function only as an object\'s member ("that is where JSON loses it"), so [() => 1] in the arguments goes out as [null].',
    edits: [
      {
        find: FUNCTION_CHECK,
        replace: '      if ((typeof value === "function" || typeof value === "symbol") && !Array.isArray(this)) throw',
      },
    ],
  },
  {
    name: "encode-frame-small-bigint-as-number",
    piece: "encodeFrame",
    client: false,
    breaks:
      'A bigint is refused, not written as something else (chapter lines 264, 268–270; the notebook: JSON.stringify throws on a bigint, turn it into your UsageError); this one writes a bigint within the safe integers as a plain number ("a bigint that fits loses nothing"), so 5n goes out as 5: the caller\'s mistake is never reported.',
    edits: [
      {
        find: REPLACER_FIRST,
        replace:
          '      if (typeof value === "bigint" && value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)) return Number(value); // it fits: nothing is lost\n' +
          REPLACER_FIRST,
      },
    ],
  },
  // ---------- FrameReader ----------
  {
    name: "frame-reader-refusal-keeps-held-bytes",
    piece: "FrameReader",
    client: false,
    breaks:
      "A refused line's bytes are never handed on as a frame (chapter lines 266, 292–296; the notebook: throw and drop what you held); this one resets the count of held bytes on a refusal but keeps the held pieces, so the next line the reader completes starts with the refused line's bytes.",
    edits: [{ find: READER_REFUSAL_RESET, replace: "        const seen = this.heldBytes + part.length;\n" }],
  },
  {
    name: "frame-reader-hands-oversized-to-parser",
    piece: "FrameReader",
    client: false,
    breaks:
      'The frame limit is enforced by the reader, before parsing: a line over it is refused, never handed on (chapter lines 266, 280, 292–296); this one hands an oversized line (or the part of it held so far) on as a frame and reads on ("the parser decides what it is"), so a 100-byte line passes a 64-byte reader and an endless reply is cut into frames.',
    edits: [
      {
        find: READER_REFUSAL,
        replace:
          "        frames.push(Buffer.concat([...this.held, part])); // too long: hand it on, parseFrame will judge it\n        this.held = [];\n        this.heldBytes = 0;\n        if (newline === -1) return frames;\n        start = newline + 1;\n        continue;\n      }",
      },
    ],
  },
  // ---------- parseFrame ----------
  {
    name: "parse-frame-memoised-by-text",
    piece: "parseFrame",
    client: false,
    breaks:
      'Each frame parsed gives a message of its own (chapter lines 301, 303, 307: json.loads builds a new object for each line); this one keeps the messages it parsed by their text ("the notify server repeats itself"), so two equal frames give the same object, and changing one message changes what a later parse returns.',
    edits: [
      {
        find: PARSE_SIGNATURE,
        replace: `const parsedFrames = new Map<string, JsonRpcMessage>(); // a server repeats its notifications\n\n${PARSE_SIGNATURE}`,
      },
      {
        find: PARSE_VALUE,
        replace: "  const known = parsedFrames.get(text);\n  if (known !== undefined) return known;\n" + PARSE_VALUE,
      },
      { find: PARSE_RETURN, replace: "  parsedFrames.set(text, value as JsonRpcMessage);\n" + PARSE_RETURN },
    ],
  },
  {
    name: "parse-frame-latin1-fallback",
    piece: "parseFrame",
    client: false,
    breaks:
      'A frame must be one JSON-RPC object in UTF-8; anything else is refused as a protocol error, never guessed around (chapter lines 301–305, 324, 589); this one decodes bytes that are not UTF-8 as Latin-1 ("an older server"), so a reply holding the bytes FF FE is accepted as the text "ÿþ".',
    edits: [
      {
        find: UTF8_CATCH,
        replace:
          '  } catch {\n    text = Buffer.from(frame as Uint8Array).toString("latin1"); // not UTF-8: an older server writing Latin-1\n  }',
      },
    ],
  },
  {
    name: "parse-frame-reviver-drops-nulls",
    piece: "parseFrame",
    client: false,
    breaks:
      'Each line is parsed as the one JSON-RPC message it holds (chapter lines 301–307: json.loads, nothing changed); this one parses with a reviver that drops every null ("null means absent"), so a result { "cursor": null } comes back as {}, an array [1, null] with a hole, and an error reply whose id is null without its id.',
    edits: [
      {
        find: PARSE_JSON,
        replace:
          "    value = JSON.parse(text, (_key, member) => (member === null ? undefined : member)); // null means absent",
      },
    ],
  },
  // ---------- checkInitialize ----------
  {
    name: "check-initialize-has-own-property-method",
    piece: "checkInitialize",
    client: false,
    breaks:
      'A server that offers tools is accepted whatever else its answer holds (chapter lines 344, 348–351); this one asks capabilities.hasOwnProperty("tools") ("own members only"), a method the server\'s own object can replace, so capabilities { tools: {}, hasOwnProperty: 1 } crash the check with a TypeError instead of being accepted.',
    edits: [
      {
        find: CAPS_TOOLS,
        replace:
          '  const capabilities = result.capabilities as { tools?: unknown; hasOwnProperty(key: string): boolean } | undefined | null;\n  const tools = capabilities !== undefined && capabilities !== null && capabilities.hasOwnProperty("tools") ? capabilities.tools : undefined; // own members only',
      },
    ],
  },
  {
    name: "check-initialize-missing-version-assumed",
    piece: "checkInitialize",
    client: false,
    breaks:
      'The client speaks one pinned version and refuses a server answering with any other (chapter lines 328, 346–347: result.get("protocolVersion") != version raises, None included); this one lets a result without protocolVersion through ("an older server may leave it out"), so a server that never says which version it speaks passes the handshake.',
    edits: [
      {
        find: VERSION_TEST,
        replace:
          "  if (result.protocolVersion !== undefined && result.protocolVersion !== version) { // an older server may leave it out",
      },
    ],
  },
  // ---------- checkTools ----------
  {
    name: "check-tools-title-as-missing-name",
    piece: "checkTools",
    client: false,
    breaks:
      'Every tool needs a name, a non-empty string (chapter lines 362–366: tool.get("name") must be a str); this one takes a tool\'s title when it has no name ("the title names it too"), so a tool listed without a name is accepted, and the catalog holds a tool no call can name.',
    edits: [{ find: TOOL_NAME, replace: "    const name = tool?.name ?? tool?.title; // listed by its title alone" }],
  },
  {
    name: "check-tools-fills-missing-descriptions",
    piece: "checkTools",
    client: false,
    breaks:
      'The catalog is the server\'s description of itself, checked and handed back as listed, every member kept (chapter lines 362–371; a description any text or none); this one writes description: "" onto each tool without one ("every tool described for the model"), changing the tools the server listed.',
    edits: [
      {
        find: NAMES_ADD,
        replace:
          NAMES_ADD +
          '\n    if (typeof tool.description !== "string") tool.description = ""; // every tool described, for the model',
      },
    ],
  },
  {
    name: "check-tools-parses-string-schemas",
    piece: "checkTools",
    client: false,
    breaks:
      'Every tool must give an object schema for its arguments (chapter lines 365–366: isinstance(schema, dict) and type "object"); this one parses an inputSchema sent as JSON text ("some servers send it as a string") and accepts it, so a tool whose schema is the string \'{"type":"object"}\' passes discovery.',
    edits: [
      {
        find: SCHEMA_TEST,
        replace:
          '    if (typeof tool.inputSchema === "string") tool.inputSchema = JSON.parse(tool.inputSchema); // sent as JSON text\n' +
          SCHEMA_TEST,
      },
    ],
  },
  // ---------- resultText ----------
  {
    name: "result-text-type-any-case",
    piece: "resultText",
    client: false,
    breaks:
      'A call\'s text is what its items of type "text" say, that type exactly (chapter lines 341–342, 546, 554); this one compares the type without case ("Text" and "TEXT" are text too), so an item of type "Text", which MCP does not define, is read as the tool\'s answer.',
    edits: [{ find: TEXT_FILTER, replace: 'content.filter((item) => String(item?.type).toLowerCase() === "text")' }],
  },
  {
    name: "result-text-honours-audience",
    piece: "resultText",
    client: false,
    breaks:
      'A call\'s text is what its text items say, whatever else they carry, annotations included (chapter lines 341–342, 546, 554); this one drops a text item whose annotations.audience leaves out "assistant" ("meant for the user, not the model"), so part of the tool\'s answer is never reported.',
    edits: [
      {
        find: TEXT_FILTER,
        replace:
          'content.filter((item) => item?.type === "text" && !(Array.isArray(item?.annotations?.audience) && !item.annotations.audience.includes("assistant"))) /* only what the model may read */',
      },
    ],
  },
  {
    name: "result-text-drops-repeated-items",
    piece: "resultText",
    client: false,
    breaks:
      'A call\'s text is what its text items say, each in order (chapter lines 341–342, 546, 554); this one keeps only the first of items with the same text ("a server that repeats itself"), so a tool answering "4" and "4" is reported as one "4".',
    edits: [
      {
        find: TEXT_JOIN,
        replace:
          '.map((item) => String(item.text)).filter((said, at, all) => all.indexOf(said) === at).join("\\n"); // said once is enough',
      },
    ],
  },
  // ---------- request ----------
  {
    name: "request-answers-roots-list-empty",
    piece: "request",
    client: true,
    breaks:
      'The client implements tools only and declares no other capability, so a request it does not serve is answered with method not found (chapter lines 182, 328, 475, 620; the notebook: anything but ping gets -32601); this one answers roots/list with { roots: [] } ("we have none: say so"), serving a capability it never declared.',
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : message.method === "roots/list" ? { jsonrpc: "2.0", id: message.id, result: { roots: [] } } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } }); // no roots to share',
      },
    ],
  },
  {
    name: "request-answers-elicitation-decline",
    piece: "request",
    client: true,
    breaks:
      'A request the client does not serve is answered with method not found (chapter lines 182, 328, 475, 620: it declares none of elicitation and the rest); this one answers elicitation/create with { action: "decline" } ("decline politely"), a result of a capability it never declared, which a server reads as a person having said no.',
    edits: [
      {
        find: PING_REPLY,
        replace:
          '      context.send(message.method === "ping" ? { jsonrpc: "2.0", id: message.id, result: {} } : message.method === "elicitation/create" ? { jsonrpc: "2.0", id: message.id, result: { action: "decline" } } : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "method not found" } }); // decline politely',
      },
    ],
  },
  // ---------- connect ----------
  {
    name: "connect-requires-allowed-tools-listed",
    piece: "connect",
    client: true,
    breaks:
      'A server that lists no tools gives a working session with nothing listed, and a tool the server did not advertise is refused when it is called (chapter lines 354, 375, 377, 490–491); this one refuses the handshake when the catalog lacks a tool the application allows ("a misconfigured server"), so a server without word_count cannot be connected at all.',
    edits: [
      {
        find: LIST_RETURN,
        replace:
          '  const tools = checkTools(await request(context, "tools/list", {}));\n  const missing = [...context.allowed].filter((name) => !tools.some((tool) => tool.name === name));\n  if (missing.length > 0) throw new ProtocolError("catalog", { what: `the server does not list ${missing.join(", ")}`, expected: "every tool the application allows" });\n  return tools;',
      },
    ],
  },
  {
    name: "connect-retries-initialize-once",
    piece: "connect",
    client: true,
    breaks:
      'A refused operation is not sent again (chapter lines 483–484, 587, 590: a hang ends at its deadline); this one sends initialize a second time when the first runs out of time ("a server may start slowly"), so a server that never answers the handshake receives it twice and the connect takes two deadlines.',
    edits: [
      {
        find: INITIALIZE_REQUEST,
        replace:
          '  const hello = () => request(context, "initialize", { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "my-build-client", version: "0.1.0" } });\n  const result = await hello().catch((error: unknown) => {\n    if (error instanceof DeadlineError) return hello(); // a server may start slowly: one more try\n    throw error;\n  });',
      },
    ],
  },
  {
    name: "connect-list-asks-for-limit",
    piece: "connect",
    client: true,
    breaks:
      'tools/list asks for nothing: its params are absent or {} (chapter lines 471–475, 483: self.request("tools/list", {})); this one sends { limit: MAX_TOOLS } ("ask for no more than we accept"), a member MCP does not define, so the server receives a request it was never meant to read.',
    edits: [
      {
        find: LIST_RETURN,
        replace:
          '  return checkTools(await request(context, "tools/list", { limit: MAX_TOOLS })); // no more than we accept',
      },
    ],
  },
  // ---------- close ----------
  {
    name: "close-sigkill-only-if-term-fails",
    piece: "close",
    client: true,
    breaks:
      'close() ends the whole process group with SIGTERM and then SIGKILL, so nothing of it outlives the client (chapter lines 496–497, 505–507, 527, 643); this one sends SIGKILL only when SIGTERM could not be sent ("it was delivered, so it is ending"), so a server that ignores SIGTERM, or its grandchild, is never killed and close() waits on it.',
    edits: [
      {
        find: SIGNALS,
        replace:
          '  let delivered = true;\n  try {\n    process.kill(-pid, "SIGTERM");\n  } catch {\n    delivered = false;\n  }\n  await pause(300);\n  if (!delivered) signalGroup(pid, "SIGKILL"); // SIGTERM reached the group: it is ending',
      },
    ],
  },
  {
    name: "close-status-guessed-from-signals-sent",
    piece: "close",
    client: true,
    breaks:
      'close() returns the server\'s exit status: its exit code, or the signal that really ended it (chapter lines 497–498, 511, 514: process.wait()); this one reports SIGTERM whenever the grace ran out ("we had to signal it"), so a server that ignores SIGTERM and dies of SIGKILL, or exits 0 on SIGTERM, is reported as ended by SIGTERM.',
    edits: [
      {
        find: GRACE,
        replace:
          "  const cleanly = await Promise.race([context.exited.then(() => true), pause(1000).then(() => false)]);",
      },
      {
        find: CLOSE_RETURN,
        replace:
          '  for (let waited = 0; waited < 1000 && !groupIsEmpty(pid); waited += 20) await pause(20);\n  return cleanly ? context.exited : "SIGTERM"; // the grace ran out: our SIGTERM ended it',
      },
    ],
  },
  // ---------- callTool ----------
  {
    name: "call-tool-fills-schema-defaults",
    piece: "callTool",
    client: true,
    breaks:
      "A call sends its arguments exactly as the caller gave them; whether they fit the schema is the server's to judge (chapter line 492; the notebook: the arguments exactly as the caller gave them); this one adds each default the tool's schema declares for a member the caller left out (\"what the tool would assume anyway\"), so the server receives arguments the caller never gave.",
    edits: [
      {
        find: CALL_LINE,
        replace:
          SCHEMA_PROPERTIES +
          '\n  const sent: Record<string, unknown> = { ...args };\n  for (const [key, property] of Object.entries(properties ?? {})) if (!(key in sent) && property?.default !== undefined) sent[key] = property.default; // the schema\'s defaults\n  return resultText(await request(context, "tools/call", { name, arguments: sent as JsonObject }));',
      },
    ],
  },
  {
    name: "call-tool-strips-arguments-outside-schema",
    piece: "callTool",
    client: true,
    breaks:
      "A call sends its arguments exactly as the caller gave them, a member the schema does not list included: judging them is the server's (chapter line 492; the notebook: the arguments exactly as the caller gave them); this one silently drops every member the tool's schema does not name (\"keep the tool's input clean\"), so { text, lang } reaches the server as { text }.",
    edits: [
      {
        find: CALL_LINE,
        replace:
          SCHEMA_PROPERTIES +
          '\n  const sent = properties === undefined ? args : (Object.fromEntries(Object.entries(args).filter(([key]) => key in properties)) as JsonObject); // only what the schema names\n  return resultText(await request(context, "tools/call", { name, arguments: sent }));',
      },
    ],
  },
  // ---------- topTools ----------
  {
    name: "top-tools-bounded-insert-ties-late",
    piece: "topTools",
    client: false,
    breaks:
      'Equal scores keep catalog order (chapter lines 151–154: key (-score, index)); this one keeps the m best in one pass, inserting each tool before the first kept one that does not beat it ("no full sort"), so of two tools with the same score the later one comes first, and with m = 1 the later one is offered.',
    edits: [
      {
        find: RANK_BODY,
        replace:
          "  const best: { tool: T; score: number }[] = [];\n  tools.forEach((tool, index) => {\n    const score = scores[index] ?? 0;\n    const at = best.findIndex((entry) => entry.score <= score); // the first kept one it is not worse than\n    best.splice(at === -1 ? best.length : at, 0, { tool, score });\n    if (best.length > m) best.pop();\n  });\n  return best.map((entry) => entry.tool);",
      },
    ],
  },
  {
    name: "top-tools-divides-by-text-length",
    piece: "topTools",
    client: false,
    breaks:
      "A search keeps the m tools whose text scores highest for the request (chapter lines 138, 151–154: the score the scorer gives); this one divides each score by its text's length in words (\"fair to short descriptions\"), so a long, well-matching description loses to a short one and the ranking differs from BM25's.",
    edits: [
      {
        find: SCORE_LINE,
        replace:
          "  const texts = tools.map(toolText);\n  const scores = score(request, texts).map((value, i) => value / Math.max(1, texts[i].split(/\\s+/u).length)); // fair to short descriptions",
      },
    ],
  },
];

// ---------- fair: correct pieces built unlike ours (each replaces its whole cell) ----------
export const fair = [
  {
    name: "answer-for-kind-then-act",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: answerFor in two steps, a pure function naming the reply's kind (skip, wrong id, malformed error, error, malformed result, result) and a switch acting on that kind.",
    edits: whole(
      "answerFor",
      `type ReplyKind = "skip" | "wrong-id" | "bad-error" | "error" | "bad-result" | "result";

function replyKind(requestId: number, message: JsonRpcMessage): ReplyKind {
  const m = message as Record<string, unknown>;
  if ("method" in m) return "skip";
  if (typeof m.id !== "number" || !Number.isInteger(m.id) || m.id !== requestId) return "wrong-id";
  if ("error" in m) {
    const e = m.error as Record<string, unknown> | null;
    return typeof e === "object" && e !== null && Number.isInteger(e.code) && typeof e.message === "string" ? "error" : "bad-error";
  }
  const r = m.result;
  return typeof r === "object" && r !== null && !Array.isArray(r) ? "result" : "bad-result";
}

function answerFor(requestId: number, message: JsonRpcMessage): JsonObject | null {
  const m = message as Record<string, unknown>;
  const kind = replyKind(requestId, message);
  switch (kind) {
    case "skip":
      return null;
    case "wrong-id":
      throw new ProtocolError("wrong-id", { what: \`a reply labelled \${JSON.stringify(m.id)} while waiting for \${requestId}\`, expected: \`the integer \${requestId}\`, received: String(JSON.stringify(m.id)) });
    case "bad-error":
      throw new ProtocolError("bad-response", { what: \`reply \${requestId} holds a malformed error\`, received: String(JSON.stringify(m.error)) });
    case "error":
      throw new ServerError(m.error as { code: number; message: string }, { what: \`the server refused request \${requestId}\` });
    case "bad-result":
      throw new ProtocolError("bad-response", { what: \`reply \${requestId} holds no result object\`, received: String(JSON.stringify(m.result)) });
    default:
      return m.result as JsonObject;
  }
}
`,
    ),
  },
  {
    name: "encode-frame-problem-recorded",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: encodeFrame whose replacer records the first value JSON cannot carry (a bigint too) and writes nothing more, refusing after JSON.stringify returns; what JSON.stringify throws (a cycle) is recorded the same way.",
    edits: whole(
      "encodeFrame",
      `function encodeFrame(message: object, limit: number = DEFAULT_FRAME_LIMIT): Buffer {
  if (typeof message !== "object" || message === null) {
    throw new UsageError("unencodable", { what: "the message is not an object", expected: "a JSON object", received: String(message) });
  }
  let problem: string | undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {
      if (problem !== undefined) return undefined;
      const kind = typeof value;
      const where = key === "" ? "the message" : \`field \${JSON.stringify(key)}\`;
      if (kind === "number" && !Number.isFinite(value as number)) problem = \`\${where} holds \${String(value)}\`;
      else if (kind === "bigint" || kind === "function" || kind === "symbol") problem = \`\${where} holds a \${kind}\`;
      else if (value === undefined && Array.isArray(this)) problem = \`\${where} is undefined in an array\`;
      return problem === undefined ? value : undefined;
    });
  } catch (error) {
    problem = \`JSON.stringify refused it: \${String(error)}\`;
  }
  if (problem !== undefined || json === undefined) {
    throw new UsageError("unencodable", { what: problem ?? "nothing to write", expected: "a JSON value" });
  }
  const frame = Buffer.from(json + "\\n", "utf8");
  if (frame.length > limit) throw new UsageError("frame-limit", { what: \`the frame has \${frame.length} bytes\`, expected: \`at most \${limit} bytes\` });
  return frame;
}
`,
    ),
  },
  {
    name: "frame-reader-growing-store",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: FrameReader holding the unfinished line in one Buffer that doubles when it fills (a used count, never past the limit), scanning each chunk byte by byte for the newline and copying each whole line out.",
    edits: whole(
      "FrameReader",
      `class FrameReader {
  readonly limit: number;
  private store: Buffer = Buffer.alloc(0);
  private used = 0;

  constructor(limit: number = DEFAULT_FRAME_LIMIT) {
    this.limit = limit;
  }

  private append(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.store.length) {
      const grown = Buffer.alloc(Math.max(this.store.length * 2, this.used + bytes.length, 64));
      this.store.copy(grown, 0, 0, this.used);
      this.store = grown;
    }
    this.store.set(bytes, this.used);
    this.used += bytes.length;
  }

  feed(chunk: Uint8Array): Buffer[] {
    const frames: Buffer[] = [];
    let from = 0;
    for (;;) {
      let end = from;
      while (end < chunk.length && chunk[end] !== 0x0a) end += 1;
      const piece = chunk.subarray(from, end);
      if (this.used + piece.length + 1 > this.limit) {
        this.used = 0;
        this.store = Buffer.alloc(0);
        throw new ProtocolError("frame-limit", { what: \`a line past \${this.limit} bytes\`, expected: \`at most \${this.limit} bytes, newline included\` });
      }
      this.append(piece);
      if (end === chunk.length) return frames;
      frames.push(Buffer.from(this.store.subarray(0, this.used)));
      this.used = 0;
      from = end + 1;
    }
  }
}
`,
    ),
  },
  {
    name: "parse-frame-stage-list",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: parseFrame as a list of three stages (decode strictly, parse, check the JSON-RPC object), each with the reason it refuses with, run by reduce; any stage's failure becomes that reason's ProtocolError.",
    edits: whole(
      "parseFrame",
      `type FrameStage = ["malformed-frame" | "not-json-rpc", (input: unknown) => unknown];

const FRAME_STAGES: FrameStage[] = [
  ["malformed-frame", (input) => (typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: true }).decode(input as Uint8Array))],
  ["malformed-frame", (input) => JSON.parse(input as string)],
  [
    "not-json-rpc",
    (input) => {
      const plain = typeof input === "object" && input !== null && !Array.isArray(input);
      if (!plain || (input as { jsonrpc?: unknown }).jsonrpc !== "2.0") throw new Error("not an object with jsonrpc 2.0");
      return input;
    },
  ],
];

function parseFrame(frame: Uint8Array | string): JsonRpcMessage {
  return FRAME_STAGES.reduce<unknown>((value, [reason, stage]) => {
    try {
      return stage(value);
    } catch (error) {
      throw new ProtocolError(reason, { what: \`the frame was refused: \${String((error as Error)?.message ?? error)}\`.slice(0, 120), expected: "one JSON-RPC 2.0 object in UTF-8" });
    }
  }, frame) as JsonRpcMessage;
}
`,
    ),
  },
  {
    name: "check-initialize-two-assertions",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: checkInitialize as two named assertions (the version, then the tools capability as an object), each throwing its own ProtocolError, and the result returned as it came.",
    edits: whole(
      "checkInitialize",
      `function assertVersion(result: JsonObject, version: string): void {
  if (result.protocolVersion !== version) {
    throw new ProtocolError("version", { what: \`the server answered version \${JSON.stringify(result.protocolVersion)}\`, expected: version });
  }
}

function assertToolsCapability(result: JsonObject): void {
  const capabilities: unknown = result.capabilities;
  const tools: unknown = typeof capabilities === "object" && capabilities !== null ? (capabilities as Record<string, unknown>).tools : undefined;
  if (typeof tools !== "object" || tools === null || Array.isArray(tools)) {
    throw new ProtocolError("capabilities", { what: "no tools capability", expected: "capabilities.tools, an object" });
  }
}

function checkInitialize(result: JsonObject, version: string = PROTOCOL_VERSION): InitializeResult {
  assertVersion(result, version);
  assertToolsCapability(result);
  return result as unknown as InitializeResult;
}
`,
    ),
  },
  {
    name: "check-tools-reduce-names",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: checkTools whose per-tool checks run in a reduce that carries the Set of names seen, with a refuse helper typed never.",
    edits: whole(
      "checkTools",
      `function checkTools(result: JsonObject, limit: number = MAX_TOOLS): McpTool[] {
  const refuse = (what: string): never => {
    throw new ProtocolError("catalog", { what, expected: \`one page of at most \${limit} uniquely named tools, each taking an object\` });
  };
  if (result.nextCursor !== undefined) refuse("the list has more pages");
  const listed: unknown = result.tools;
  if (!Array.isArray(listed)) return refuse("no tools array");
  if (listed.length > limit) refuse(\`\${listed.length} tools listed\`);
  listed.reduce((seen: Set<string>, tool: unknown) => {
    const entry = (typeof tool === "object" && tool !== null ? tool : {}) as { name?: unknown; inputSchema?: unknown };
    const name = entry.name;
    if (typeof name !== "string" || name.length === 0) return refuse("a tool without a name");
    if (seen.has(name)) refuse(\`\${JSON.stringify(name)} is listed twice\`);
    const schema = entry.inputSchema as { type?: unknown } | null | undefined;
    if (typeof schema !== "object" || schema === null || schema.type !== "object") refuse(\`\${JSON.stringify(name)} does not take an object\`);
    return seen.add(name);
  }, new Set<string>());
  return listed as McpTool[];
}
`,
    ),
  },
  {
    name: "result-text-index-while",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: resultText as an index while loop that appends each text item to a string, with a flag for the separator, then raises isError with what it gathered.",
    edits: whole(
      "resultText",
      `function resultText(result: JsonObject): string {
  const content: unknown = result.content;
  if (!Array.isArray(content)) throw new ProtocolError("bad-response", { what: "the call's result has no content array" });
  let text = "";
  let first = true;
  let at = 0;
  while (at < content.length) {
    const item = content[at] as { type?: unknown; text?: unknown } | null | undefined;
    if (item !== null && item !== undefined && item.type === "text") {
      text += (first ? "" : "\\n") + String(item.text);
      first = false;
    }
    at += 1;
  }
  if (result.isError === true) throw new ToolError(text, { what: \`the tool failed: \${text.slice(0, 200)}\` });
  return text;
}
`,
    ),
  },
  {
    name: "request-async-generator",
    piece: "request",
    client: true,
    breaks:
      "Fair: request reading through an async generator of parsed messages (every read under the one deadline), consumed with for await; the server's requests answered and counted with the notifications, at most 16.",
    edits: whole(
      "request",
      `async function request(context: ClientContext, method: string, params: JsonObject): Promise<JsonObject> {
  const id = context.nextId();
  const deadline = AbortSignal.timeout(context.timeoutMs);
  async function* incoming(): AsyncGenerator<JsonRpcMessage> {
    for (;;) yield parseFrame(await context.nextFrame(deadline));
  }
  context.send(requestMessage(id, method, params));
  let skipped = 0;
  for await (const message of incoming()) {
    const asked = message as { id?: unknown; method?: unknown };
    if ("method" in asked && "id" in asked) {
      context.send(
        asked.method === "ping"
          ? { jsonrpc: "2.0", id: asked.id, result: {} }
          : { jsonrpc: "2.0", id: asked.id, error: { code: -32601, message: \`\${String(asked.method)} is not served here\` } },
      );
    } else {
      const answer = answerFor(id, message);
      if (answer !== null) return answer;
    }
    skipped += 1;
    if (skipped > 16) {
      throw new ProtocolError("too-many-messages", { what: \`more than 16 messages before the answer to \${method}\`, expected: \`the response to request \${id}\` });
    }
  }
  throw new ProtocolError("too-many-messages", { what: "the messages ended" });
}
`,
    ),
  },
  {
    name: "connect-step-list",
    piece: "connect",
    client: true,
    breaks:
      "Fair: connect as a list of three async steps (initialize and check, announce, list and check) run in order by a for...of, after the timeout check.",
    edits: whole(
      "connect",
      `async function connect(context: ClientContext): Promise<McpTool[]> {
  const ms = context.timeoutMs;
  if (typeof ms !== "number" || Number.isNaN(ms) || ms <= 0 || ms > 60_000) {
    throw new UsageError("timeout", { what: \`a timeout of \${ms} ms\`, expected: "more than 0 and at most 60000 ms", received: String(ms) });
  }
  let tools: McpTool[] = [];
  const steps: Array<() => Promise<void>> = [
    async () => {
      checkInitialize(await request(context, "initialize", { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "my-build-client", version: "0.1.0" } }));
    },
    async () => context.send(notificationMessage("notifications/initialized")),
    async () => {
      tools = checkTools(await request(context, "tools/list", {}));
    },
  ];
  for (const step of steps) await step();
  return tools;
}
`,
    ),
  },
  {
    name: "close-state-machine",
    piece: "close",
    client: true,
    breaks:
      "Fair: close as a loop over named states (end of input, grace, SIGTERM, SIGKILL, drain until the group is empty or a second has passed), returning the status the server really ended with.",
    edits: whole(
      "close",
      `async function close(context: ClientContext): Promise<ExitStatus> {
  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
  const signal = (pid: number, name: NodeJS.Signals): void => {
    try {
      process.kill(-pid, name);
    } catch {
      // the group is gone already
    }
  };
  const pid = context.pid;
  let state: "eof" | "grace" | "term" | "kill" | "drain" | "done" = "eof";
  let drained = 0;
  while (state !== "done") {
    if (state === "eof") {
      context.endInput();
      state = pid === undefined ? "done" : "grace";
    } else if (state === "grace") {
      await Promise.race([context.exited, wait(1000)]);
      state = "term";
    } else if (state === "term") {
      signal(pid as number, "SIGTERM");
      await wait(300);
      state = "kill";
    } else if (state === "kill") {
      signal(pid as number, "SIGKILL");
      state = "drain";
    } else if (groupIsEmpty(pid as number) || drained >= 1000) {
      state = "done";
    } else {
      await wait(25);
      drained += 25;
    }
  }
  return context.exited;
}
`,
    ),
  },
  {
    name: "top-tools-binary-heap",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: topTools over a binary heap of catalog positions ordered by (higher score, earlier position), popping the best m in turn.",
    edits: whole(
      "topTools",
      `function topTools<T extends { name: string; description?: string }>(request: string, tools: readonly T[], score: ScoreFunction, m: number): T[] {
  const scores = score(request, tools.map(toolText));
  const valueOf = (i: number): number => scores[i] ?? 0;
  // position a ranks before position b: a higher score, or the same score and earlier in the catalog
  const before = (a: number, b: number): boolean => valueOf(a) > valueOf(b) || (valueOf(a) === valueOf(b) && a < b);
  const heap: number[] = [];
  const swap = (i: number, j: number): void => {
    [heap[i], heap[j]] = [heap[j], heap[i]];
  };
  for (let i = 0; i < tools.length; i += 1) {
    heap.push(i);
    for (let c = heap.length - 1; c > 0 && before(heap[c], heap[(c - 1) >> 1]); c = (c - 1) >> 1) swap(c, (c - 1) >> 1);
  }
  const ranked: T[] = [];
  while (heap.length > 0 && ranked.length < m) {
    ranked.push(tools[heap[0]]);
    const last = heap.pop() as number;
    if (heap.length === 0) break;
    heap[0] = last;
    for (let p = 0; ; ) {
      const l = 2 * p + 1;
      const r = l + 1;
      let top = p;
      if (l < heap.length && before(heap[l], heap[top])) top = l;
      if (r < heap.length && before(heap[r], heap[top])) top = r;
      if (top === p) break;
      swap(p, top);
      p = top;
    }
  }
  return ranked;
}
`,
    ),
  },
];

export const proofCommand = RUN;
