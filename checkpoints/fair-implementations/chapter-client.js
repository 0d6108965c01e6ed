// A correct Part B written from the chapter (its functions and its StdioClient, ported to Node), not
// from the library: it takes only the workbook's error classes from mcp-workbook, so a refusal is
// typed the way the checkpoint names it. Where the chapter leaves a choice open, `choices` picks
// one; each fair implementation beside this file names the choices it makes in its header, and
// the checkpoint must give every one of them full marks (test/checkpoint/fair).
"use strict";
const { spawn } = require("node:child_process");
const {
  ClosedError,
  DeadlineError,
  ProtocolError,
  RefusedError,
  ServerError,
  ToolError,
  UsageError,
} = require("mcp-workbook");

const PROTOCOL_VERSION = "2025-06-18";
const FRAME_LIMIT = 65_536;
const SKIP_LIMIT = 16;
const TOOL_LIMIT = 32;

/** Every Part B name, built with `choices` (an object of flags and values; see the files beside this one). */
function withChoices(choices = {}) {
  const say = (plain, own) => (choices.ownWording ? own : plain);

  function requestMessage(id, method, params = {}) {
    return choices.keysMethodFirst ? { method, params, id, jsonrpc: "2.0" } : { jsonrpc: "2.0", id, method, params };
  }

  function notificationMessage(method, params) {
    const message = choices.keysMethodFirst ? { method } : { jsonrpc: "2.0", method };
    if (params !== undefined) message.params = params;
    if (choices.keysMethodFirst) message.jsonrpc = "2.0";
    return message;
  }

  const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

  function answerFor(requestId, message) {
    // The chapter skips a notification (a method and no id). A request of the server's own (a
    // method and an id) is answered by the read loop before it gets here: one choice returns
    // null for it as well, the other (the chapter's own test) refuses it as no reply of ours.
    // What "answers nothing" is written as is free: the chapter's None, as null or as undefined.
    if ("method" in message && (!("id" in message) || !choices.answerRefusesServerRequests))
      return choices.noAnswerUndefined ? undefined : null;
    const id = message.id;
    if (typeof id !== typeof requestId || id !== requestId)
      throw new ProtocolError("wrong-id", {
        what: say(`response id ${JSON.stringify(id)} does not answer request ${requestId}`, `reply ${id} is not ours`),
      });
    if ("method" in message)
      throw new ProtocolError("bad-response", { what: say("a request is no response", "not a reply") });
    if ("error" in message) {
      const error = message.error;
      if ("result" in message || !isObject(error) || !Number.isInteger(error.code) || typeof error.message !== "string")
        throw new ProtocolError("bad-response", { what: say("malformed error response", "broken error") });
      throw new ServerError(error, { what: say(`server error ${error.code}: ${error.message}`, error.message) });
    }
    if (!isObject(message.result))
      throw new ProtocolError("bad-response", { what: say("response carries no result object", "no result") });
    return message.result;
  }

  function faithful(value, inArray) {
    switch (typeof value) {
      case "number":
        return Number.isFinite(value);
      case "string":
      case "boolean":
        return true;
      case "undefined":
        return !inArray;
      case "object":
        if (value === null) return true;
        // The chapter's json.dumps knows no object with a toJSON: refused (a free choice; the library writes what toJSON returns).
        if (typeof value.toJSON === "function") return false;
        // Array.from reads every index, a hole as undefined (every() would skip it, and JSON writes it as null).
        if (Array.isArray(value)) return Array.from(value).every((item) => faithful(item, true));
        return Object.values(value).every((item) => faithful(item, false));
      default:
        return false;
    }
  }

  function encodeFrame(message, limit = FRAME_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 2)
      throw new UsageError("frame-limit", { what: say("invalid frame limit", "bad limit") });
    if (!isObject(message) && !Array.isArray(message))
      throw new UsageError("unencodable", { what: say("the message is not an object", "not an object") });
    let raw;
    try {
      raw = JSON.stringify(message);
    } catch (error) {
      throw new UsageError(
        "unencodable",
        { what: say("message cannot be encoded", "cannot encode") },
        { cause: error },
      );
    }
    // The chapter's allow_nan=False, in JavaScript: refuse what JSON would change or drop.
    if (raw === undefined || !faithful(message, false))
      throw new UsageError("unencodable", { what: say("message holds a value JSON cannot carry", "not plain JSON") });
    const bytes = Buffer.from(`${choices.escapes ? choices.escapes(raw) : raw}\n`, "utf8");
    if (bytes.length > limit)
      throw new UsageError("frame-limit", {
        what: say(`message of ${bytes.length} bytes exceeds ${limit}`, "too big"),
      });
    return bytes;
  }

  const tooLong = (limit) =>
    new ProtocolError("frame-limit", { what: say(`frame exceeds the ${limit}-byte limit`, "too long") });

  /** The chapter's reader: one buffer, split at each newline; a refused read loses its frames. */
  class ChapterReader {
    constructor(limit = FRAME_LIMIT) {
      this.limit = limit;
      this.buffer = Buffer.alloc(0);
    }
    feed(chunk) {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      const lines = [];
      for (let at = this.buffer.indexOf(10); at !== -1; at = this.buffer.indexOf(10)) {
        const line = this.buffer.subarray(0, at);
        this.buffer = this.buffer.subarray(at + 1);
        if (line.length + 1 > this.limit) throw tooLong(this.limit);
        lines.push(Buffer.from(line));
      }
      if (this.buffer.length >= this.limit) throw tooLong(this.limit);
      return lines;
    }
  }

  /** A reader of held chunks: frames found before an overlong line come back; then it skips to the next newline. */
  class ChunkReader {
    constructor(limit = FRAME_LIMIT) {
      this.limit = limit;
      this.held = [];
      this.size = 0;
      this.skipping = false;
    }
    feed(chunk) {
      const frames = [];
      let start = 0;
      let refused = false;
      for (;;) {
        const end = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
        if (this.skipping) {
          if (end === -1) break;
          this.skipping = false;
        } else if (this.size + piece.length + 1 > this.limit) {
          refused = true;
          this.held = [];
          this.size = 0;
          if (end === -1) {
            this.skipping = true;
            break;
          }
        } else if (end === -1) {
          if (piece.length > 0) this.held.push(Buffer.from(piece));
          this.size += piece.length;
          break;
        } else {
          frames.push(Buffer.concat([...this.held, piece]));
          this.held = [];
          this.size = 0;
        }
        start = end + 1;
      }
      if (refused && frames.length === 0) throw tooLong(this.limit);
      if (refused) this.pendingRefusal = true;
      return frames;
    }
  }

  /** ChunkReader, with a refusal held back until the next read when frames came first. */
  class DeferringReader extends ChunkReader {
    feed(chunk) {
      if (this.pendingRefusal) {
        this.pendingRefusal = false;
        throw tooLong(this.limit);
      }
      return super.feed(chunk);
    }
  }

  const FrameReader = choices.chapterReader ? ChapterReader : DeferringReader;

  /**
   * JSON, plus the bare literals NaN, Infinity and -Infinity that Python's json.loads reads: each
   * literal outside a string becomes a marked string (a fresh mark per frame), read back as its number.
   */
  function parseWithNonFinite(text) {
    try {
      return JSON.parse(text);
    } catch (strict) {
      const mark = `\u0000${Math.random().toString(36).slice(2)}:`;
      let out = "";
      let inString = false;
      for (let at = 0; at < text.length; at += 1) {
        const char = text[at];
        if (inString) {
          out += char;
          if (char === "\\") out += text[++at] ?? "";
          else if (char === '"') inString = false;
          continue;
        }
        if (char === '"') inString = true;
        const literal = ["-Infinity", "Infinity", "NaN"].find((word) => text.startsWith(word, at));
        if (literal === undefined) out += char;
        else {
          out += JSON.stringify(mark + literal);
          at += literal.length - 1;
        }
      }
      if (out === text) throw strict;
      return JSON.parse(out, (_key, value) =>
        typeof value === "string" && value.startsWith(mark) ? Number(value.slice(mark.length)) : value,
      );
    }
  }

  // ignoreBOM keeps a leading byte-order mark in the text, where JSON.parse refuses it.
  const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: Boolean(choices.refusesByteOrderMark) });

  function parseFrame(line) {
    let message;
    try {
      const text = typeof line === "string" ? line : strictUtf8.decode(line);
      message = choices.readsNonFiniteLiterals ? parseWithNonFinite(text) : JSON.parse(text);
    } catch (error) {
      throw new ProtocolError("malformed-frame", { what: say("malformed frame", "not JSON") }, { cause: error });
    }
    if (!isObject(message) || message.jsonrpc !== "2.0")
      throw new ProtocolError("not-json-rpc", { what: say("not a JSON-RPC 2.0 message", "not JSON-RPC") });
    return message;
  }

  function checkInitialize(result, version = PROTOCOL_VERSION) {
    if (result.protocolVersion !== version)
      throw new ProtocolError("version", {
        what: say(`server speaks ${result.protocolVersion}, not ${version}`, "version"),
      });
    if (!isObject(result.capabilities))
      throw new ProtocolError("capabilities", { what: say("no capabilities object", "capabilities") });
    // The chapter's own test is `"tools" in capabilities`: any value offers tools.
    if (choices.toolsKeyOnly ? !Object.hasOwn(result.capabilities, "tools") : !isObject(result.capabilities.tools))
      throw new ProtocolError("capabilities", { what: say("server does not offer tools", "no tools") });
    const info = result.serverInfo;
    if (info !== undefined && !(isObject(info) && typeof info.name === "string" && typeof info.version === "string"))
      throw new ProtocolError("bad-response", { what: say("malformed serverInfo", "serverInfo") });
    // The chapter's check_initialize returns the capabilities; what a passing check returns is free.
    return choices.checkInitializeReturnsCapabilities ? result.capabilities : result;
  }

  function checkTools(result, limit = TOOL_LIMIT) {
    // The chapter's own test is `if result.get("nextCursor")`: only a truthy cursor is a further page.
    if (choices.cursorByTruth ? result.nextCursor : result.nextCursor !== undefined && result.nextCursor !== null)
      throw new ProtocolError("catalog", {
        what: say("paginated tool lists are outside this client's bounds", "paged"),
      });
    const tools = result.tools;
    if (!Array.isArray(tools) || tools.length > limit)
      throw new ProtocolError("catalog", { what: say(`tool list missing or longer than ${limit}`, "tool list") });
    const names = new Set();
    for (const tool of tools) {
      const name = isObject(tool) ? tool.name : undefined;
      if (typeof name !== "string" || name === "" || names.has(name))
        throw new ProtocolError("catalog", { what: say(`invalid or duplicate tool name ${name}`, "tool name") });
      names.add(name);
      const schema = tool.inputSchema;
      if (!isObject(schema) || schema.type !== "object")
        throw new ProtocolError("catalog", { what: say(`tool ${name} lacks an object input schema`, "schema") });
    }
    return choices.toolsCopied ? tools.map((tool) => ({ ...tool })) : tools;
  }

  function resultText(result) {
    if (!Array.isArray(result.content))
      throw new ProtocolError("bad-response", { what: say("result has no content array", "no content") });
    const texts = [];
    for (const item of result.content) {
      if (!isObject(item) || item.type !== "text") continue;
      if (typeof item.text !== "string")
        throw new ProtocolError("bad-response", { what: say("text item has no text", "no text") });
      texts.push(item.text);
    }
    // The chapter never shows result_text: how the items are joined is the learner's (textSeparator).
    const text = texts.join(choices.textSeparator ?? "\n");
    if (result.isError === true) throw new ToolError(text, { what: say(`the tool reported failure: ${text}`, text) });
    return text;
  }

  function topTools(request, tools, score, m) {
    if (!Number.isInteger(m) || m < 0) throw new UsageError("count", { what: say("m out of range", "bad m") });
    const texts = tools.map((tool) => `${tool.name.replaceAll("_", " ")}. ${tool.description ?? ""}`);
    const scores = score(request, texts);
    if (
      !Array.isArray(scores) ||
      scores.length !== tools.length ||
      scores.some((s) => typeof s !== "number" || Number.isNaN(s))
    )
      throw new UsageError("scores", { what: say("one number per tool expected", "bad scores") });
    if (choices.topToolsSortsCopy) {
      // A copy of the catalog, sorted: Array.prototype.sort is stable, so equal scores keep catalog order.
      const scoreOf = new Map(tools.map((tool, index) => [tool, scores[index]]));
      return [...tools].sort((a, b) => scoreOf.get(b) - scoreOf.get(a)).slice(0, m);
    }
    const order = tools.map((_, index) => index).sort((i, j) => scores[j] - scores[i] || i - j);
    return order.slice(0, m).map((index) => tools[index]);
  }

  const bounded = (timeoutMs) => typeof timeoutMs === "number" && timeoutMs > 0 && timeoutMs <= 60_000;
  const unbounded = (timeoutMs) =>
    new UsageError("timeout", { what: say(`timeoutMs ${timeoutMs} is not in (0, 60000]`, "timeout") });

  class StdioClient {
    constructor(command, options = {}) {
      if (!Array.isArray(command) || command.length === 0)
        throw new UsageError("command", { what: say("an explicit server command is required", "no command") });
      this.timeoutMs = options.timeoutMs ?? 5000;
      if (!choices.timeoutCheckedAtConnect && !bounded(this.timeoutMs)) throw unbounded(this.timeoutMs);
      this.frameLimit = options.frameLimit ?? FRAME_LIMIT;
      const names = [...(options.allowed ?? [])];
      this.allowed = choices.allowlistArray
        ? names
        : choices.allowlistMap
          ? new Map(names.map((name) => [name, true]))
          : choices.allowlistOwnKeys
            ? Object.fromEntries(names.map((name) => [name, true]))
            : new Set(names);
      this.catalog = choices.catalogObject ? Object.create(null) : new Map();
      this.listed = false;
      this.ready = false;
      this.unusable = undefined;
      this.timedOut = new Set();
      this.counter = choices.idsFromZero ? -(choices.idStep ?? 1) : 0;
      this.reader = new FrameReader(this.frameLimit);
      this.pending = [];
      this.waiters = [];
      this.ended = undefined;
      const [file, ...args] = command;
      const env = options.env ?? { PATH: process.env.PATH ?? "" };
      this.child = spawn(file, args, {
        stdio: ["pipe", "pipe", choices.drainStderr ? "pipe" : "ignore"],
        env,
        detached: true, // a process group of its own, so close() can end what it starts
        shell: false,
      });
      if (choices.drainStderr) this.child.stderr.resume(); // diagnostics are the server's, never protocol
      this.exited = new Promise((resolve) =>
        this.child.once("exit", (code, signal) =>
          resolve(code ?? (choices.statusAsNumber ? -signalNumber(signal) : signal)),
        ),
      );
      this.child.once("error", (error) => this.stop(new ClosedError("spawn-failed", { what: error.message })));
      this.child.once("exit", () =>
        this.stop(new ClosedError("server-exited", { what: say("the server exited", "gone") })),
      );
      this.child.stdin.on("error", () => undefined);
      this.child.stdout.on("data", (chunk) => {
        try {
          this.pending.push(...this.reader.feed(chunk));
          // Frames that came before an overlong line are read first; the refusal follows them.
          if (this.reader.pendingRefusal) this.stop(tooLong(this.frameLimit));
        } catch (error) {
          this.stop(error);
        }
        this.wake();
      });
    }

    get pid() {
      return this.child.pid;
    }

    stop(error) {
      this.ended ??= error;
      this.wake();
    }

    wake() {
      for (const waiter of this.waiters.splice(0)) waiter();
    }

    /** The next whole frame by `deadline` (ms since the epoch), or why there is none. */
    async nextLine(deadline) {
      for (;;) {
        if (this.pending.length > 0) return this.pending.shift();
        if (this.ended) throw this.ended;
        const left = deadline - Date.now();
        if (left <= 0) throw new DeadlineError("deadline", { what: say("response deadline passed", "too late") });
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, left);
          this.waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    }

    write(message) {
      this.child.stdin.write(encodeFrame(message, this.frameLimit));
    }

    nextId() {
      this.counter += choices.idStep ?? 1;
      return choices.stringIds ? `lucy-${this.counter}` : this.counter;
    }

    async request(method, params) {
      if (this.unusable) throw this.unusable;
      const id = this.nextId();
      const deadline = Date.now() + this.timeoutMs;
      try {
        this.write(requestMessage(id, method, params));
        let skipped = 0;
        for (;;) {
          const message = parseFrame(await this.nextLine(deadline));
          if (typeof message.method === "string" && "id" in message) {
            // A request of the server's own gets exactly one response with its id.
            this.write(
              message.method === "ping"
                ? { jsonrpc: "2.0", id: message.id, result: {} }
                : { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "Method not found" } },
            );
            if (choices.serverRequestsNotCounted) continue;
          } else if (!("method" in message) && this.timedOut.has(message.id)) {
            // The late reply of a request that ran out of time answers nothing we wait for.
            this.timedOut.delete(message.id);
          } else {
            const result = answerFor(id, message);
            if (result !== null && result !== undefined) return result;
          }
          skipped += 1;
          if (skipped > SKIP_LIMIT)
            throw new ProtocolError("too-many-messages", {
              what: say(`${skipped} messages before the reply`, "chatty"),
            });
        }
      } catch (error) {
        if (error instanceof DeadlineError) {
          this.timedOut.add(id);
          // Fail-closed: after a deadline the stream may still hold the late reply, so the session ends here.
          if (choices.failClosed)
            this.unusable = new ClosedError("unusable", {
              what: say("a call ran out of time: the session is closed", "closed"),
            });
        } else if (error instanceof ProtocolError) {
          // The stream is confused (or the reader refused a line): nothing more is read from it.
          this.unusable = new ClosedError("unusable", { what: say("the stream broke the protocol", "broken") });
        }
        throw error;
      }
    }

    async initialize() {
      if (this.ready) throw new RefusedError("already-initialized", { what: say("initialize() ran already", "twice") });
      if (!bounded(this.timeoutMs)) throw unbounded(this.timeoutMs);
      const result = await this.request("initialize", {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: choices.ownWording
          ? { name: "fair-lucy", version: "0.0.1" }
          : { name: "lucy-learner", version: "1" },
      });
      checkInitialize(result);
      this.write(notificationMessage("notifications/initialized"));
      this.ready = true;
      if (choices.initializeListsTools) await this.discover();
      return choices.initializeReturnsCapabilities ? result.capabilities : result;
    }

    async discover() {
      const tools = checkTools(await this.request("tools/list", {}));
      for (const tool of tools) {
        if (choices.catalogObject) this.catalog[tool.name] = tool;
        else this.catalog.set(tool.name, tool);
      }
      this.listed = true;
      return tools;
    }

    requireReady() {
      if (!this.ready)
        throw new RefusedError("not-initialized", { what: say("the handshake has not happened", "not ready") });
    }

    async listTools() {
      this.requireReady();
      if (choices.initializeListsTools && this.listed) return this.tools();
      return this.discover();
    }

    tools() {
      return choices.catalogObject ? Object.values(this.catalog) : [...this.catalog.values()];
    }

    isAllowed(name) {
      if (choices.allowlistArray) return this.allowed.includes(name);
      // A plain object answers to its prototype's names too: only its own keys are the allowlist.
      if (choices.allowlistOwnKeys) return Object.hasOwn(this.allowed, name);
      return this.allowed.has(name);
    }

    isAdvertised(name) {
      return choices.catalogObject ? Object.hasOwn(this.catalog, name) : this.catalog.has(name);
    }

    allowedTools() {
      return this.tools().filter((tool) => this.isAllowed(tool.name));
    }

    async callTool(name, args = {}) {
      this.requireReady();
      const checks = [
        () => this.isAllowed(name) || new RefusedError("not-allowed", { what: say(`${name} is not allowed`, name) }),
        () =>
          this.isAdvertised(name) ||
          new RefusedError("not-advertised", { what: say(`${name} was not advertised`, name) }),
      ];
      if (choices.advertisedCheckedFirst) checks.reverse();
      for (const check of checks) {
        const refusal = check();
        if (refusal !== true) throw refusal;
      }
      if (choices.refuseNonObjectArguments && !isObject(args))
        throw new RefusedError("bad-arguments", { what: say("tool arguments must be an object", "arguments") });
      // MCP 2025-06-18 makes a call's arguments optional: empty ones may be left out.
      const empty = choices.emptyArgumentsOmitted && isObject(args) && Object.keys(args).length === 0;
      return resultText(await this.request("tools/call", empty ? { name } : { name, arguments: args }));
    }

    /** The chapter's close: end the input, wait `grace`, then SIGTERM and SIGKILL to the whole group. */
    async close() {
      this.unusable ??= new ClosedError("client-closed", { what: say("the client was closed", "closed") });
      this.child.stdin.end();
      const grace = choices.graceMs ?? 1000;
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, grace))]);
      for (const signal of ["SIGTERM", "SIGKILL"]) {
        try {
          process.kill(-this.child.pid, signal);
        } catch {
          break; // the group is gone
        }
        if (signal === "SIGTERM") await new Promise((resolve) => setTimeout(resolve, choices.termToKillMs ?? 50));
      }
      return this.exited;
    }
  }

  return {
    PROTOCOL_VERSION,
    requestMessage,
    notificationMessage,
    answerFor,
    encodeFrame,
    FrameReader,
    parseFrame,
    checkInitialize,
    checkTools,
    resultText,
    StdioClient,
    topTools,
  };
}

function signalNumber(signal) {
  return require("node:os").constants.signals[signal] ?? 0;
}

module.exports = { withChoices };
