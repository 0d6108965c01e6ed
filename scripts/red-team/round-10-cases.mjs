// Round 10 of the red team: written from the chapter and the build notebook only. Families the
// earlier rounds left: values at their edges (an id of 0 made 1, NaN or a lone surrogate in the
// arguments, an empty error message, an empty content array, scores a hair apart read as a tie or
// folded into one numeric key, negative scores ranked by their size); what a well-meaning
// strictness refuses (long names or descriptions, members the chapter never lists, content types
// it does not know, blank names, names equal only after Unicode normalisation, arguments the
// schema requires); what a well-meaning change alters (params copied through JSON, frames
// normalised to NFC, __proto__ members dropped as a precaution, a version read as a prefix, a name
// read as text); error paths that throw the wrong class (a missing schema, a circular message);
// objects told by their constructor; blank lines read as no message; the retriever's text written
// by hand (no period, no period when a tool has no description, lower-cased) and a trimmed request;
// a call with no arguments sent without its arguments member.
// Written by `node scripts/red-team/write-cases.mjs round-10`; proofs in prove.mjs.

const RUN = (name) => `node scripts/red-team/prove.mjs ${name}`;

const RANK_SORT = "  ranked.sort((a, b) => b.score - a.score || a.index - b.index); // ties keep catalog order";
const SCORE_LINE = "  const scores = score(request, tools.map(toolText));";
const CALL_LINE = '  return resultText(await request(context, "tools/call", { name, arguments: args }));';
const NAME_CHECK =
  '    if (typeof name !== "string" || name === "") throw refusal(`a tool has no name: ${JSON.stringify(tool).slice(0, 60)}`);';
const DUP_CHECK = "    if (names.has(name)) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);";
const SCHEMA_CHECK =
  '    if (tool.inputSchema?.type !== "object") throw refusal(`the tool ${JSON.stringify(name)} does not take an object`);';
const PARSE_SHAPE =
  '  if (typeof value !== "object" || value === null || Array.isArray(value) || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {';
const PARSE_JSON = "    value = JSON.parse(text);";
const FRAME_BYTES = '  const frame = Buffer.from(`${json}\\n`, "utf8");';
const ENCODE_CATCH =
  '  } catch (error) {\n    if (error instanceof UsageError) throw error;\n    throw new UsageError("unencodable", { what: "the message cannot be written as JSON", received: String(error) });\n  }';
const REPLACER_ARRAY =
  '      if (Array.isArray(this) && value === undefined) throw new UsageError("unencodable", { what: `array element ${key} is undefined`, expected: "a JSON value" });';
const ERROR_SHAPE =
  '    if (typeof error !== "object" || error === null || !Number.isInteger(error.code) || typeof error.message !== "string") {';
const TEXT_LINE =
  '  const text = content.filter((item) => item?.type === "text").map((item) => String(item.text)).join("\\n");';
const CONTENT_CHECK =
  '  if (!Array.isArray(content)) throw new ProtocolError("bad-response", { what: "the tools/call result has no content array" });';

export const wrong = [
  // ---------- values at their edges ----------
  {
    name: "request-message-id-zero-made-one",
    piece: "requestMessage",
    client: false,
    breaks:
      "A request carries the id it is given, and only a response with that id answers it (chapter lines 196–202; the notebook lets ids start at 0); this one guards the id with || 1, so request 0 goes out as request 1 and its answer, id 0, is refused.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace: '  return { jsonrpc: "2.0", id: id || 1, method, params }; // ids begin at 1',
      },
    ],
  },
  {
    name: "request-message-params-json-roundtrip",
    piece: "requestMessage",
    client: false,
    breaks:
      "A value JSON cannot write is refused, never written as something else (chapter lines 264, 269–270: allow_nan=False); this one copies the params through JSON.stringify and JSON.parse, so an argument of NaN or Infinity becomes null before encodeFrame can refuse it, and the server is sent a value the caller never gave.",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  return { jsonrpc: "2.0", id, method, params: JSON.parse(JSON.stringify(params)) }; // a copy the caller cannot change',
      },
    ],
  },
  {
    name: "answer-for-error-empty-message-malformed",
    piece: "answerFor",
    client: false,
    breaks:
      "An error response is raised as the server's error (chapter lines 218, 224–226); this one tests the error's message by its truth, so a server error whose message is the empty string is refused as a malformed reply (a ProtocolError) instead of raised as a ServerError.",
    edits: [
      {
        find: ERROR_SHAPE,
        replace:
          '    if (typeof error !== "object" || error === null || !Number.isInteger(error.code) || !error.message) {',
      },
    ],
  },
  {
    name: "result-text-refuses-empty-content",
    piece: "resultText",
    client: false,
    breaks:
      "A call's answer is its text items, joined (chapter line 492; the notebook's resultText): a result whose content array is empty answers with no text; this one refuses an empty content array as a bad response, so a tool that succeeds silently is reported as a broken server.",
    edits: [
      {
        find: CONTENT_CHECK,
        replace: `${CONTENT_CHECK}\n  if (content.length === 0) throw new ProtocolError("bad-response", { what: "the tools/call result is empty" });`,
      },
    ],
  },
  {
    name: "encode-frame-refuses-lone-surrogates",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Only what JSON cannot write is refused (chapter lines 264, 269–270); a string with a lone surrogate is written as a \\u escape (json.dumps does the same), and this one refuses any string that is not well-formed UTF-16, so an argument holding half of an emoji is never sent.",
    edits: [
      {
        find: REPLACER_ARRAY,
        replace: `${REPLACER_ARRAY}\n      if (typeof value === "string" && !value.isWellFormed()) throw new UsageError("unencodable", { what: \`field \${JSON.stringify(key)} is not valid Unicode\`, expected: "well-formed text" });`,
      },
    ],
  },
  {
    name: "top-tools-epsilon-ties",
    piece: "topTools",
    client: false,
    breaks:
      "Best first by score, ties in catalog order (chapter lines 151–154); this one counts two scores within 1e-6 of each other as a tie, so of two tools scoring 0.3 and 0.3000001 the first in the catalog ranks first though it scored less.",
    edits: [
      {
        find: RANK_SORT,
        replace:
          "  ranked.sort((a, b) => (Math.abs(a.score - b.score) < 1e-6 ? a.index - b.index : b.score - a.score)); // floats: equal within 1e-6",
      },
    ],
  },
  {
    name: "top-tools-combined-numeric-key",
    piece: "topTools",
    client: false,
    breaks:
      "Best first by score, ties in catalog order (chapter lines 151–154); this one folds the chapter's key (-score, index) into one number, -score * 1000 + index, so a tool later in the catalog can outrank one that scored a little more (0.3 at index 0 against 0.3005 at index 1 ranks the first ahead).",
    edits: [
      {
        find: RANK_SORT,
        replace:
          "  ranked.sort((a, b) => (-a.score * 1000 + a.index) - (-b.score * 1000 + b.index)); // the key (-score, index) as one number",
      },
    ],
  },
  {
    name: "top-tools-absolute-scores",
    piece: "topTools",
    client: false,
    breaks:
      "The m tools whose text scores highest come first (chapter lines 151–154); this one ranks by the size of each score, so a tool with a strongly negative similarity (-0.9) outranks one at 0.5.",
    edits: [
      {
        find: RANK_SORT,
        replace:
          "  ranked.sort((a, b) => Math.abs(b.score) - Math.abs(a.score) || a.index - b.index); // strongest match first",
      },
    ],
  },
  // ---------- well-meaning strictness ----------
  {
    name: "check-tools-name-length-64",
    piece: "checkTools",
    client: false,
    breaks:
      "Any non-empty string is a tool's name (chapter lines 363–366); this one refuses names longer than 64 characters, so a valid catalog with one long name is refused whole.",
    edits: [
      {
        find: NAME_CHECK,
        replace:
          '    if (typeof name !== "string" || name === "" || name.length > 64) throw refusal(`a tool has no usable name: ${JSON.stringify(tool).slice(0, 60)}`);',
      },
    ],
  },
  {
    name: "check-tools-blank-name-refused",
    piece: "checkTools",
    client: false,
    breaks:
      "A tool's name must be a non-empty string (chapter lines 364–366); this one trims the name before testing it, so a catalog with a tool named by a space alone is refused whole though every name is a distinct non-empty string.",
    edits: [
      {
        find: NAME_CHECK,
        replace:
          '    if (typeof name !== "string" || name.trim() === "") throw refusal(`a tool has no name: ${JSON.stringify(tool).slice(0, 60)}`);',
      },
    ],
  },
  {
    name: "check-tools-duplicates-after-normalising",
    piece: "checkTools",
    client: false,
    breaks:
      "Names must be unique, compared as the strings they are (chapter lines 365–366); this one compares them after NFC normalisation, so two distinct names that normalise alike (café written with é and with e plus a combining accent) are refused as one name listed twice.",
    edits: [
      {
        find: DUP_CHECK,
        replace:
          '    if (names.has(name.normalize("NFC"))) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);\n    names.add(name.normalize("NFC"));',
      },
    ],
  },
  {
    name: "check-tools-bounds-descriptions",
    piece: "checkTools",
    client: false,
    breaks:
      "Discovery is valid when the list is bounded, unpaginated and uniquely named with object schemas (chapter lines 354–371, 375); this one also refuses a catalog whose descriptions run past 1,024 characters (Part A's token cost read as a rule), so a valid server with one long description is refused whole.",
    edits: [
      {
        find: SCHEMA_CHECK,
        replace: `${SCHEMA_CHECK}\n    if (String(tool.description ?? "").length > 1024) throw refusal(\`the tool \${JSON.stringify(name)} has a description too long to offer\`);`,
      },
    ],
  },
  {
    name: "check-tools-refuses-unknown-members",
    piece: "checkTools",
    client: false,
    breaks:
      "A tool is valid with a non-empty unique name and an object schema (chapter lines 363–370); this one refuses any tool with a member beyond name, description and inputSchema, so a server that also sends a title or annotations (as MCP servers do) is refused whole.",
    edits: [
      {
        find: SCHEMA_CHECK,
        replace: `${SCHEMA_CHECK}\n    const extra = Object.keys(tool).filter((key) => !["name", "description", "inputSchema"].includes(key));\n    if (extra.length > 0) throw refusal(\`the tool \${JSON.stringify(name)} has unknown members \${extra.join(", ")}\`);`,
      },
    ],
  },
  {
    name: "result-text-refuses-unknown-items",
    piece: "resultText",
    client: false,
    breaks:
      "A call's answer is its text items; other items are left aside (chapter line 492; the notebook's resultText keeps the items of type text); this one refuses a result holding an item of a type it does not know, so a tool that also returns an item of a newer kind fails.",
    edits: [
      {
        find: TEXT_LINE,
        replace: `  const known = ["text", "image", "audio", "resource", "resource_link"];\n  if (content.some((item) => !known.includes(item?.type))) throw new ProtocolError("bad-response", { what: "the result holds an item of an unknown type" });\n${TEXT_LINE}`,
      },
    ],
  },
  {
    name: "call-tool-validates-required-arguments",
    piece: "callTool",
    client: true,
    breaks:
      "A call the server advertised and the application allowed is sent, with its arguments (chapter lines 377, 487–492); judging the arguments is the server's (it answers a bad call with isError); this one refuses, before sending, a call missing an argument the tool's schema requires, so the server's own answer never comes.",
    edits: [
      {
        find: CALL_LINE,
        replace: `  const required = (context.catalog.get(name)?.inputSchema as { required?: string[] } | undefined)?.required ?? [];\n  const missing = required.filter((key) => !(key in args));\n  if (missing.length > 0) throw new RefusedError("not-allowed", { what: \`\${name} needs \${missing.join(", ")}\`, expected: "every required argument" });\n${CALL_LINE}`,
      },
    ],
  },
  // ---------- well-meaning changes ----------
  {
    name: "encode-frame-normalises-nfc",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame is the message written as compact JSON, then a newline (chapter lines 264, 268–273); this one normalises the JSON to NFC first, so an argument written with a combining accent reaches the server as other characters than the caller gave.",
    edits: [
      {
        find: FRAME_BYTES,
        replace:
          '  const frame = Buffer.from(`${json.normalize("NFC")}\\n`, "utf8"); // one spelling for each character',
      },
    ],
  },
  {
    name: "parse-frame-drops-proto-keys",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame that is one JSON-RPC 2.0 object is the message it holds (chapter lines 300–308); this one parses with a reviver that drops every __proto__ member as a precaution, so a reply whose result (a tool's schema, its text) holds such a member arrives changed.",
    edits: [
      {
        find: PARSE_JSON,
        replace:
          '    value = JSON.parse(text, (key, member) => (key === "__proto__" ? undefined : member)); // no prototype pollution',
      },
    ],
  },
  {
    name: "check-initialize-version-prefix",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Any protocolVersion other than the pinned one is refused (chapter lines 328, 346–347); this one asks only that it start with the pinned one, so a server answering 2025-06-18-draft (or the version inside an array) passes the handshake.",
    edits: [
      {
        find: "  if (result.protocolVersion !== version) {",
        replace: "  if (!String(result.protocolVersion).startsWith(version)) {",
      },
    ],
  },
  {
    name: "check-tools-name-stringified",
    piece: "checkTools",
    client: false,
    breaks:
      'A tool\'s name must be a string (chapter lines 364–366: isinstance(name, str)); this one turns whatever the server sent into text first, so a tool named 5, true or null is accepted as "5", "true" or "null".',
    edits: [
      {
        find: "    const name = tool?.name;",
        replace:
          "    const name = tool?.name === undefined ? undefined : String(tool.name); // names may come as numbers",
      },
    ],
  },
  // ---------- wrong class on an error path ----------
  {
    name: "check-tools-missing-schema-crashes",
    piece: "checkTools",
    client: false,
    breaks:
      "A tool without an object input schema is refused as a protocol error (chapter lines 367–369); this one reads tool.inputSchema.type without a guard, so a tool with no schema at all makes checkTools throw a TypeError, not the typed refusal.",
    edits: [{ find: SCHEMA_CHECK, replace: SCHEMA_CHECK.replace("inputSchema?.type", "inputSchema.type") }],
  },
  {
    name: "encode-frame-circular-raw-type-error",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A message JSON cannot write is refused with a clear typed error (chapter lines 264, 269–270; the notebook's encodeFrame refuses with UsageError unencodable); this one lets JSON's own errors through, so a circular message or a BigInt argument throws a bare TypeError.",
    edits: [
      {
        find: ENCODE_CATCH,
        replace: "  } catch (error) {\n    throw error; // the replacer's refusals, and JSON's own\n  }",
      },
    ],
  },
  // ---------- objects told apart the wrong way ----------
  {
    name: "parse-frame-constructor-check",
    piece: "parseFrame",
    client: false,
    breaks:
      "Every JSON-RPC 2.0 object is a message (chapter lines 300–308); this one tells a plain object by its constructor, so a message that carries a member named constructor is refused as not JSON-RPC.",
    edits: [
      {
        find: PARSE_SHAPE,
        replace:
          '  if ((value as { constructor?: unknown } | null)?.constructor !== Object || (value as { jsonrpc?: unknown }).jsonrpc !== "2.0") {',
      },
    ],
  },
  {
    name: "parse-frame-blank-line-as-nothing",
    piece: "parseFrame",
    client: false,
    breaks:
      "A frame must be one JSON-RPC 2.0 object; anything else is a protocol error (chapter lines 301–307, 324); this one returns null for a blank line, so an empty line on stdout is neither refused nor a message, and the read loop fails on it with a TypeError.",
    edits: [
      {
        find: PARSE_JSON,
        replace: `    if (text.trim() === "") return null as unknown as JsonRpcMessage; // a blank line carries nothing\n${PARSE_JSON}`,
      },
    ],
  },
  // ---------- the retriever's text by hand ----------
  {
    name: "top-tools-own-text-no-period",
    piece: "topTools",
    client: false,
    breaks:
      "A retriever sees a tool's name with underscores as spaces, a period, then its description (chapter lines 138–142); this one writes the text itself with a space where the period and space go.",
    edits: [
      {
        find: SCORE_LINE,
        replace:
          '  const scores = score(request, tools.map((tool) => `${tool.name.replaceAll("_", " ")} ${tool.description ?? ""}`));',
      },
    ],
  },
  {
    name: "top-tools-own-text-bare-name",
    piece: "topTools",
    client: false,
    breaks:
      "Every tool's text is its name with spaces, a period and a space, then its description, empty when it has none (chapter line 142); this one gives a tool without a description its bare name, so the retriever sees two shapes of text.",
    edits: [
      {
        find: SCORE_LINE,
        replace:
          '  const scores = score(request, tools.map((tool) => (tool.description ? toolText(tool) : tool.name.replaceAll("_", " "))));',
      },
    ],
  },
  {
    name: "top-tools-lowercases-tool-texts",
    piece: "topTools",
    client: false,
    breaks:
      "The score function is given each tool's text as the chapter writes it (chapter lines 140–142, 152); this one lower-cases every text first, so a scorer that tells cases apart ranks other texts than the catalog's.",
    edits: [
      {
        find: SCORE_LINE,
        replace: "  const scores = score(request, tools.map((tool) => toolText(tool).toLowerCase()));",
      },
    ],
  },
  {
    name: "top-tools-trims-request",
    piece: "topTools",
    client: false,
    breaks:
      "The score function is given the request as it came (chapter lines 145–152); this one trims it first, so the retriever scores another request than the one the user made.",
    edits: [{ find: SCORE_LINE, replace: "  const scores = score(request.trim(), tools.map(toolText));" }],
  },
  // ---------- what goes out and what comes back ----------
  {
    name: "answer-for-error-code-coerced",
    piece: "answerFor",
    client: false,
    breaks:
      'An error response is raised as the server\'s error only when it is one: an error object with an integer code and a string message (chapter lines 224–226; the notebook\'s answerFor refuses a malformed error as a protocol error); this one reads the code through Number(), so an error with a code of null, "" or "-32601" is raised as a well-formed ServerError.',
    edits: [
      {
        find: ERROR_SHAPE,
        replace: ERROR_SHAPE.replace("Number.isInteger(error.code)", "Number.isInteger(Number(error.code))"),
      },
    ],
  },
  {
    name: "result-text-includes-resource-text",
    piece: "resultText",
    client: false,
    breaks:
      "A call's answer is its items of type text, joined (chapter line 492; the notebook's resultText keeps those of type text); this one also takes the text of an embedded resource item, so a file the tool attached is handed back as if the tool had said it.",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  const text = content.filter((item) => item?.type === "text" || item?.type === "resource").map((item) => String(item.text ?? item.resource?.text)).join("\\n");',
      },
    ],
  },
  {
    name: "encode-frame-drops-null-members",
    piece: "encodeFrame",
    client: false,
    breaks:
      "A frame is the message written as compact JSON (chapter lines 264, 268–273); null is a JSON value and is written as it is; this one's replacer drops every member whose value is null as noise, so an argument the caller set to null never reaches the server.",
    edits: [
      {
        find: "      return value;\n    });",
        replace:
          "      return value === null && !Array.isArray(this) ? undefined : value; // no empty members on the wire\n    });",
      },
    ],
  },
];

export const fair = [
  {
    name: "call-tool-omits-empty-arguments",
    piece: "callTool",
    client: true,
    breaks:
      "Fair (once held wrong, moved here): the chapter's call sends the tool's name and its arguments (line 492), but MCP 2025-06-18's CallToolRequest makes arguments optional (schema/2025-06-18/schema.ts: `arguments?`), and a server reads none as {}; this one leaves the arguments member out when the arguments are empty, so a call with {} reaches the server as its name alone, and every other call with its arguments whole.",
    edits: [
      {
        find: CALL_LINE,
        replace:
          '  const params = Object.keys(args).length > 0 ? { name, arguments: args } : { name }; // nothing to send\n  return resultText(await request(context, "tools/call", params));',
      },
    ],
  },
  {
    name: "request-message-from-entries",
    piece: "requestMessage",
    client: false,
    breaks:
      "Fair: builds the request from a list of its members with Object.fromEntries; the same four members and values, the params the caller gave (chapter lines 196, 200–202).",
    edits: [
      {
        find: '  return { jsonrpc: "2.0", id, method, params };',
        replace:
          '  return Object.fromEntries([["jsonrpc", "2.0"], ["id", id], ["method", method], ["params", params]]) as unknown as RequestMessage;',
      },
    ],
  },
  {
    name: "answer-for-destructured",
    piece: "answerFor",
    client: false,
    breaks:
      "Fair: takes the id, the error and the result out of the message at once and tests them in the same order (chapter lines 213–230): a notification skipped, another id refused, an error raised, a missing result refused.",
    edits: [
      {
        find: "  const id = message.id;",
        replace: "  const { id } = message as { id?: unknown };",
      },
      {
        find: "  const result = message.result;",
        replace: "  const { result } = message as { result?: unknown };",
      },
    ],
  },
  {
    name: "encode-frame-recursive-walk",
    piece: "encodeFrame",
    client: false,
    breaks:
      "Fair: walks the message itself before writing it, instead of a replacer, refusing the same things (NaN and the infinities, a function, a symbol, a BigInt, undefined in an array, what a toJSON returns of them, a cycle) and writing the same bytes (chapter lines 264, 268–273).",
    edits: [
      {
        find: "    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {",
        replace: `    const walk = (value: unknown, key: string, inArray: boolean): void => {
      if (typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function") {
        walk((value as { toJSON: (k: string) => unknown }).toJSON(key), key, inArray);
        return;
      }
      if (typeof value === "number" && !Number.isFinite(value)) throw new UsageError("unencodable", { what: \`member \${JSON.stringify(key)} is \${value}\`, expected: "a finite number" });
      if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") throw new UsageError("unencodable", { what: \`field \${JSON.stringify(key)} holds a \${typeof value}\`, expected: "a JSON value" });
      if (inArray && value === undefined) throw new UsageError("unencodable", { what: \`array element \${key} is undefined\`, expected: "a JSON value" });
      if (Array.isArray(value)) for (let i = 0; i < value.length; i += 1) walk(value[i], String(i), true);
      else if (typeof value === "object" && value !== null) for (const [k, v] of Object.entries(value)) walk(v, k, false);
    };
    walk(message, "", false);
    json = JSON.stringify(message, function (this: unknown, key: string, value: unknown) {`,
      },
      {
        find: '      if (typeof value === "number" && !Number.isFinite(value)) throw new UsageError("unencodable", { what: `field ${JSON.stringify(key)} holds ${value}`, expected: "a finite number" });\n',
        replace: "",
      },
      {
        find: '      // JSON would leave out a function or a symbol (null in an array), and write null for undefined in an array: refused, not changed.\n      if (typeof value === "function" || typeof value === "symbol") throw new UsageError("unencodable", { what: `field ${JSON.stringify(key)} holds a ${typeof value}`, expected: "a JSON value" });\n',
        replace: "",
      },
      { find: `${REPLACER_ARRAY}\n`, replace: "" },
    ],
  },
  {
    name: "parse-frame-single-try",
    piece: "parseFrame",
    client: false,
    breaks:
      "Fair: decodes and parses inside one try, so bytes that are not UTF-8 and text that is not JSON are refused by the same catch as a malformed frame (chapter lines 300–308).",
    edits: [
      {
        find: '    text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { fatal: true }).decode(frame);\n  } catch (error) {\n    throw new ProtocolError("malformed-frame", { what: "the frame is not UTF-8", expected: "one JSON-RPC 2.0 object in UTF-8" });\n  }\n  let value: unknown;\n  try {\n',
        replace:
          '    text = typeof frame === "string" ? frame : new TextDecoder("utf-8", { fatal: true }).decode(frame);\n',
      },
      { find: "  let text: string;\n", replace: '  let text = "";\n  let value: unknown;\n' },
    ],
  },
  {
    name: "check-initialize-reflect-get",
    piece: "checkInitialize",
    client: false,
    breaks:
      "Fair: reads the capabilities and their tools member with explicit type tests and Reflect.get rather than optional chaining; the same refusals (chapter lines 344–351).",
    edits: [
      {
        find: "  const tools = (result.capabilities as { tools?: unknown } | undefined)?.tools;",
        replace:
          '  const capabilities: unknown = result.capabilities;\n  const tools = typeof capabilities === "object" && capabilities !== null ? Reflect.get(capabilities, "tools") : undefined;',
      },
    ],
  },
  {
    name: "check-tools-find-index-duplicates",
    piece: "checkTools",
    client: false,
    breaks:
      "Fair: finds a name listed twice by asking whether the first tool with that name is this one, not with a set (chapter lines 363–366).",
    edits: [
      { find: "  for (const tool of tools) {", replace: "  for (const [index, tool] of tools.entries()) {" },
      {
        find: DUP_CHECK,
        replace:
          "    if (tools.findIndex((other) => other?.name === name) !== index) throw refusal(`the tool ${JSON.stringify(name)} is listed twice`);",
      },
    ],
  },
  {
    name: "result-text-map-then-filter",
    piece: "resultText",
    client: false,
    breaks:
      "Fair: maps every item to its text or null, then keeps the texts, in order, joined by newlines (chapter line 492; the notebook's resultText).",
    edits: [
      {
        find: TEXT_LINE,
        replace:
          '  const text = content.map((item) => (item?.type === "text" ? String(item.text) : null)).filter((part): part is string => part !== null).join("\\n");',
      },
    ],
  },
  {
    name: "top-tools-merge-sort",
    piece: "topTools",
    client: false,
    breaks:
      "Fair: puts the tools in order with a merge sort written by hand that takes the left one on a tie, so ties keep catalog order (chapter lines 151–154).",
    edits: [
      {
        find: RANK_SORT,
        replace: `  type Entry = (typeof ranked)[number];
  const merge = (list: Entry[]): Entry[] => {
    if (list.length < 2) return list;
    const left = merge(list.slice(0, list.length >> 1));
    const right = merge(list.slice(list.length >> 1));
    const out: Entry[] = [];
    while (left.length > 0 && right.length > 0) out.push((right[0].score > left[0].score ? right : left).shift() as Entry);
    return [...out, ...left, ...right];
  };
  ranked.splice(0, ranked.length, ...merge(ranked));`,
      },
    ],
  },
  {
    name: "frame-reader-recursive-feed",
    piece: "FrameReader",
    client: false,
    breaks:
      "Fair: feed handles the chunk's first line and then feeds itself the rest, instead of a loop; the same frames, the same bound on each line with its newline (chapter lines 266, 276–297).",
    edits: [
      {
        find: "      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      start = newline + 1;\n    }",
        replace:
          "      frames.push(Buffer.concat([...this.held, part]));\n      this.held = [];\n      this.heldBytes = 0;\n      return [...frames, ...this.feed(chunk.subarray(newline + 1))];\n    }",
      },
    ],
  },
  {
    name: "call-tool-guard-list",
    piece: "callTool",
    client: true,
    breaks:
      "Fair: runs the two checks from a list of [collection, reason] pairs, the allowlist first, both before anything is written (chapter lines 377, 487–492).",
    edits: [
      {
        find: "  if (!context.allowed.has(name)) {",
        replace:
          '  const guards: [{ has(key: string): boolean }, "not-allowed" | "not-advertised"][] = [[context.allowed, "not-allowed"], [context.catalog, "not-advertised"]];\n  for (const [known, reason] of guards) if (!known.has(name)) throw new RefusedError(reason, { what: `${JSON.stringify(name)} may not be called here`, expected: "a tool both allowed and advertised" });\n  if (!context.allowed.has(name)) {',
      },
    ],
  },
];

export const proofCommand = RUN;
