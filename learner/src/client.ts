// Your StdioClient. The plumbing is given (starting the server in its own process group, feeding
// its output to YOUR FrameReader, waiting for the next frame under a signal); the decisions are
// yours: request() (the id and the one reply that answers it, under one deadline), initialize()
// (the handshake, in its order), callTool()
// (the application decides before a byte is sent) and close() (nothing of the server outlives it).
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import {
  ClosedError,
  DeadlineError,
  ProtocolError,
  RefusedError,
  endProcessGroup,
  signalGroup,
  wholeMs,
  type InitializeResult,
  type JsonObject,
  type McpTool,
  type StdioClientOptions,
} from "mcp-workbook";
import { FrameReader, encodeFrame, parseFrame } from "./framing.js";
import { checkInitialize, checkTools, PROTOCOL_VERSION } from "./handshake.js";
import { answerFor, notificationMessage, requestMessage } from "./messages.js";
import { notImplemented } from "./not-implemented.js";
import { resultText } from "./result-text.js";

// Kept for your code: the errors and helpers you will want in request(), initialize(), callTool() and close().
export { ClosedError, DeadlineError, ProtocolError, RefusedError, endProcessGroup, signalGroup };
export {
  answerFor,
  checkInitialize,
  encodeFrame,
  notificationMessage,
  parseFrame,
  PROTOCOL_VERSION,
  requestMessage,
  resultText,
};

/** How a server ended: its exit code, or the signal that ended it (null if it never started). */
export type ExitStatus = number | NodeJS.Signals | null;

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
  /** The application's decision; the server cannot extend it. */
  readonly allowed: ReadonlySet<string>;
  /** One deadline per operation, in ms. */
  readonly timeoutMs: number;
  /** What the server said about itself, after initialize(). */
  server: InitializeResult | undefined;

  /** The server process: write frames to child.stdin; its stdout is read for you. */
  protected readonly child: ChildProcessByStdio<Writable, Readable, null>;
  /** Resolves with the server's exit status once it has exited. */
  protected readonly exited: Promise<ExitStatus>;
  /** Advertised tools by name, after listTools(). */
  protected catalog = new Map<string, McpTool>();
  /** The last request id used; request() takes the next. */
  protected lastId = 0;

  private readonly reader: FrameReader;
  private readonly frames: Buffer[] = [];
  private readError: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(command: readonly string[], options: StdioClientOptions = {}) {
    const [file, ...args] = command;
    if (file === undefined) throw new Error("StdioClient needs a command, e.g. [process.execPath, 'server.js']");
    this.command = [...command];
    this.allowed = new Set(options.allowed ?? []);
    // TODO: a bounded timeout is required: refuse a timeoutMs outside (0, 60000] ms, the chapter's 0 < timeout <= 60 s (UsageError "timeout").
    this.timeoutMs = wholeMs(options.timeoutMs ?? 5000); // whole ms: AbortSignal.timeout refuses a fraction
    this.reader = new FrameReader(options.frameLimit);
    this.child = spawn(file, args, {
      stdio: ["pipe", "pipe", "ignore"],
      env: { ...(options.env ?? { PATH: process.env["PATH"] ?? "" }) },
      detached: true, // its own process group, so close() can end its children too
      shell: false,
    });
    this.exited = new Promise<ExitStatus>((resolve) => {
      this.child.once("exit", (code, signal) => resolve(code ?? signal));
      this.child.once("error", () => resolve(null));
    });
    this.child.stdout.on("data", (chunk: Buffer) => {
      if (this.readError) return;
      try {
        this.frames.push(...this.reader.feed(chunk));
      } catch (error) {
        // Your reader refused the stream (or is not written yet): the next read reports it.
        this.readError = error instanceof Error ? error : new Error(String(error));
      }
      this.wake?.();
    });
    this.child.stdout.once("close", () => {
      this.readError ??= new ClosedError("output-ended", { what: "the server's output ended", expected: "a response" });
      this.wake?.();
    });
    this.child.stdin.on("error", () => undefined); // a write after the server is gone: the read reports it
  }

  /** The server's process id, which is also its process group id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * The handshake, which the checkpoint grades (handshake-order): request "initialize" with
   * { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name, version } }, check
   * the result with checkInitialize (keep it in this.server), and only then announce readiness with
   * the notification "notifications/initialized" (notificationMessage, sent with this.send()).
   * Nothing else may be sent before it: listTools() and callTool() refuse until it is done.
   */
  async initialize(): Promise<InitializeResult> {
    // TODO: the request, its check, then the announcement.
    return notImplemented("StdioClient.initialize");
  }

  /** Discovery: the validated list of advertised tools. Advertising grants nothing. */
  async listTools(): Promise<McpTool[]> {
    if (this.server === undefined)
      throw new RefusedError("not-initialized", {
        what: "listTools before the handshake",
        expected: "await initialize() first",
      });
    const tools = checkTools(await this.request("tools/list", {}));
    this.catalog = new Map(tools.map((tool) => [tool.name, tool]));
    return tools;
  }

  /** Tools the server advertised AND the application allowed: all a model should be offered. */
  allowedTools(): McpTool[] {
    return [...this.catalog.values()].filter((tool) => this.allowed.has(tool.name));
  }

  /**
   * Calls a tool that is both allowed and advertised, and returns its text.
   * Refuse before sending anything: not in this.allowed -> RefusedError("not-allowed", ...);
   * not in this.catalog -> RefusedError("not-advertised", ...). Then request "tools/call" with
   * { name, arguments: args } and return resultText(result).
   */
  async callTool(name: string, args: JsonObject = {}): Promise<string> {
    // TODO: the application's decision first, then the request.
    return notImplemented("StdioClient.callTool");
  }

  /**
   * The stdio shutdown: end the server's input, give it a moment to exit, then SIGTERM and,
   * after a grace period, SIGKILL its whole process group (a grandchild may ignore SIGTERM and
   * outlive a clean exit). Returns the server's exit status (await this.exited).
   * Hint: endProcessGroup(pid, termGraceMs) from mcp-workbook signals a group for you; signalGroup
   * sends one signal to one group.
   */
  async close(): Promise<ExitStatus> {
    // TODO: this.child.stdin.end(); wait for this.exited or ~1 s; end the group this.pid leads.
    return notImplemented("StdioClient.close");
  }

  /**
   * Sends one request and returns its result. Take the next id (this.lastId + 1), send
   * requestMessage(id, method, params) with this.send(), then read frames with
   * this.nextFrame(signal), parse each (parseFrame) and ask answerFor(id, message): null means a
   * notification to skip (at most a few); anything else is the answer, or an error thrown.
   * One deadline for the whole exchange: AbortSignal.timeout(this.timeoutMs), turned into a
   * DeadlineError (reason "deadline") when it fires.
   */
  protected async request(method: string, params: JsonObject): Promise<JsonObject> {
    // TODO: the id, the one reply that answers it, under one deadline. A request from the server
    // on the way (a ping) gets its own reply: { result: {} } for ping, "method not found" otherwise.
    return notImplemented("StdioClient.request");
  }

  // --- given plumbing -----------------------------------------------------------------------

  /** Writes one message as one frame (with YOUR encodeFrame) to the server's input. */
  protected send(message: object): void {
    if (!this.child.stdin.writable)
      throw new ClosedError("input-closed", { what: "server input is closed", expected: "a running server" });
    this.child.stdin.write(encodeFrame(message));
  }

  /**
   * The next whole frame from the server, as YOUR FrameReader cut it. Rejects with the reader's
   * refusal, with ClosedError once the output has ended, or with the signal's reason when it
   * aborts first (a plain AbortSignal.timeout gives a TimeoutError DOMException: wrap it).
   */
  protected async nextFrame(signal: AbortSignal): Promise<Buffer> {
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) return frame;
      if (this.readError) throw this.readError;
      if (signal.aborted) throw signal.reason;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          signal.removeEventListener("abort", done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        signal.addEventListener("abort", done, { once: true });
      });
    }
  }
}
