// A small, correct stdio MCP client of its own (not the library's StdioClient), written the way a
// learner might: the client-level wrong implementations beside it each switch on exactly one
// mistake. With no mistake it passes every client rule of the checkpoint (test/checkpoint/wrong).
"use strict";
const { spawn } = require("node:child_process");
const wb = require("mcp-workbook");

const MAX_SKIPPED = 16;

class SmallClient {
  /** mistakes: a Set of names, each one plausible learner mistake (see the files beside this one). */
  constructor(command, options = {}, mistakes = new Set()) {
    this.mistakes = mistakes;
    this.command = [...command];
    this.allowed = new Set(mistakes.has("hard-coded-allowlist") ? ["word_count"] : (options.allowed ?? []));
    this.timeoutMs = options.timeoutMs ?? 5000;
    if (!mistakes.has("unbounded-timeout") && !(Number.isFinite(this.timeoutMs) && this.timeoutMs > 0))
      // "options-reason": refused, but for a reason that names no timeout (the option's whole object).
      throw new wb.UsageError(mistakes.has("options-reason") ? "options" : "timeout", {
        what: `timeoutMs ${this.timeoutMs}`,
        expected: "a positive, finite number",
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
      if (left <= 0)
        throw new wb.DeadlineError("deadline", {
          what: "no reply in time",
          expected: `a reply within ${this.timeoutMs} ms`,
        });
      const woken = await new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      if (woken && this.mistakes.has("timer-per-read")) deadline = Date.now() + this.timeoutMs;
    }
  }

  write(message) {
    this.child.stdin.write(wb.encodeFrame(message, this.frameLimit));
  }

  async request(method, params = {}) {
    this.lastId += 1;
    const id = this.mistakes.has("one-id") ? 1 : this.lastId;
    this.write(wb.requestMessage(id, method, params));
    const deadline = Date.now() + this.timeoutMs;
    let skipped = 0;
    for (;;) {
      const message = wb.parseFrame(await this.nextFrame(deadline));
      if (typeof message.method === "string" && "id" in message && !this.mistakes.has("ignores-server-requests")) {
        this.write({
          jsonrpc: "2.0",
          id: message.id,
          ...(message.method === "ping" ? { result: {} } : { error: { code: -32601, message: "Method not found" } }),
        });
      }
      const result = wb.answerFor(id, message);
      if (result !== null) return result;
      skipped += 1;
      const tooMany = this.mistakes.has("skip-bound-off-by-one") ? skipped >= MAX_SKIPPED : skipped > MAX_SKIPPED;
      if (tooMany)
        throw new wb.ProtocolError("too-many-messages", {
          what: `${skipped} messages before the reply`,
          expected: `at most ${MAX_SKIPPED}`,
        });
    }
  }

  async initialize() {
    const result = await this.request("initialize", {
      protocolVersion: wb.PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: "small-client", version: "1" },
    });
    this.server = wb.checkInitialize(result);
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
    const tools = wb.checkTools(await this.request("tools/list"));
    if (this.mistakes.has("initialized-after-list")) this.write(wb.notificationMessage("notifications/initialized"));
    this.catalog = new Map(tools.map((tool) => [tool.name, tool]));
    return tools;
  }

  allowedTools() {
    return [...this.catalog.values()].filter((tool) => this.allowed.has(tool.name));
  }

  async callTool(name, args = {}) {
    this.requireReady();
    const refuse = () => {
      if (!this.allowed.has(name))
        throw new wb.RefusedError("not-allowed", { what: `${name} is not allowed`, expected: "an allowed tool" });
      if (!this.catalog.has(name) && !this.mistakes.has("allowlist-only"))
        throw new wb.RefusedError(this.mistakes.has("one-refusal-reason") ? "not-allowed" : "not-advertised", {
          what: `${name} was not advertised`,
          expected: "an advertised tool",
        });
    };
    if (this.mistakes.has("refuses-after-sending") && this.catalog.has(name)) {
      const sent = this.request("tools/call", { name, arguments: args });
      sent.catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      refuse();
      return wb.resultText(await sent);
    }
    refuse();
    return wb.resultText(await this.request("tools/call", { name, arguments: args }));
  }

  async close() {
    const pid = this.child.pid;
    if (this.mistakes.has("signal-first")) {
      if (pid !== undefined) await wb.endProcessGroup(pid, 500);
      return this.exited;
    }
    this.child.stdin.end();
    const status = await Promise.race([
      this.exited,
      new Promise((resolve) => setTimeout(() => resolve("timeout"), 1000)),
    ]);
    if (this.mistakes.has("kills-only-the-server")) {
      if (status === "timeout") this.child.kill("SIGKILL");
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
    constructor(command, options) {
      super(command, options, set);
    }
  }
  return { ...wb, StdioClient };
}

module.exports = { SmallClient, withMistakes };
