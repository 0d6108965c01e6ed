// A small, correct stdio MCP client of its own (not the library's StdioClient), written the way a
// learner might: the client-level wrong implementations beside it each switch on exactly one
// mistake. With no mistake it passes every client rule of the checkpoint (test/checkpoint/wrong).
// Where it can, the client asks whether it makes a mistake only at the moment the mistake would
// change what it does: the test records which rules ask about which mistake, and grades a copy only
// by the rules that can tell it from the correct client.
"use strict";
const { spawn } = require("node:child_process");
const wb = require("mcp-workbook");

const MAX_SKIPPED = 16;

/** Every quoted string in the .js files beside the script `command` runs (its argv[1]). */
function namesInServerSource(command) {
  const { readdirSync, readFileSync } = require("node:fs");
  const { dirname, join } = require("node:path");
  const dir = dirname(command[1] ?? "");
  const names = new Set();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".js")))
    for (const match of readFileSync(join(dir, file), "utf8").matchAll(/"([^"\\\n]*)"/gu)) names.add(match[1]);
  return names;
}

/**
 * How each name-folding mistake reads a name before it compares it: two different names it reads
 * alike are one name to it. Each is something a learner might reach for to "tidy" a name.
 */
const NAME_FOLDS = {
  "allowlist-nfkc": (name) => name.normalize("NFKC"),
  "allowlist-case-folded": (name) => name.toLowerCase(),
  "allowlist-trimmed": (name) => name.trim(),
  "allowlist-invisible-stripped": (name) => name.replace(/[\u200b-\u200d\u2060\ufeff]/gu, ""),
  "allowlist-utf8-bytes": (name) => Buffer.from(name, "utf8").toString("hex"),
  "catalog-nfkc": (name) => name.normalize("NFKC"),
};

class SmallClient {
  /** mistakes: a Set of names, each one plausible learner mistake (see the files beside this one). */
  constructor(command, options = {}, mistakes = new Set()) {
    this.mistakes = mistakes;
    this.command = [...command];
    const allowed = options.allowed ?? [];
    // "hard-coded-allowlist" changes nothing for an application that allows word_count alone.
    const onlyWordCount = allowed.length === 1 && allowed[0] === "word_count";
    this.allowed = new Set(!onlyWordCount && mistakes.has("hard-coded-allowlist") ? ["word_count"] : allowed);
    this.timeoutMs = options.timeoutMs ?? 5000;
    // "no-upper-bound": positive and finite is taken as bounded, past the chapter's 60 s.
    // "refuses-the-bound": the chapter's 0 < timeout <= 60 read as < 60 s, so 60 s itself is refused.
    const atTheBound = this.timeoutMs === 60_000 && mistakes.has("refuses-the-bound");
    // "bound-fraction-taken": the upper bound checked on the timeout rounded down, so 60000.5 passes.
    const pastByAFraction = this.timeoutMs > 60_000 && this.timeoutMs < 60_001 && mistakes.has("bound-fraction-taken");
    const bounded =
      (this.timeoutMs <= 60_000 && !atTheBound) ||
      pastByAFraction ||
      (Number.isFinite(this.timeoutMs) && mistakes.has("no-upper-bound"));
    // "sub-ms-refused": a timeout must be a whole millisecond or more, so 0.5 ms (more than 0) is refused.
    const underAMs = this.timeoutMs > 0 && this.timeoutMs < 1 && mistakes.has("sub-ms-refused");
    if (!(this.timeoutMs > 0 && bounded && !underAMs) && !mistakes.has("unbounded-timeout"))
      // "options-reason": refused, but for a reason that names no timeout (the option's whole object).
      throw new wb.UsageError(mistakes.has("options-reason") ? "options" : "timeout", {
        what: `timeoutMs ${this.timeoutMs}`,
        expected: "a number of ms in (0, 60000]",
      });
    this.frameLimit = mistakes.has("no-frame-limit")
      ? Number.MAX_SAFE_INTEGER
      : (options.frameLimit ?? wb.DEFAULT_FRAME_LIMIT);
    this.catalog = new Map();
    this.ready = false;
    this.lastId = 0;
    const env = mistakes.has("whole-environment")
      ? { ...process.env }
      : (options.env ?? { PATH: process.env.PATH ?? "" });
    const [file, ...args] = this.command;
    this.child = spawn(file, args, { stdio: ["pipe", "pipe", "ignore"], env, detached: true, shell: false });
    this.reader = new wb.FrameReader(this.frameLimit);
    this.frames = [];
    this.waiters = [];
    this.ended = undefined;
    this.exited = new Promise((resolve) => this.child.once("exit", (code, signal) => resolve(code ?? signal)));
    this.child.once("exit", () =>
      this.fail(new wb.ClosedError("server-exited", { what: "the server exited", expected: "a reply" })),
    );
    this.child.stdin.on("error", () => undefined);
    this.child.stdout.on("data", (chunk) => {
      try {
        this.frames.push(...this.reader.feed(chunk));
      } catch (error) {
        this.fail(error);
        return;
      }
      this.wake();
    });
  }

  get pid() {
    return this.child.pid;
  }

  fail(error) {
    this.ended ??= error;
    this.wake();
  }

  wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** The next frame, or the reason there is none, by `deadline` (ms since epoch). */
  async nextFrame(deadline) {
    for (;;) {
      if (this.frames.length > 0) return this.frames.shift();
      if (this.ended) throw this.ended;
      const left = deadline - Date.now();
      // "stretches-long-timeouts": a timeout of 5 s or more quietly becomes 60 s (asked once it runs out).
      if (left <= 0 && this.timeoutMs >= 5000 && !this.stretched && this.mistakes.has("stretches-long-timeouts")) {
        this.stretched = true;
        deadline += 60_000 - this.timeoutMs;
        continue;
      }
      if (left <= 0)
        throw new wb.DeadlineError("deadline", {
          what: "no reply in time",
          expected: `a reply within ${this.timeoutMs} ms`,
        });
      const woken = await new Promise((resolve) => {
        // A deadline of Infinity ("list-unbounded") waits with no timer at all.
        const timer = Number.isFinite(left) ? setTimeout(() => resolve(false), left) : undefined;
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      // Asked only when woken by part of a line: a whole frame is returned before the timer matters.
      if (woken && this.frames.length === 0 && this.mistakes.has("timer-per-read"))
        deadline = Date.now() + this.timeoutMs;
      // "list-timer-per-read": the same, on discovery's reads alone (asked only while tools/list waits).
      if (
        woken &&
        this.frames.length === 0 &&
        this.waitingOn === "tools/list" &&
        this.mistakes.has("list-timer-per-read")
      )
        deadline = Date.now() + this.timeoutMs;
    }
  }

  /** The deadline an operation gets; each mistake asked only where it would change it. */
  deadlineMs(method) {
    let ms = this.timeoutMs;
    // "clamps-timeout": the timeout held within "sane" bounds of its own, [1 s, 10 s].
    if ((ms < 1000 || ms > 10_000) && this.mistakes.has("clamps-timeout")) ms = Math.min(Math.max(ms, 1000), 10_000);
    // "bound-as-default": the chapter's bound, 60 s, read as "no timeout given": the default 5 s.
    if (ms === 60_000 && this.mistakes.has("bound-as-default")) ms = 5000;
    // "handshake-default-deadline": the handshake waits the default 5 s, whatever the timeout.
    if (method === "initialize" && ms !== 5000 && this.mistakes.has("handshake-default-deadline")) ms = 5000;
    // "handshake-double-deadline": the handshake gets twice the timeout, for a server slow to start.
    if (method === "initialize" && this.mistakes.has("handshake-double-deadline")) ms *= 2;
    // "list-unbounded": discovery waits as long as the catalog takes, with no deadline.
    if (method === "tools/list" && this.mistakes.has("list-unbounded")) ms = Infinity;
    return ms;
  }

  /** The result a ping gets: the empty object, unless a mistake invents one. */
  pingResult() {
    if (this.mistakes.has("ping-pong")) return "pong";
    return this.mistakes.has("ping-result-members") ? { pong: true } : {};
  }

  write(message) {
    this.child.stdin.write(wb.encodeFrame(message, this.frameLimit));
  }

  async request(method, params = {}) {
    try {
      return await this.exchange(method, params);
    } catch (error) {
      // "id-moves-on-reply": the id counter moves on only when a reply is taken, so a refused or
      // timed-out request's id goes to the next request.
      if (this.mistakes.has("id-moves-on-reply")) this.lastId -= 1;
      throw error;
    }
  }

  async exchange(method, params) {
    this.lastId += 1;
    const id = this.mistakes.has("one-id") ? 1 : this.lastId;
    // "fraction-throws": the deadline made with AbortSignal.timeout, which takes whole ms only, so a
    // timeout of 1500.5 ms throws its RangeError (asked of a fractional timeout alone).
    if (!Number.isInteger(this.timeoutMs) && this.mistakes.has("fraction-throws")) AbortSignal.timeout(this.timeoutMs);
    this.write(wb.requestMessage(id, method, params));
    this.waitingOn = method;
    // deadline-stretched: one deadline per operation, but three times the one given.
    let deadline = Date.now() + this.deadlineMs(method) * (this.mistakes.has("deadline-stretched") ? 3 : 1);
    let skipped = 0;
    this.skippedInSession ??= 0;
    for (;;) {
      const message = wb.parseFrame(await this.nextFrame(deadline));
      // "ignores-server-requests": the server's ping is skipped like a notification (asked of pings alone).
      // "ping-id-truthy": a ping is told from a notification by the truth of its id, so id 0 or "" is skipped.
      const ignored =
        message.method === "ping" &&
        (this.mistakes.has("ignores-server-requests") || (!message.id && this.mistakes.has("ping-id-truthy")));
      if (typeof message.method === "string" && "id" in message && !ignored) {
        this.write({
          // "refusal-without-jsonrpc": the error reply to a request it does not serve leaves out jsonrpc "2.0".
          ...(message.method !== "ping" && this.mistakes.has("refusal-without-jsonrpc") ? {} : { jsonrpc: "2.0" }),
          // "refusal-id-as-string": the error reply to a request it does not serve carries String(id): 0 comes back "0".
          id: message.method !== "ping" && this.mistakes.has("refusal-id-as-string") ? String(message.id) : message.id,
          // "ping-pong": the ping answered with a result of its own invention, not the empty object.
          // "ping-result-members": the ping answered with an object that has a member, { pong: true }.
          // "answers-every-request": any request the server sends gets an empty result, as ping's does.
          // "refusal-without-message": the error of a refusal carries its code alone, no message.
          ...(message.method === "ping" || this.mistakes.has("answers-every-request")
            ? { result: this.pingResult() }
            : {
                error: this.mistakes.has("refusal-without-message")
                  ? { code: -32601 }
                  : { code: -32601, message: "Method not found" },
              }),
        });
        // "restarts-on-ping": answering the server's own request starts the deadline afresh.
        if (this.mistakes.has("restarts-on-ping")) deadline = Date.now() + this.deadlineMs(method);
      }
      const result = wb.answerFor(id, message);
      if (result !== null) return result;
      // "counts-log-only": only notifications/message is counted; other methods pass uncounted.
      if (message.method !== "notifications/message" && this.mistakes.has("counts-log-only")) continue;
      // "skips-restart-at-ping": the count starts again after each ping from the server.
      if (message.method === "ping" && this.mistakes.has("skips-restart-at-ping")) skipped = -1;
      skipped += 1;
      this.skippedInSession += 1;
      // "skips-counted-per-session": the bound is kept for the whole session, not for each reply
      // (asked only once an earlier reply had messages skipped before it: only then does it differ).
      if (this.skippedInSession > skipped && this.mistakes.has("skips-counted-per-session"))
        skipped = this.skippedInSession;
      // "skip-bound-off-by-one": counted with >=, so the sixteenth is refused; "skips-seventeen": the
      // reply counted among the skipped, so a seventeenth is skipped too (each asked only at its count).
      const tooMany =
        (skipped > MAX_SKIPPED && !(skipped === MAX_SKIPPED + 1 && this.mistakes.has("skips-seventeen"))) ||
        (skipped === MAX_SKIPPED && this.mistakes.has("skip-bound-off-by-one"));
      if (tooMany)
        throw new wb.ProtocolError("too-many-messages", {
          what: `${skipped} messages before the reply`,
          expected: `at most ${MAX_SKIPPED}`,
        });
    }
  }

  async initialize() {
    const result = await this.request("initialize", {
      protocolVersion: this.mistakes.has("asks-older-version") ? "2024-11-05" : wb.PROTOCOL_VERSION,
      // "declares-sampling": sampling and roots declared, as a richer client would, though none is served.
      capabilities: this.mistakes.has("declares-sampling") ? { sampling: {}, roots: { listChanged: false } } : {},
      clientInfo: { name: "small-client", version: "1" },
    });
    try {
      this.server = wb.checkInitialize(result);
    } catch (error) {
      // "announces-before-check": notifications/initialized goes out before the result is checked.
      if (this.mistakes.has("announces-before-check")) this.write(wb.notificationMessage("notifications/initialized"));
      throw error;
    }
    if (!this.mistakes.has("initialized-after-list")) this.write(wb.notificationMessage("notifications/initialized"));
    this.ready = true;
    return this.server;
  }

  requireReady() {
    if (!this.ready && !this.mistakes.has("no-handshake-guard"))
      throw new wb.RefusedError("not-initialized", {
        what: "the handshake has not happened",
        expected: "initialize() first",
      });
  }

  async listTools() {
    this.requireReady();
    // "list-asks-for-progress": discovery asks the server for progress notifications it only skips.
    const params = this.mistakes.has("list-asks-for-progress") ? { _meta: { progressToken: "list" } } : {};
    const tools = wb.checkTools(await this.request("tools/list", params));
    // "list-refuses-full-catalog": discovery counts the tools itself, one short: exactly the limit is refused.
    if (tools.length >= wb.MAX_TOOLS && this.mistakes.has("list-refuses-full-catalog"))
      throw new wb.ProtocolError("catalog", {
        what: `the server lists ${tools.length} tools`,
        expected: `fewer than ${wb.MAX_TOOLS}`,
      });
    if (this.mistakes.has("initialized-after-list")) this.write(wb.notificationMessage("notifications/initialized"));
    this.catalog = new Map(tools.map((tool) => [tool.name, tool]));
    this.listed = true;
    return tools;
  }

  allowedTools() {
    // "lists-the-allowlist": the allowlist's names, whether or not the server advertised them.
    if (this.mistakes.has("lists-the-allowlist"))
      return [...this.allowed].map((name) => this.catalog.get(name) ?? { name });
    return [...this.catalog.values()].filter((tool) => this.isAllowed(tool.name));
  }

  isAllowed(name) {
    // "allowlist-assigned-object": the allowlist built by assigning keys to a plain object, so
    // `__proto__`, allowed, is never one of its own keys (the assignment set its prototype).
    if (name === "__proto__" && this.mistakes.has("allowlist-assigned-object")) return false;
    if (this.allowed.has(name)) return true;
    // "allowlist-nfkc", "allowlist-case-folded", ...: names compared as NAME_FOLDS reads them.
    for (const [mistake, fold] of Object.entries(NAME_FOLDS))
      if (mistake.startsWith("allowlist-") && this.readAlike(this.allowed, name, fold) && this.mistakes.has(mistake))
        return true;
    // "allowlist-plain-object": the allowlist kept as a plain object's keys, so a name its prototype
    // answers to (constructor, __proto__, toString) reads as allowed.
    if (name in {} && this.mistakes.has("allowlist-plain-object")) return true;
    // "allowlist-source-names": the allowlist enforced only for the names found in the teaching
    // server's source (the files beside the command's script); any other name is let through.
    if (!namesInServerSource(this.command).has(name) && this.mistakes.has("allowlist-source-names")) return true;
    // "empty-allowlist-open": an empty allowlist read as "no restriction".
    if (this.allowed.size === 0 && this.mistakes.has("empty-allowlist-open")) return true;
    // "allowlist-prefix": an allowed name lets through every name that starts with it.
    return [...this.allowed].some((entry) => name.startsWith(entry)) && this.mistakes.has("allowlist-prefix");
  }

  /** Whether `fold` reads `name` as one of `names`. */
  readAlike(names, name, fold) {
    return [...names].some((each) => fold(each) === fold(name));
  }

  /** Why a call of `name` is refused before anything is sent, or undefined. */
  refusalOf(name) {
    if (!this.isAllowed(name))
      return new wb.RefusedError("not-allowed", { what: `${name} is not allowed`, expected: "an allowed tool" });
    // "callable-before-discovery": before listTools() the catalog is read as "not checked yet".
    if (!this.listed && this.mistakes.has("callable-before-discovery")) return undefined;
    // "empty-catalog-open": an empty catalog, even the one discovery gave, is read as "not checked yet".
    if (this.listed && this.catalog.size === 0 && this.mistakes.has("empty-catalog-open")) return undefined;
    // "catalog-plain-object": the catalog kept as a plain object's keys, so a name its prototype
    // answers to (toString) reads as advertised.
    const advertised =
      this.catalog.has(name) ||
      (name in {} && this.mistakes.has("catalog-plain-object")) ||
      // "catalog-nfkc": the catalog's names compared after NFKC, so a look-alike of an advertised name reads as advertised.
      (this.readAlike(this.catalog.keys(), name, NAME_FOLDS["catalog-nfkc"]) && this.mistakes.has("catalog-nfkc"));
    if (!advertised && !this.mistakes.has("allowlist-only"))
      return new wb.RefusedError(this.mistakes.has("one-refusal-reason") ? "not-allowed" : "not-advertised", {
        what: `${name} was not advertised`,
        expected: "an advertised tool",
      });
    return undefined;
  }

  async callTool(name, args = {}) {
    this.requireReady();
    const refusal = this.refusalOf(name);
    if (refusal !== undefined) {
      // "pings-before-refusal": a call the allowlist refuses first pings the server, to say in the
      // refusal whether it is still there: a request beside a refused call.
      if (refusal.reason === "not-allowed" && this.mistakes.has("pings-before-refusal"))
        await this.request("ping", {}).catch(() => undefined);
      // "refuses-after-sending": the call is refused only after it was sent (an advertised tool).
      if (this.catalog.has(name) && this.mistakes.has("refuses-after-sending")) {
        this.request("tools/call", { name, arguments: args }).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw refusal;
    }
    // "checks-required-arguments": a call missing a member the tool's schema requires is refused
    // before sending, though judging arguments is the server's (its answer never comes).
    const required = this.catalog.get(name)?.inputSchema?.required;
    const missing = Array.isArray(required) ? required.filter((key) => !Object.hasOwn(Object(args), key)) : [];
    if (missing.length > 0 && this.mistakes.has("checks-required-arguments"))
      throw new wb.RefusedError("bad-arguments", { what: `${name} needs ${missing.join(", ")}` });
    // "fills-schema-const": each member the caller left out whose schema gives a const added with
    // that value ("it can only be that"), so the server gets arguments the caller never gave.
    const properties = Object(this.catalog.get(name)?.inputSchema?.properties);
    const fixed = Object.keys(properties).filter(
      (key) => Object(properties[key]).const !== undefined && !Object.hasOwn(Object(args), key),
    );
    if (fixed.length > 0 && this.mistakes.has("fills-schema-const"))
      args = { ...args, ...Object.fromEntries(fixed.map((key) => [key, properties[key].const])) };
    // "drops-null-arguments": members whose value is null left out of the call, as if they said nothing.
    if (this.mistakes.has("drops-null-arguments"))
      args = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
    // "undefined-arguments-as-null": arguments whose every member is undefined sent as null
    // ("nothing set, so no arguments"), where JSON writes them as {}.
    const allUnset = Object.keys(Object(args)).length > 0 && Object.values(args).every((value) => value === undefined);
    if (allUnset && this.mistakes.has("undefined-arguments-as-null")) args = null;
    let result;
    try {
      result = await this.request("tools/call", { name, arguments: args });
    } catch (error) {
      // "error-response-as-text": the server's error response handed back as the call's text.
      if (error instanceof wb.ServerError && this.mistakes.has("error-response-as-text"))
        return `error: ${error.message}`;
      // "retries-server-error": an error response, and the same call goes out once more before the
      // error is raised (the tool may run twice).
      if (error instanceof wb.ServerError && this.mistakes.has("retries-server-error"))
        return wb.resultText(await this.request("tools/call", { name, arguments: args }));
      // "resends-after-refusal": a refused reply, and the call goes out once more (the tool runs twice).
      if (error instanceof wb.ProtocolError && this.mistakes.has("resends-after-refusal")) {
        this.lastId += 1;
        this.write(wb.requestMessage(this.lastId, "tools/call", { name, arguments: args }));
      }
      throw error;
    }
    return wb.resultText(result);
  }

  async close() {
    const pid = this.child.pid;
    // "says-goodbye": a shutdown request and an exit notification before the input ends (MCP has neither).
    if (this.mistakes.has("says-goodbye") && this.child.stdin.writable) {
      this.lastId += 1;
      this.write(wb.requestMessage(this.lastId, "shutdown", {}));
      this.write(wb.notificationMessage("exit"));
    }
    if (this.mistakes.has("signal-first")) {
      if (pid !== undefined) await wb.endProcessGroup(pid, 500);
      return this.exited;
    }
    this.child.stdin.end();
    if (this.mistakes.has("no-grace")) {
      // The signal at once, before any look at the group: on a busy machine a slow look (a scan of
      // /proc) is itself a moment, and the server gone by then would hide the mistake.
      if (pid !== undefined) {
        try {
          process.kill(-pid, "SIGTERM");
        } catch {
          // already gone
        }
        await wb.endProcessGroup(pid, 500);
      }
      return this.exited;
    }
    const status = await Promise.race([
      this.exited,
      // "grace-50ms": a grace of 50 ms, shorter than any moment a server may take to leave.
      new Promise((resolve) => setTimeout(() => resolve("timeout"), this.mistakes.has("grace-50ms") ? 50 : 1000)),
    ]);
    // "kills-only-the-server" changes nothing once the server has exited and left no one in its group.
    const groupLeft = status === "timeout" || (pid !== undefined && !wb.groupIsEmpty(pid));
    if (groupLeft && this.mistakes.has("kills-only-the-server")) {
      // SIGTERM, then SIGKILL, as it should: but to the server alone, never to its group.
      if (status === "timeout") {
        this.child.kill("SIGTERM");
        const ended = await Promise.race([
          this.exited.then(() => true),
          new Promise((resolve) => setTimeout(() => resolve(false), 500)),
        ]);
        if (!ended) this.child.kill("SIGKILL");
      }
      return this.exited;
    }
    // "term-to-leader-only": SIGTERM to the server's pid alone, a pause, then SIGKILL to the whole group,
    // so the rest of the group meets SIGKILL without SIGTERM first.
    if (groupLeft && pid !== undefined && this.mistakes.has("term-to-leader-only")) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // the server already left
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      wb.signalGroup(pid, "SIGKILL");
      return this.exited;
    }
    // "kill-without-term": a server still there after the grace is SIGKILLed at once, never sent SIGTERM.
    if (status === "timeout" && pid !== undefined && this.mistakes.has("kill-without-term")) {
      wb.signalGroup(pid, "SIGKILL");
      return this.exited;
    }
    if (pid !== undefined) await wb.endProcessGroup(pid, 500);
    return this.exited;
  }
}

/** The library's names with a StdioClient of its own that makes `mistakes`. */
function withMistakes(...mistakes) {
  const set = new Set(mistakes);
  class StdioClient extends SmallClient {
    /** The mistakes this client makes (the test grades it by the rules that ask about them). */
    static mistakes = set;
    constructor(command, options) {
      super(command, options, set);
    }
  }
  return { ...wb, StdioClient };
}

module.exports = { SmallClient, withMistakes };
