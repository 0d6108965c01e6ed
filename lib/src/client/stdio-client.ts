import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { MAX_SKIPPED_MESSAGES, PROTOCOL_VERSION } from "../protocol/constants.js";
import { encodeFrame } from "../protocol/encode-frame.js";
import { ClosedError } from "../protocol/errors/closed-error.js";
import { ProtocolError } from "../protocol/errors/protocol-error.js";
import { RefusedError } from "../protocol/errors/refused-error.js";
import { WorkbookError } from "../protocol/errors/workbook-error.js";
import { checkInitialize, checkTools, type InitializeResult, type McpTool } from "../protocol/handshake.js";
import { answerFor, isJsonObject, notificationMessage, requestMessage, type JsonObject, type JsonRpcMessage } from "../protocol/messages.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { resultText } from "../protocol/result-text.js";
import { Deadline, raceSignal } from "./deadline.js";
import { FrameChannel } from "./frame-channel.js";
import { resolveOptions, type ResolvedOptions, type StdioClientOptions } from "./options.js";
import { endProcessGroup } from "./process-group.js";

/** How a server ended: its exit code, or the signal that ended it (null if it never started). */
export type ExitStatus = number | NodeJS.Signals | null;

type State = "started" | "ready" | "unusable" | "closed";

const CLIENT_INFO = { name: "mcp-workbook", version: "0.1.0" };

/**
 * One operator-configured MCP server over stdio, asked one thing at a time.
 *
 * The server runs as an explicit argv (no shell) in a process group of its own, with only the
 * environment given (PATH alone by default) and its stderr discarded. Each operation has one
 * deadline for all its writes and reads. A tool runs only if the server advertised it AND the
 * application allowed it; the check happens before any byte is sent. close() ends the input,
 * waits, then signals the whole group, so neither a hung server nor its children outlive it.
 */
export class StdioClient {
  readonly command: readonly string[];
  readonly options: ResolvedOptions;
  /** The application's decision; the server cannot extend it. */
  readonly allowed: ReadonlySet<string>;
  /** What the server said about itself, after initialize(). */
  server: InitializeResult | undefined;

  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly channel: FrameChannel;
  private readonly exited: Promise<ExitStatus>;
  private catalog = new Map<string, McpTool>();
  private state: State = "started";
  private failure: WorkbookError | undefined;
  private nextId = 0;
  private busy = false;
  private closing: Promise<ExitStatus> | undefined;

  constructor(command: readonly string[], options: StdioClientOptions = {}) {
    this.options = resolveOptions(command, options);
    this.command = [...command];
    this.allowed = this.options.allowed;
    const [file, ...args] = this.command as [string, ...string[]];
    this.child = spawn(file, args, {
      stdio: ["pipe", "pipe", "ignore"], // stderr is the server's diagnostics, never protocol
      env: { ...this.options.env },
      cwd: this.options.cwd,
      detached: true, // its own process group, so close() can end its children too
      shell: false,
    });
    this.channel = new FrameChannel(this.child.stdout, this.options.frameLimit);
    this.exited = new Promise<ExitStatus>((resolve) => {
      this.child.once("exit", (code, signal) => resolve(code ?? signal));
      this.child.once("error", () => {
        if (this.child.pid === undefined) resolve(null);
      });
    });
    this.child.once("error", (error) => {
      const reason = this.child.pid === undefined ? "spawn-failed" : "server-exited";
      this.markUnusable(new ClosedError(reason, { what: `server could not be started: ${error.message}`, expected: `a runnable program at ${JSON.stringify(file)}` }, { cause: error }));
    });
    this.child.once("exit", (code, signal) => {
      this.channel.end(new ClosedError("server-exited", { what: `server exited (${code ?? signal})`, expected: "a response" }));
    });
    // A write after the server is gone fails with EPIPE: the waiting read reports it, the process lives on.
    this.child.stdin.on("error", (error) =>
      this.channel.end(new ClosedError("input-closed", { what: `writing to the server failed: ${error.message}`, expected: "a server reading its input" }, { cause: error })),
    );
  }

  /** The server's process id, which is also its process group id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The handshake: agree on the pinned version and on tools, then announce we are ready. */
  async initialize(): Promise<InitializeResult> {
    if (this.state === "ready") throw new RefusedError("not-initialized", { what: "initialize was already done", expected: "one handshake per connection" });
    const result = await this.request("initialize", {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: CLIENT_INFO,
    });
    const server = this.guard(() => checkInitialize(result));
    await this.operation("notifications/initialized", (deadline) => this.write(notificationMessage("notifications/initialized"), deadline));
    this.server = server;
    this.state = "ready";
    return server;
  }

  /** Discovery: the validated list of advertised tools. Advertising grants nothing. */
  async listTools(): Promise<McpTool[]> {
    this.requireReady("listTools");
    const result = await this.request("tools/list", {});
    const tools = this.guard(() => checkTools(result));
    this.catalog = new Map(tools.map((tool) => [tool.name, tool]));
    return tools;
  }

  /** Tools the server advertised AND the application allowed: all a model should be offered. */
  allowedTools(): McpTool[] {
    return [...this.catalog.values()].filter((tool) => this.allowed.has(tool.name));
  }

  /** Calls a tool that is both allowed and advertised, and returns its text. */
  async callTool(name: string, args: JsonObject = {}): Promise<string> {
    if (!this.allowed.has(name)) {
      throw new RefusedError("not-allowed", {
        what: `${JSON.stringify(name)} is not allowed by this application`,
        expected: `one of [${[...this.allowed].join(", ")}]`,
      });
    }
    this.requireReady("callTool");
    if (!this.catalog.has(name)) {
      throw new RefusedError("not-advertised", {
        what: `${JSON.stringify(name)} was not advertised by this server`,
        expected: this.catalog.size === 0 ? "listTools() before callTool()" : `one of [${[...this.catalog.keys()].join(", ")}]`,
      });
    }
    if (!isJsonObject(args)) {
      throw new RefusedError("bad-arguments", { what: `arguments for ${JSON.stringify(name)} are not an object`, expected: "a JSON object", received: typeof args });
    }
    const result = await this.request("tools/call", { name, arguments: args });
    return this.guard(() => resultText(result));
  }

  /**
   * The stdio shutdown: end the server's input, give it `graceMs` to exit, then SIGTERM and,
   * after `termGraceMs`, SIGKILL its whole process group; a grandchild that outlived a clean
   * exit is ended too. Returns the server's exit status. Safe to call twice.
   */
  close(): Promise<ExitStatus> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  // --- internals -------------------------------------------------------------------------

  private async shutdown(): Promise<ExitStatus> {
    this.state = "closed";
    this.channel.end(new ClosedError("client-closed", { what: "the client was closed", expected: "no further operations" }));
    const pid = this.child.pid;
    if (pid === undefined) return this.exited;
    // Nothing more will be read: release the pipe so a server blocked writing to it can exit.
    this.child.stdout.destroy();
    this.child.stdin.end();
    await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, this.options.graceMs).unref())]);
    await endProcessGroup(pid, this.options.termGraceMs);
    return this.exited;
  }

  private requireReady(operation: string): void {
    this.throwIfUnusable();
    if (this.state !== "ready") {
      throw new RefusedError("not-initialized", { what: `${operation} before the handshake`, expected: "await initialize() first" });
    }
  }

  private throwIfUnusable(): void {
    if (this.state === "closed") throw new ClosedError("client-closed", { what: "the client is closed", expected: "a new StdioClient" });
    if (this.failure) {
      throw new ClosedError(
        "unusable",
        { what: `the connection is unusable after an earlier failure (${this.failure.message})`, expected: "close() and a new client" },
        { cause: this.failure },
      );
    }
  }

  /** Runs a check on data that came from the server; a failed check spoils the connection. */
  private guard<T>(check: () => T): T {
    try {
      return check();
    } catch (error) {
      if (error instanceof ProtocolError) this.markUnusable(error);
      throw error;
    }
  }

  private markUnusable(error: WorkbookError): void {
    this.failure ??= error;
    if (this.state !== "closed") this.state = "unusable";
  }

  /** Runs `work` under one fresh deadline; one operation at a time. */
  private async operation<T>(what: string, work: (deadline: Deadline) => Promise<T>): Promise<T> {
    this.throwIfUnusable();
    if (this.busy) {
      throw new RefusedError("not-initialized", { what: `${what} while another operation is in progress`, expected: "one operation at a time (await each call)" });
    }
    this.busy = true;
    const deadline = new Deadline(what, this.options.timeoutMs);
    try {
      return await work(deadline);
    } catch (error) {
      // Anything but a well-formed answer (server error, tool failure) leaves the stream in doubt.
      if (error instanceof WorkbookError && error.code !== "server" && error.code !== "tool" && error.code !== "refused") this.markUnusable(error);
      throw error;
    } finally {
      deadline.dispose();
      this.busy = false;
    }
  }

  /** Sends one request and returns its result; at most MAX_SKIPPED_MESSAGES others may come first. */
  private request(method: string, params: JsonObject): Promise<JsonObject> {
    return this.operation(method, async (deadline) => {
      this.nextId += 1;
      const id = this.nextId;
      await this.write(requestMessage(id, method, params), deadline);
      for (let skipped = 0; skipped <= MAX_SKIPPED_MESSAGES; skipped += 1) {
        const message = parseFrame(await this.channel.next(deadline.signal));
        if ("method" in message && "id" in message) await this.answerServerRequest(message, deadline);
        const result = answerFor(id, message);
        if (result !== null) return result;
      }
      throw new ProtocolError("too-many-messages", {
        what: `more than ${MAX_SKIPPED_MESSAGES} messages arrived before the response to ${method}`,
        expected: `the response to request ${id}`,
        limit: `${MAX_SKIPPED_MESSAGES} skipped notifications or server requests per request`,
      });
    });
  }

  /**
   * The server may ask us things too. We answer ping, as the spec requires of both sides, and
   * answer anything else with "method not found", since this client declares no capabilities.
   */
  private async answerServerRequest(message: JsonRpcMessage, deadline: Deadline): Promise<void> {
    const id = message["id"];
    if (typeof id !== "string" && typeof id !== "number") return;
    const reply =
      message["method"] === "ping"
        ? { jsonrpc: "2.0", id, result: {} }
        : { jsonrpc: "2.0", id, error: { code: -32601, message: `method not found: ${String(message["method"]).slice(0, 60)}` } };
    await this.write(reply, deadline);
  }

  private async write(message: object, deadline: Deadline): Promise<void> {
    const frame = encodeFrame(message, this.options.frameLimit);
    const stdin = this.child.stdin;
    if (!stdin.writable) {
      throw new ClosedError("input-closed", { what: "server input is closed", expected: "a running server" });
    }
    // Most frames fit in the pipe at once; only a full pipe makes us wait, under the deadline.
    if (stdin.write(frame)) return;
    const drained = new Promise<void>((resolve, reject) => {
      const onDrain = (): void => {
        stdin.off("close", onClose);
        resolve();
      };
      const onClose = (): void => {
        stdin.off("drain", onDrain);
        reject(new ClosedError("input-closed", { what: "server input closed while a frame was being written", expected: "a server reading its input" }));
      };
      stdin.once("drain", onDrain);
      stdin.once("close", onClose);
    });
    await raceSignal(drained, deadline.signal);
  }
}
