import { spawn, type ChildProcessByStdio } from "node:child_process";
import { statSync } from "node:fs";
import type { Readable, Writable } from "node:stream";
import { JSON_RPC_ERRORS, MAX_SKIPPED_MESSAGES, PROTOCOL_VERSION } from "../protocol/constants.js";
import { encodeFrameText } from "../protocol/encode-frame.js";
import { ClosedError } from "../errors/closed-error.js";
import { DeadlineError } from "../errors/deadline-error.js";
import { ProtocolError } from "../errors/protocol-error.js";
import { RefusedError } from "../errors/refused-error.js";
import { ServerError } from "../errors/server-error.js";
import { UsageError } from "../errors/usage-error.js";
import { describeValue, preview } from "../errors/wording.js";
import { WorkbookError } from "../errors/workbook-error.js";
import {
  checkInitialize,
  checkTools,
  checkToolsPage,
  type InitializeResult,
  type McpTool,
} from "../protocol/handshake.js";
import {
  answerFor,
  isJsonObject,
  notificationMessage,
  requestMessage,
  type JsonObject,
  type JsonRpcMessage,
} from "../protocol/messages.js";
import {
  MODERN_ERROR_CODES,
  MODERN_PROTOCOL_VERSION,
  checkComplete,
  judgeProbe,
  modernMeta,
  modernRefusal,
  type ProbeOutcome,
} from "../protocol/eras.js";
import { parseFrame } from "../protocol/parse-frame.js";
import { resultText } from "../protocol/result-text.js";
import { Deadline } from "./deadline.js";
import { FrameChannel } from "./frame-channel.js";
import { resolveOptions, type ResolvedOptions, type StdioClientOptions } from "./options.js";
import { holdGroup, releaseGroup } from "./held-groups.js";
import { endProcessGroup, groupIsEmpty } from "./process-group.js";
import { OutstandingRequests } from "./outstanding.js";
import type { WireTrace } from "./wire-trace.js";

/** How a server ended: its exit code, or the signal that ended it (null if it never started). */
export type ExitStatus = number | NodeJS.Signals | null;

/** Where a client is: started, connected, spoilt by a failure (kept, to say why), or closed. */
type Phase =
  | { readonly name: "started" }
  | { readonly name: "ready" }
  | { readonly name: "failed"; readonly failure: WorkbookError }
  | { readonly name: "closed" };

/** The trace hooks the client calls; without options.trace they do nothing. */
type ClientTrace = Pick<WireTrace, "begin" | "wrote" | "read" | "refusedFrame" | "failed" | "signalled" | "exited">;

const NO_TRACE: ClientTrace = {
  begin: () => undefined,
  wrote: () => undefined,
  read: () => undefined,
  refusedFrame: () => undefined,
  failed: () => undefined,
  signalled: () => undefined,
  exited: () => undefined,
};

const CLIENT_INFO = { name: "mcp-workbook", version: "0.1.0" };

/**
 * One operator-configured MCP server over stdio, asked one thing at a time.
 *
 * The server runs as an explicit argv (no shell) in a process group of its own, with only the
 * environment given (PATH alone by default) and its stderr discarded. Each operation has one
 * deadline for all its writes and reads. A tool runs only if the server advertised it AND the
 * application allowed it; the check happens before any byte is sent. close() ends the input,
 * waits, then signals the whole group, so neither a hung server nor its children outlive it.
 * A client never closed has its group SIGKILLed when this process exits (normally, by
 * process.exit or by an uncaught error); no signal handler is installed (see held-groups.ts).
 *
 * What the server may send besides replies: notifications are skipped (at most 16 between two
 * answers); a request it sends us is answered as the spec says: `ping` with `{}`, anything else
 * (roots/list, sampling, elicitation) with "method not found", since this client declares no capabilities.
 * More than 32 tools, or a nextCursor unless `maxPages` allows it, is refused, not cut short.
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
  private phase: Phase = { name: "started" };
  private readonly outstanding = new OutstandingRequests();
  private inputCutShort = false;
  private busy = false;
  private closing: Promise<ExitStatus> | undefined;
  /** The wire trace the caller attached (options.trace), or hooks that do nothing. */
  private readonly trace: ClientTrace;
  private readonly spawnSettled: Promise<void>;
  /** One deadline timer for all operations, re-armed for each (see Deadline.restart). */
  private deadline: Deadline | undefined;
  /** The era spoken once connected: 2026-07-28 puts `_meta` on every request and expects no server requests. */
  private modern = false;

  constructor(command: readonly string[], options?: StdioClientOptions) {
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
    this.trace = this.options.trace ?? NO_TRACE;
    this.channel = new FrameChannel(this.child.stdout, this.options.frameLimit, this.options.trace);
    // Until close() has ended it, the group is ended by an exit of this process, however it exits.
    if (this.child.pid !== undefined) holdGroup(this.child.pid, () => this.close());
    let notStarted = (): void => undefined;
    this.exited = new Promise<ExitStatus>((resolve) => {
      this.child.once("exit", (code, signal) => resolve(code ?? signal));
      notStarted = () => resolve(null);
    });
    // A program that cannot start has no pid at once; its error (ENOENT, EACCES) comes a tick later.
    let spawnSettled = (): void => undefined;
    this.spawnSettled =
      this.child.pid === undefined ? new Promise((resolve) => (spawnSettled = resolve)) : Promise.resolve();
    // The one error listener: a program that never started, or a server process that failed.
    this.child.once("error", (error) => {
      if (this.child.pid === undefined) {
        this.markUnusable(spawnFailed(file, this.options.cwd, error));
        notStarted();
        spawnSettled();
        return;
      }
      this.markUnusable(
        new ClosedError(
          "server-exited",
          { what: `the server process failed: ${error.message}`, expected: "a running server" },
          { cause: error },
        ),
      );
    });
    this.child.once("exit", (code, signal) => {
      // A group with nobody left needs no ending on exit (and its id may be reused later).
      if (this.child.pid !== undefined && groupIsEmpty(this.child.pid)) releaseGroup(this.child.pid);
      this.channel.end(
        new ClosedError("server-exited", { what: `server exited (${code ?? signal})`, expected: "a response" }),
      );
    });
    // A write after the server is gone fails with EPIPE: the waiting read reports it, the process lives on.
    this.child.stdin.on("error", (error) =>
      this.channel.end(
        new ClosedError(
          "input-closed",
          { what: `writing to the server failed: ${error.message}`, expected: "a server reading its input" },
          { cause: error },
        ),
      ),
    );
  }

  /** The server's process id, which is also its process group id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /**
   * The connect step, in every era. 2025-06-18 (the default): the handshake, agreeing on the
   * pinned version and on tools, then announcing we are ready. 2026-07-28: server/discover, which
   * must list that version and offer tools; no fallback. "auto": the spec's dual-era probe (see
   * discover()). A -32022 answer is our own refusal: ProtocolError "version", naming what the
   * server speaks.
   */
  async initialize(): Promise<InitializeResult> {
    if (this.phase.name === "ready")
      throw new RefusedError("already-initialized", {
        what: "initialize was already done",
        expected: "one handshake per connection (listTools or callTool next)",
      });
    const server =
      this.options.protocol === PROTOCOL_VERSION
        ? await this.handshake()
        : await this.operation("server/discover", (deadline) => this.discover(deadline));
    this.server = server;
    // A failure or a close() while connecting stands: only a client still starting becomes ready.
    if (this.phase.name === "started") this.phase = { name: "ready" };
    return server;
  }

  /** The chapter's handshake: initialize, checked, then notifications/initialized. */
  private async handshake(): Promise<InitializeResult> {
    const server = await this.operation("initialize", (deadline) => this.initializeWithin(deadline));
    await this.operation("notifications/initialized", (deadline) => this.announceReady(deadline));
    return server;
  }

  private async initializeWithin(deadline: Deadline): Promise<InitializeResult> {
    let result: JsonObject;
    try {
      result = await this.resultOf(
        "initialize",
        { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
        deadline,
      );
    } catch (error) {
      // A modern-only server names the versions it speaks in its answer to initialize (versioning.mdx).
      if (error instanceof ServerError && MODERN_ERROR_CODES.has(error.rpcCode))
        throw modernRefusal(error.rpcCode, error.data, PROTOCOL_VERSION, error);
      throw error;
    }
    return this.guard(() => checkInitialize(result));
  }

  private announceReady(deadline: Deadline): Promise<void> {
    return this.write(
      this.encode(notificationMessage("notifications/initialized"), "notifications/initialized"),
      deadline,
    );
  }

  /**
   * server/discover with our modern `_meta`, under the operation's one deadline. Pinned to
   * 2026-07-28, anything but a good result ends the connect step. In "auto" the probe waits at
   * most half the deadline, and the spec's rule (judgeProbe) decides: a result is a modern server,
   * a recognized modern error a refusal, any other error or silence a legacy server, which gets the
   * handshake in what is left of the same deadline (a late answer to the probe is dropped as late).
   */
  private async discover(deadline: Deadline): Promise<InitializeResult> {
    const auto = this.options.protocol === "auto";
    const outcome = await this.probe(deadline, auto ? Math.ceil(this.options.timeoutMs / 2) : undefined);
    const verdict = judgeProbe(outcome);
    if (verdict.next === "refuse") throw verdict.error;
    if (verdict.next === "modern") return this.speakModern(verdict.server);
    if (!auto) throw notModern(outcome);
    try {
      const server = await this.initializeWithin(deadline);
      await this.announceReady(deadline);
      return server;
    } catch (error) {
      // Silence may have been a slow start rather than a legacy server: a modern refusal of the
      // handshake says so. Ask again, in what is left of the deadline (the spec: re-probe when
      // the assumed era turns out wrong).
      const modernAnswer =
        error instanceof ProtocolError &&
        error.cause instanceof ServerError &&
        MODERN_ERROR_CODES.has(error.cause.rpcCode);
      if (outcome.kind !== "no-answer" || !modernAnswer) throw error;
      const again = judgeProbe(await this.probe(deadline, undefined));
      if (again.next === "modern") return this.speakModern(again.server);
      throw again.next === "refuse" ? again.error : error;
    }
  }

  private speakModern(server: InitializeResult): InitializeResult {
    this.modern = true;
    return server;
  }

  /** One server/discover; with `waitMs`, silence past it is an outcome (no answer), not a failure. */
  private async probe(deadline: Deadline, waitMs: number | undefined): Promise<ProbeOutcome> {
    const wait = waitMs === undefined ? deadline : deadline.within("server/discover probe", waitMs);
    try {
      const [answer] = await this.exchange(
        [{ method: "server/discover", params: { _meta: modernMeta(CLIENT_INFO) } }],
        wait,
      );
      return answer!.ok
        ? { kind: "result", result: answer!.result }
        : { kind: "error", code: answer!.error.rpcCode, data: answer!.error.data };
    } catch (error) {
      if (waitMs === undefined || !(error instanceof DeadlineError) || deadline.passed) throw error;
      return { kind: "no-answer" };
    } finally {
      if (wait !== deadline) wait.stop();
    }
  }

  /**
   * Discovery: the validated list of advertised tools. Advertising grants nothing. With
   * maxPages above 1 it follows nextCursor, within one deadline, refusing a repeated cursor, a
   * page past maxPages and a total past maxTools; by default a paginated list is refused.
   */
  async listTools(): Promise<McpTool[]> {
    this.requireReady("listTools");
    const { maxPages, maxTools } = this.options;
    const tools = await this.operation("tools/list", async (deadline) => {
      if (maxPages === 1) return checkTools(await this.resultOf("tools/list", {}, deadline), maxTools);
      const seen = new Set<string>();
      const cursors = new Set<string>();
      const listed: McpTool[] = [];
      let cursor: string | undefined;
      for (let page = 1; ; page += 1) {
        const result = await this.resultOf("tools/list", cursor === undefined ? {} : { cursor }, deadline);
        const checked = checkToolsPage(result, maxTools, seen);
        listed.push(...checked.tools);
        cursor = checked.nextCursor;
        if (cursor === undefined) return listed;
        if (cursors.has(cursor)) {
          throw new ProtocolError("catalog", {
            what: `the server repeated the cursor ${JSON.stringify(cursor.slice(0, 40))}`,
            expected: "a new cursor on every page, or none on the last",
            received: `page ${page} pointing back to an earlier page`,
          });
        }
        if (page === maxPages) {
          throw new ProtocolError("catalog", {
            what: `tool list goes on past ${maxPages} pages`,
            expected: `at most ${maxPages} pages`,
            received: `a nextCursor on page ${page}`,
            limit: `maxPages ${maxPages}`,
          });
        }
        cursors.add(cursor);
      }
    });
    this.catalog = new Map(tools.map((tool) => [tool.name, tool]));
    return tools;
  }

  /** Tools the server advertised AND the application allowed: all a model should be offered. */
  allowedTools(): McpTool[] {
    return [...this.catalog.values()].filter((tool) => this.allowed.has(tool.name));
  }

  /** Calls a tool that is both allowed and advertised, and returns its text. */
  async callTool(name: string, args: JsonObject = {}): Promise<string> {
    try {
      this.checkCall(name, args);
    } catch (error) {
      this.trace.begin(`tools/call ${name}`);
      this.trace.failed(error); // refused before a byte was sent
      throw error;
    }
    const result = await this.request("tools/call", { name, arguments: args });
    return this.guard(() => resultText(result));
  }

  /** The application's decision, made before a byte is sent: allowed, advertised, an object. */
  private checkCall(name: unknown, args: unknown): void {
    if (typeof name !== "string") {
      throw new UsageError("tool-name", {
        what: "the tool name is not a string",
        expected: 'a tool name such as "word_count"',
        received: describeValue(name),
      });
    }
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
        expected:
          this.catalog.size === 0 ? "listTools() before callTool()" : `one of [${[...this.catalog.keys()].join(", ")}]`,
      });
    }
    if (!isJsonObject(args)) {
      throw new RefusedError("bad-arguments", {
        what: `arguments for ${JSON.stringify(name)} are not an object`,
        expected: "a JSON object",
        received: typeof args,
      });
    }
  }

  /**
   * Several calls in flight at once: every allowed and advertised call is sent before any
   * reply is read, and each reply binds to its own id, in whatever order it comes. A refused
   * call is never sent. One deadline covers the whole batch.
   */
  async callTools(
    calls: ReadonlyArray<{ readonly name: string; readonly arguments?: JsonObject }>,
  ): Promise<ToolOutcome[]> {
    if (!Array.isArray(calls) || calls.some((call) => typeof call !== "object" || call === null)) {
      throw new UsageError("calls", {
        what: "callTools takes an array of calls",
        expected: '[{ name: "word_count", arguments: { text: "..." } }, ...]',
        received: Array.isArray(calls) ? "an array holding a non-object" : describeValue(calls),
      });
    }
    const outcomes: Array<ToolOutcome | undefined> = calls.map((call) => {
      try {
        this.checkCall(call.name, call.arguments ?? {});
        return undefined;
      } catch (error) {
        if (error instanceof RefusedError) return { name: call.name, ok: false, error };
        throw error;
      }
    });
    const sendable = calls.flatMap((call, index) => (outcomes[index] === undefined ? [{ index, call }] : []));
    if (sendable.length > 0) {
      const answers = await this.operation("tools/call", (deadline) =>
        this.exchange(
          sendable.map(({ call }) => ({
            method: "tools/call",
            params: { name: call.name, arguments: call.arguments ?? {} },
          })),
          deadline,
        ),
      );
      sendable.forEach(({ index, call }, position) => {
        const answer = answers[position]!;
        outcomes[index] = answer.ok
          ? textOutcome(call.name, answer.result)
          : { name: call.name, ok: false, error: answer.error };
      });
    }
    return outcomes as ToolOutcome[];
  }

  /** Replies that came after their request's deadline, dropped rather than misattributed. */
  get lateReplies(): number {
    return this.outstanding.lateReplies;
  }

  /** Request ids sent and still awaited. */
  get inFlight(): number[] {
    return this.outstanding.inFlight;
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
    this.phase = { name: "closed" };
    this.deadline?.stop();
    this.channel.end(
      new ClosedError("client-closed", { what: "the client was closed", expected: "no further operations" }),
    );
    const pid = this.child.pid;
    if (pid === undefined) return this.exited;
    this.trace.begin("close");
    // Nothing more will be read: release the pipe so a server blocked writing to it can exit.
    this.child.stdout.destroy();
    const ended = new Promise<void>((resolve) => this.child.stdin.end(() => resolve()));
    this.trace.wrote(Buffer.alloc(0), "input ended");
    const grace = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, this.options.graceMs).unref());
    // end() only asks: the pipe closes on a later turn of the event loop, and on a busy machine a
    // grace timer already due would run first, signalling a server that never saw its input end.
    await Promise.race([ended, this.exited, grace()]);
    await Promise.race([this.exited, grace()]);
    await endProcessGroup(
      pid,
      this.options.termGraceMs,
      this.options.trace && ((signal) => this.trace.signalled(signal, pid)),
    );
    releaseGroup(pid);
    const status = await this.exited;
    this.trace.exited(status);
    return status;
  }

  private requireReady(operation: string): void {
    this.throwIfUnusable();
    if (this.phase.name !== "ready") {
      throw new RefusedError("not-initialized", {
        what: `${operation} before the handshake`,
        expected: "await initialize() first",
      });
    }
  }

  private throwIfUnusable(): void {
    if (this.phase.name === "closed")
      throw new ClosedError("client-closed", { what: "the client is closed", expected: "a new StdioClient" });
    if (this.phase.name !== "failed") return;
    const { failure } = this.phase;
    // A program that never started: every operation says why, not just "unusable".
    if (failure instanceof ClosedError && failure.reason === "spawn-failed") throw failure;
    throw new ClosedError(
      "unusable",
      {
        what: `the connection is unusable after an earlier failure (${failure.message})`,
        expected: "close() and a new client",
      },
      { cause: failure },
    );
  }

  /** Runs a check on data that came from the server; a failed check spoils the connection. */
  private guard<T>(check: () => T): T {
    try {
      return check();
    } catch (error) {
      this.trace.failed(error);
      if (error instanceof ProtocolError) this.markUnusable(error);
      throw error;
    }
  }

  /** The first failure spoils the connection for good; a closed client stays closed. */
  private markUnusable(error: WorkbookError): void {
    if (this.phase.name === "started" || this.phase.name === "ready") this.phase = { name: "failed", failure: error };
  }

  /** Runs `work` under one fresh deadline; one operation at a time. */
  private async operation<T>(what: string, work: (deadline: Deadline) => Promise<T>): Promise<T> {
    this.throwIfUnusable();
    if (this.child.pid === undefined) {
      await this.spawnSettled; // the first operation reports why the program did not start
      this.throwIfUnusable();
    }
    if (this.busy) {
      throw new RefusedError("busy", {
        what: `${what} while another operation is in progress`,
        expected: "one operation at a time (await each call, or callTools for several)",
      });
    }
    this.busy = true;
    const deadline = this.deadline?.restart(what) ?? (this.deadline = new Deadline(what, this.options.timeoutMs));
    this.trace.begin(what);
    try {
      return await work(deadline);
    } catch (error) {
      this.trace.failed(error);
      if (error instanceof WorkbookError && spoilsConnection(error, this.inputCutShort)) this.markUnusable(error);
      throw error;
    } finally {
      deadline.dispose();
      this.busy = false;
    }
  }

  /** Sends one request as its own operation and returns its result. */
  private request(method: string, params: JsonObject): Promise<JsonObject> {
    return this.operation(method, (deadline) => this.resultOf(method, params, deadline));
  }

  /** One request within an operation: its result, or its error response raised. */
  private async resultOf(method: string, params: JsonObject, deadline: Deadline): Promise<JsonObject> {
    const [answer] = await this.exchange([{ method, params }], deadline);
    if (!answer!.ok) throw answer!.error;
    return answer!.result;
  }

  /**
   * Sends every request, then reads until each has its answer, all under one deadline. Replies
   * may come in any order; each binds to its own id through the outstanding table. Between two
   * answers at most MAX_SKIPPED_MESSAGES notifications or server requests are skipped.
   */
  private async exchange(
    requests: ReadonlyArray<{ method: string; params: JsonObject }>,
    deadline: Deadline,
  ): Promise<Answer[]> {
    const ids = await this.send(requests, deadline);
    return this.readAnswers(requests, ids, deadline);
  }

  /** Encodes every request, takes their ids, and writes them; returns the ids in request order. */
  private async send(
    requests: ReadonlyArray<{ method: string; params: JsonObject }>,
    deadline: Deadline,
  ): Promise<number[]> {
    // Every frame is encoded and sized before an id is taken or a byte sent: a message that
    // cannot go out is the caller's UsageError and leaves the connection as it was.
    const first = this.outstanding.nextId;
    const frames = requests.map((request, index) =>
      this.encode(
        requestMessage(
          first + index,
          request.method,
          this.modern ? { ...request.params, _meta: modernMeta(CLIENT_INFO) } : request.params,
        ),
        requests.length > 1 ? `call ${index + 1} of ${requests.length} (${request.method})` : request.method,
      ),
    );
    const ids = requests.map((request) => this.outstanding.open(request.method));
    try {
      for (const frame of frames) await this.write(frame, deadline);
    } catch (error) {
      this.outstanding.forget(ids);
      throw error;
    }
    return ids;
  }

  /** Reads until each of `ids` has its answer, skipping and answering what the server sends between. */
  private async readAnswers(
    requests: ReadonlyArray<{ method: string; params: JsonObject }>,
    ids: readonly number[],
    deadline: Deadline,
  ): Promise<Answer[]> {
    const answers = new Map<number, Answer>();
    let frame: Buffer | undefined; // the frame being judged, for the trace
    try {
      let skipped = 0;
      while (answers.size < ids.length) {
        frame = undefined;
        frame = await this.channel.next(deadline);
        const message = parseFrame(frame);
        if ("method" in message) {
          if ("id" in message) await this.answerServerRequest(message, deadline, frame);
          else this.trace.read(frame, "skipped notification");
          skipped += 1;
          if (skipped > MAX_SKIPPED_MESSAGES) {
            throw new ProtocolError("too-many-messages", {
              what: `more than ${MAX_SKIPPED_MESSAGES} messages arrived before the response to ${requests.map((r) => r.method).join(", ")}`,
              expected: `the response to request ${this.outstanding.inFlight.join(", ")}`,
              limit: `${MAX_SKIPPED_MESSAGES} skipped notifications or server requests per response`,
            });
          }
          continue;
        }
        const match = this.outstanding.match(message["id"]);
        if (match.kind === "late") {
          this.trace.read(frame, "dropped: late reply");
          continue; // its request already timed out: dropped, counted
        }
        const answer = answerOf(match.id, message);
        if (this.modern && answer.ok)
          checkComplete(requests[ids.indexOf(match.id)]?.method ?? "request", answer.result);
        answers.set(match.id, answer);
        this.trace.read(frame, "accepted as the answer", `request ${match.id}`);
        this.outstanding.settle(match.id);
        skipped = 0;
      }
    } catch (error) {
      if (frame !== undefined) this.trace.refusedFrame(frame, error);
      throw error;
    } finally {
      // Whatever is still pending now will never be waited for: a reply for it is late.
      this.outstanding.expire(ids);
    }
    return ids.map((id) => answers.get(id)!);
  }

  /**
   * The server may ask us things too. We answer ping, as the spec requires of both sides, and
   * answer anything else with "method not found", since this client declares no capabilities.
   */
  private async answerServerRequest(message: JsonRpcMessage, deadline: Deadline, serverFrame: Buffer): Promise<void> {
    const id = message["id"];
    if (typeof id !== "string" && typeof id !== "number") {
      this.trace.read(serverFrame, "skipped notification", "a request with an id we cannot answer");
      return;
    }
    if (this.modern) {
      throw new ProtocolError("bad-response", {
        what: `the server sent a request (${preview(message["method"], 40)}) in the 2026-07-28 era`,
        expected: "responses and notifications only: a 2026-07-28 server sends no requests on stdio",
        received: `a request with id ${describeValue(id)}`,
      });
    }
    const ping = message["method"] === "ping";
    this.trace.read(serverFrame, ping ? "answered ping" : "answered: method not found");
    const reply = ping
      ? { jsonrpc: "2.0", id, result: {} }
      : {
          jsonrpc: "2.0",
          id,
          error: {
            code: JSON_RPC_ERRORS.methodNotFound,
            message: `method not found: ${String(message["method"]).slice(0, 60)}`,
          },
        };
    let frame: string;
    try {
      frame = encodeFrameText(reply, this.options.frameLimit);
    } catch {
      // Only the server's own id can make our reply too long to send: its fault, not the caller's.
      throw new ProtocolError("bad-response", {
        what: "the server sent a request whose id is too long to answer",
        expected: `a request our reply to fits in ${this.options.frameLimit} bytes`,
        received: describeValue(id),
      });
    }
    await this.write(frame, deadline, ping ? "answer to the server's ping" : "method not found");
  }

  /** A message of ours as a frame; what cannot be encoded or does not fit is the caller's UsageError. */
  private encode(message: object, what: string): string {
    try {
      return encodeFrameText(message, this.options.frameLimit);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new UsageError(
        error.reason,
        { ...error.wording, what: `${what} not sent: ${error.wording.what}` },
        { cause: error },
      );
    }
  }

  private async write(frame: string, deadline: Deadline, why = ""): Promise<void> {
    this.trace.wrote(frame, "sent", why);
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
        reject(
          new ClosedError("input-closed", {
            what: "server input closed while a frame was being written",
            expected: "a server reading its input",
          }),
        );
      };
      stdin.once("drain", onDrain);
      stdin.once("close", onClose);
    });
    try {
      await deadline.race(drained);
    } catch (error) {
      this.inputCutShort = true; // half a frame may have gone out: the server's input is spoiled
      throw error;
    }
  }
}

/** One call of a batch: its text, or why it failed or was refused. */
export type ToolOutcome =
  | { readonly name: string; readonly ok: true; readonly text: string }
  | { readonly name: string; readonly ok: false; readonly error: WorkbookError };

function textOutcome(name: string, result: JsonObject): ToolOutcome {
  try {
    return { name, ok: true, text: resultText(result) };
  } catch (error) {
    if (error instanceof WorkbookError) return { name, ok: false, error };
    throw error;
  }
}

type Answer = { readonly ok: true; readonly result: JsonObject } | { readonly ok: false; readonly error: ServerError };

/** A response bound to its request: a result, or the server's error object as ServerError. */
function answerOf(id: number, message: JsonRpcMessage): Answer {
  try {
    return { ok: true, result: answerFor(id, message)! };
  } catch (error) {
    if (error instanceof ServerError) return { ok: false, error };
    throw error;
  }
}

/**
 * Whether a failure leaves the stream in doubt. A well-formed answer (a server error, a tool
 * failure) and a local refusal do not. A deadline does not either, once every frame was fully
 * written: its request is marked late, and a reply that still comes is dropped. A message
 * refused before sending (UsageError) does not either. Everything
 * else (a broken frame, a wrong id, a closed pipe) does.
 */
function spoilsConnection(error: WorkbookError, inputCutShort: boolean): boolean {
  if (error.code === "server" || error.code === "tool" || error.code === "refused" || error.code === "usage")
    return false;
  if (error.code === "deadline") return inputCutShort;
  return true;
}

/** Pinned to 2026-07-28, a probe that gets an ordinary error met a legacy server: no fallback. */
function notModern(outcome: ProbeOutcome): ProtocolError {
  return new ProtocolError("version", {
    what: `the server does not speak ${MODERN_PROTOCOL_VERSION}: server/discover got ${
      outcome.kind === "error" ? `the error ${outcome.code}` : "no answer"
    }, as from a server that speaks only the handshake era`,
    expected: `a server/discover result listing ${MODERN_PROTOCOL_VERSION} (protocol "auto" or "2025-06-18" would use the handshake)`,
    received: outcome.kind === "error" ? `error ${outcome.code}` : "nothing",
  });
}

const SPAWN_ERRORS: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied (not executable?)",
  ENOTDIR: "a part of the path is not a directory",
  EISDIR: "it is a directory",
  ENOEXEC: "not an executable format",
  E2BIG: "argument list too long",
  EMFILE: "too many open files",
  EAGAIN: "too many processes",
};

/** The server never started: say which system error, and whether the cwd is what is missing. */
function spawnFailed(file: string, cwd: string | undefined, error: Error): ClosedError {
  const code = (error as NodeJS.ErrnoException).code ?? "unknown";
  const meaning = SPAWN_ERRORS[code] ?? error.message;
  if (cwd !== undefined && !isDirectory(cwd)) {
    return new ClosedError(
      "spawn-failed",
      {
        what: `server could not be started: ${code}, working directory ${JSON.stringify(cwd)} does not exist`,
        expected: "an existing directory as cwd",
        received: error.message,
      },
      { cause: error },
    );
  }
  return new ClosedError(
    "spawn-failed",
    {
      what: `server could not be started: ${code} (${meaning})`,
      expected: `a runnable program at ${JSON.stringify(file)}`,
      received: error.message,
    },
    { cause: error },
  );
}

function isDirectory(candidate: string): boolean {
  try {
    return statSync(candidate).isDirectory();
  } catch {
    return false;
  }
}
