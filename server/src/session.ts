/**
 * One conversation with one client: every line from stdin is classified and answered here.
 * The correct behaviour lives in this file; how each mode bends the tools/call reply lives in
 * faults.ts, and which tools are advertised lives in catalog.ts.
 */
import type { ServerOptions } from "./args.js";
import { catalogFor, type Catalog } from "./catalog.js";
import type { Diagnose } from "./diagnostics.js";
import { MODERN_VERSION, cacheable, checkModernMeta, complete, discoverResult, eraOfRequest, type Era } from "./era.js";
import { deliverCallReply, ReverseHold, type CallReplyContext } from "./faults.js";
import {
  INTERNAL_ERROR,
  INVALID_PARAMS,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  classifyLine,
  errorMessage,
  isObject,
  notificationMessage,
  preview,
  requestMessage,
  resultMessage,
  type JsonObject,
  type Request,
  type RequestId,
  type Response,
} from "./jsonrpc.js";
import type { LineEvent } from "./lines.js";
import type { CallLog } from "./log.js";
import { modeAppliesIn } from "./modes.js";
import type { Output } from "./output.js";

export const PROTOCOL_VERSION = "2025-06-18";
export const OLD_PROTOCOL_VERSION = "2024-11-05";
export const SERVER_INFO = { name: "lucy-teaching-server", version: "1" } as const;
const INSTRUCTIONS =
  "Lucy's teaching server: word_count counts words. Start it with --mode to see one failure at a time.";

/** Long enough that a client showing stderr has to wrap or cut it. */
const LONG_DIAGNOSTIC = `state dump: ${"vanilla=12 chocolate=7 strawberry=3 ".repeat(60)}`;

export class Session {
  private readonly catalog: Catalog;
  private readonly log: CallLog;
  private readonly reverse = new ReverseHold();
  private lastReply: JsonObject | undefined;
  private asksSent = 0;
  /** Set once initialize is answered: before that, only initialize and ping are served. */
  private initialized = false;
  /** Whether the request being handled has had its one reply; see handle(). */
  private answered = true;
  /** Requests we sent the client (pings and others) and are waiting on, oldest first, with what to do once each is answered. */
  private readonly pendingAsks: Array<{ id: RequestId; method: string; answered: () => void }> = [];
  private readonly callContext: CallReplyContext;

  constructor(
    private readonly options: ServerOptions,
    private readonly output: Output,
    private readonly diagnose: Diagnose,
    log: CallLog,
  ) {
    this.catalog = catalogFor(options.mode, options.extraTools, options.onlyTools, options.schemaTools);
    this.log = log;
    this.callContext = {
      mode: options.mode,
      output,
      diagnose,
      endlessBytes: options.endlessBytes,
      reply: (message) => this.reply(message),
      previousReply: () => this.lastReply,
      askClient: (method, params) => this.askClient(method, params),
      askIds: options.askIds,
      reverse: this.reverse,
    };
  }

  private get chatty(): boolean {
    return this.options.mode === "stderr-log";
  }

  handle(event: LineEvent): void {
    if (event.kind === "too-long") {
      this.diagnose(`dropped a line of ${event.bytes} bytes`);
      this.output.send(
        errorMessage(null, PARSE_ERROR, `Parse error: a line of ${event.bytes} bytes is longer than this server reads`),
      );
      return;
    }
    if (this.chatty) this.diagnose(`received ${event.text.length} characters: ${event.text.slice(0, 200)}`);
    const incoming = classifyLine(event.text);
    switch (incoming.kind) {
      case "rejected":
        this.diagnose(incoming.reason);
        this.output.send(incoming.reply);
        return;
      case "notification":
        if (this.chatty) this.diagnose(`notification ${incoming.method}: nothing to answer`);
        return;
      case "response":
        this.onResponse(incoming);
        return;
      case "request":
        this.answerOnce(incoming);
    }
  }

  /**
   * Exactly one reply per request: if answering throws (a bug, or a value no code path
   * expected), the request still gets a JSON-RPC error rather than silence.
   */
  private answerOnce(request: Request): void {
    this.answered = false;
    try {
      this.onRequest(request);
    } catch (error) {
      this.diagnose(
        `could not answer request ${preview(request.id)} (${preview(request.method)}): ${error instanceof Error ? error.message : String(error)}`,
      );
      if (!this.answered)
        this.reply(
          errorMessage(request.id, INTERNAL_ERROR, "Internal error: the server could not answer this request"),
          request,
        );
    } finally {
      this.answered = true;
    }
  }

  /** stdin ended: send what reverse mode still holds and stop waiting for pings. */
  finish(): void {
    this.reverse.flush();
    if (this.pendingAsks.length > 0) this.diagnose("input ended while a request to the client was unanswered");
  }

  /** The server has ended (killed inside a grader): nothing it holds goes out, and no timer of it stays. */
  stop(): void {
    this.reverse.cancel();
  }

  private onRequest(request: Request): void {
    if (this.chatty) {
      this.diagnose(`request ${preview(request.id)}: ${preview(request.method)}`);
      this.diagnose(LONG_DIAGNOSTIC);
    }
    const era = eraOfRequest(this.options.protocol, request.params);
    if (era === MODERN_VERSION) this.onModernRequest(request);
    else this.onHandshakeRequest(request);
  }

  /**
   * 2026-07-28: no session. Each request is checked on its own `_meta` and answered statelessly;
   * results say they are complete, and lists say how long they may be cached (caching.mdx).
   */
  private onModernRequest(request: Request): void {
    const refusal = checkModernMeta(request.id, request.params, request.method, this.options.protocol);
    if (refusal !== undefined) {
      this.reply(refusal, request);
      return;
    }
    switch (request.method) {
      case "server/discover":
        this.reply(
          resultMessage(
            request.id,
            discoverResult(this.options.protocol, this.capabilities(), { ...SERVER_INFO }, INSTRUCTIONS),
          ),
          request,
        );
        return;
      case "tools/list": {
        // The catalog's order is fixed, so every caller gets the same list: cacheable, publicly.
        const listed = this.listTools(request);
        const result = listed["result"];
        this.reply(isObject(result) ? { ...listed, result: cacheable(result) } : listed, request);
        return;
      }
      case "tools/call":
        this.callTool(request, MODERN_VERSION);
        return;
      default:
        this.reply(errorMessage(request.id, METHOD_NOT_FOUND, `Method not found: ${preview(request.method)}`), request);
    }
  }

  /** 2025-06-18, the chapter's: initialize opens the session, and nothing but ping comes before it. */
  private onHandshakeRequest(request: Request): void {
    if (!this.initialized && request.method !== "initialize" && request.method !== "ping") {
      // MCP's lifecycle: nothing but ping before the handshake. A tool never runs before it.
      this.reply(
        errorMessage(
          request.id,
          INVALID_REQUEST,
          `Invalid Request: ${preview(request.method)} before initialize; send initialize first`,
        ),
        request,
      );
      return;
    }
    switch (request.method) {
      case "initialize": {
        // The spec's InitializeRequest: a server cannot negotiate with a client that names no version.
        const problem = initializeParamsProblem(request.params);
        if (problem !== undefined) {
          this.reply(errorMessage(request.id, INVALID_PARAMS, `Invalid params: initialize ${problem}`), request);
          return;
        }
        this.reply(resultMessage(request.id, this.initializeResult()), request);
        this.initialized = true;
        return;
      }
      case "ping":
        this.reply(resultMessage(request.id, {}), request);
        return;
      case "tools/list":
        this.reply(this.listTools(request), request);
        return;
      case "tools/call":
        this.callTool(request, "2025-06-18");
        return;
      default:
        this.reply(errorMessage(request.id, METHOD_NOT_FOUND, `Method not found: ${preview(request.method)}`), request);
    }
  }

  private initializeResult(): JsonObject {
    return {
      protocolVersion: this.options.mode === "old-version" ? OLD_PROTOCOL_VERSION : PROTOCOL_VERSION,
      capabilities: this.capabilities(),
      serverInfo: { ...SERVER_INFO },
      instructions: INSTRUCTIONS,
    };
  }

  private capabilities(): JsonObject {
    const mentionsLogging = this.options.mode === "notify" || this.options.mode === "chatty";
    // A server that sends notifications/message declares logging (MCP 2025-06-18, server/utilities/logging).
    return mentionsLogging ? { tools: { listChanged: false }, logging: {} } : { tools: { listChanged: false } };
  }

  private listTools(request: Request): JsonObject {
    const cursor = request.params["cursor"];
    if (cursor !== undefined && typeof cursor !== "string") {
      return errorMessage(
        request.id,
        INVALID_PARAMS,
        `Invalid params: cursor must be a string, got ${preview(cursor)}`,
      );
    }
    const outcome = this.catalog.list(cursor);
    return outcome.ok
      ? resultMessage(request.id, outcome.result)
      : errorMessage(request.id, INVALID_PARAMS, outcome.message);
  }

  /**
   * Log first, then answer: the log holds every call that could reach a tool, whether or not a reply
   * follows. A call without a string name reaches none, so it is refused unlogged (the log's readers
   * refuse a line without one).
   */
  private callTool(request: Request, era: Era): void {
    const { id, params } = request;
    const name = params["name"];
    if (typeof name !== "string") {
      this.reply(
        errorMessage(
          id,
          INVALID_PARAMS,
          `Invalid params: tools/call expects "name" to be a string, got ${preview(name)}`,
        ),
        request,
      );
      return;
    }
    // Absent arguments are none ({}), as MCP 2025-06-18 makes them optional; null is recorded as
    // it came (and refused below): a client that sends null for {} shows in the call log.
    const args = params["arguments"] === undefined ? {} : params["arguments"];
    const logged = this.log.record(id, name, args, era);
    if (!logged.ok) {
      // Say the real cause: arguments too deep to record are the client's; a failing disk is ours.
      this.diagnose(logged.message);
      const error = logged.tooDeep
        ? errorMessage(
            id,
            INVALID_PARAMS,
            `Invalid params: the arguments are nested too deeply to record in the call log, so the tool did not run`,
          )
        : errorMessage(
            id,
            INTERNAL_ERROR,
            "Internal error: the call log could not be written, so the tool did not run",
          );
      this.reply(error, request);
      return;
    }
    this.sendSkipped();
    // A mode whose fault belongs to the other era answers this request as normal mode would.
    const context: CallReplyContext = {
      ...this.callContext,
      mode: modeAppliesIn(this.options.mode, era) ? this.options.mode : "normal",
      reply: (message) => this.reply(message, request),
    };
    const reply = this.runTool(id, name, args);
    const result = reply["result"];
    deliverCallReply(
      context,
      id,
      era === MODERN_VERSION && isObject(result) ? { ...reply, result: complete(result) } : reply,
    );
  }

  private runTool(id: RequestId, name: string, args: unknown): JsonObject {
    const tool = this.catalog.find(name);
    if (tool === undefined) return errorMessage(id, INVALID_PARAMS, `Unknown tool: ${preview(name)}`);
    if (!isObject(args)) {
      return errorMessage(
        id,
        INVALID_PARAMS,
        `Invalid params: tools/call expects "arguments" to be an object, got ${preview(args)}`,
      );
    }
    return resultMessage(id, tool.run(args));
  }

  /** Every reply to a request goes out here, so notify's and stderr-log's extras apply to all. */
  private reply(message: JsonObject, request?: Request): void {
    if (this.options.mode === "notify") this.sendNotifications(request);
    if (this.chatty)
      this.diagnose(`replying to ${preview(message["id"])} with ${"error" in message ? "an error" : "a result"}`);
    this.answered = true;
    this.output.send(message);
    this.lastReply = message;
  }

  private sendNotifications(request: Request | undefined): void {
    const meta = request?.params["_meta"];
    // A progress token is a string or a number (MCP basic/utilities/progress); anything else is not echoed.
    const given = isObject(meta) ? meta["progressToken"] : undefined;
    const token =
      typeof given === "string" || typeof given === "number" ? given : `lucy-progress-${String(request?.id ?? "call")}`;
    const log = (data: string) =>
      notificationMessage("notifications/message", { level: "info", logger: "lucy-teaching-server", data });
    this.output.send(log("working on it"));
    this.output.send(notificationMessage("notifications/progress", { progressToken: token, progress: 1, total: 1 }));
    this.output.send(log("done, answer follows"));
  }

  /**
   * The messages a client skips before a tools/call reply: --notifications N of them, all
   * notifications/message, or cycling through --skipped-mix's methods with its pings spread among
   * them (the pings are requests to the client, answered whenever it answers).
   */
  private sendSkipped(): void {
    const count = this.options.notifications ?? 0;
    const mix = this.options.skippedMix ?? { methods: ["notifications/message"], pings: 0 };
    const pingAfter = Array.from({ length: mix.pings }, (_, k) => Math.floor(((k + 1) * count) / (mix.pings + 1)));
    for (let sent = 0; sent <= count; sent += 1) {
      for (const after of pingAfter) if (after === sent) void this.askClient("ping");
      if (sent === count) break;
      const method = mix.methods[sent % mix.methods.length]!;
      const data = `note ${sent + 1}`;
      const params =
        method === "notifications/message" ? { level: "info", logger: "lucy-teaching-server", data } : { data };
      this.output.send(notificationMessage(method, params));
    }
  }

  /** ping and sampling modes: a request to the client; resolves on the first answer that arrives. */
  private askClient(method: string, params?: JsonObject): Promise<void> {
    const id = this.options.askIds?.[this.asksSent] ?? `server-${this.asksSent + 1}`;
    this.asksSent += 1;
    return new Promise((resolve) => {
      this.pendingAsks.push({ id, method, answered: resolve });
      this.output.send(requestMessage(id, method, params));
    });
  }

  private onResponse(response: Response): void {
    const waiting = this.pendingAsks.shift();
    if (waiting === undefined) {
      this.diagnose(`a response for id ${preview(response.id)} arrived, but the server asked nothing`);
      return;
    }
    if (response.id !== waiting.id) {
      this.diagnose(
        `expected the answer to ${waiting.method} ${shownId(waiting.id)}, got a response for id ${shownId(response.id)}; answering anyway`,
      );
    } else if (waiting.method === "ping") {
      const result = response.message["result"];
      if (!isObject(result) || Object.keys(result).length > 0)
        this.diagnose(
          `expected the ping answer to be a result {}, got ${preview(response.message, 200)}; answering anyway`,
        );
    } else {
      // A client that declared no such capability answers with JSON-RPC's "method not found".
      const error = response.message["error"];
      if (!isObject(error) || error["code"] !== METHOD_NOT_FOUND)
        this.diagnose(
          `expected ${waiting.method} to be refused with error ${METHOD_NOT_FOUND}, got ${preview(response.message, 200)}; answering anyway`,
        );
    }
    waiting.answered();
  }
}

/** An id as JSON tells it, so 0 and "0" differ: a number (or null) bare, a string quoted and cut as preview cuts it. */
const shownId = (id: RequestId | null): string => (typeof id === "string" ? preview(id) : String(id));

/**
 * What is wrong with initialize's params (MCP 2025-06-18, InitializeRequest): the protocol version
 * the client speaks, its capabilities, and who it is (clientInfo's name and version), or undefined.
 */
export function initializeParamsProblem(params: JsonObject): string | undefined {
  if (typeof params["protocolVersion"] !== "string")
    return `needs protocolVersion, a string; got ${preview(params["protocolVersion"])}`;
  if (!isObject(params["capabilities"])) return `needs capabilities, an object; got ${preview(params["capabilities"])}`;
  const clientInfo = params["clientInfo"];
  if (!isObject(clientInfo) || typeof clientInfo["name"] !== "string" || typeof clientInfo["version"] !== "string")
    return `needs clientInfo with a string name and version; got ${preview(clientInfo)}`;
  return undefined;
}
