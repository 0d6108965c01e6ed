// A client assembled from a learner's pieces. The plumbing is given (spawn in a process group,
// stdout fed to the learner's FrameReader, frames handed out under a signal); every decision is
// the learner's: their encodeFrame writes, their FrameReader cuts, their request() binds replies
// with their parseFrame and answerFor, their checkInitialize and checkTools judge the handshake,
// their callTool() and close() decide. Anything a piece throws outside the closed family is
// wrapped (UsageError "learner-part", original kept as cause), so callers still see WorkbookErrors.
// The library's StdioClient is untouched: its hot path pays nothing for this.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { PROTOCOL_VERSION } from "../protocol/constants.js";
import { ClosedError } from "../errors/closed-error.js";
import { DeadlineError } from "../errors/deadline-error.js";
import { RefusedError } from "../errors/refused-error.js";
import { UsageError } from "../errors/usage-error.js";
import { WorkbookError } from "../errors/workbook-error.js";
import type { McpTool } from "../protocol/handshake.js";
import type { JsonObject } from "../protocol/messages.js";
import type { ExitStatus } from "../client/stdio-client.js";
import { wholeMs, type StdioClientOptions } from "../client/options.js";
import type { ClientUnderTest, Implementation } from "../grading/trials/implementation.js";
import type { PieceName, PieceSet } from "./piece-names.js";

/** What the scaffold gives the learner's request(), callTool() and close(): one connection. */
export interface ClientContext {
  /** One deadline per operation, in ms. */
  readonly timeoutMs: number;
  /** The application's decision; the server cannot extend it. */
  readonly allowed: ReadonlySet<string>;
  /** Advertised tools by name, filled by listTools() with what your checkTools accepted. */
  readonly catalog: ReadonlyMap<string, McpTool>;
  /** The server's pid, which is also its process group id (undefined if it never started). */
  readonly pid: number | undefined;
  /** Resolves with the server's exit status once it has exited. */
  readonly exited: Promise<ExitStatus>;
  /** The next request id: 1, 2, 3, ... */
  nextId(): number;
  /** Writes one message as one frame, with your encodeFrame. */
  send(message: object): void;
  /**
   * The next whole frame, as your FrameReader cut it. Rejects with your reader's refusal, with
   * ClosedError once the output ended, or with DeadlineError once `signal` times out.
   */
  nextFrame(signal: AbortSignal): Promise<Buffer>;
  /** Ends the server's input: the polite first step of a stdio shutdown. */
  endInput(): void;
}

type ReaderClass = new (limit?: number) => { feed(chunk: Uint8Array): Buffer[] };

/** The pieces the assembled client calls, looked up when each is used (so a re-run cell counts). */
export type PieceSource = () => PieceSet;

/** Calls a learner's piece; whatever it throws outside the closed family becomes a UsageError. */
export function viaPiece<T>(piece: string, work: () => T): T {
  try {
    const value = work();
    if (value instanceof Promise)
      return value.catch((error: unknown) => {
        throw wrapPieceError(piece, error);
      }) as T;
    return value;
  } catch (error) {
    throw wrapPieceError(piece, error);
  }
}

/** A learner's throw, kept in the closed family. */
export function wrapPieceError(piece: string, error: unknown): WorkbookError {
  if (error instanceof WorkbookError) return error;
  const said =
    error instanceof Error ? `${error.name}: ${error.message}` : `a thrown ${typeof error}: ${String(error)}`;
  return new UsageError(
    "learner-part",
    {
      what: `your ${piece} threw ${said}`,
      expected: "one of the library's errors (ProtocolError, DeadlineError, ...) or a value",
    },
    { cause: error },
  );
}

function pieceOf<T>(source: PieceSource, name: PieceName): T {
  const value = source()[name];
  if (value === undefined)
    throw new UsageError("learner-part", {
      what: `${name} is not defined`,
      expected: `the cell that defines ${name} run first`,
    });
  return value as T;
}

/** The connection and the learner's pieces, as one StdioClient-shaped object. */
export class AssembledClient implements ClientUnderTest {
  readonly command: readonly string[];
  readonly context: ClientContext;
  /** Nothing but initialize() (your connect) before the handshake is done. */
  private ready = false;
  private catalog = new Map<string, McpTool>();
  private readonly child: ChildProcessByStdio<Writable, Readable, null>;
  private readonly frames: Buffer[] = [];
  private readError: Error | undefined;
  private wake: (() => void) | undefined;
  private readonly frameLimit: number | undefined;

  constructor(
    private readonly pieces: PieceSource,
    command: readonly string[],
    options: StdioClientOptions = {},
  ) {
    const [file, ...args] = command;
    if (file === undefined)
      throw new UsageError("bad-command", {
        what: "no command to start",
        expected: "an argv such as [process.execPath, 'server.js']",
      });
    this.command = [...command];
    this.frameLimit = options.frameLimit;
    const Reader = pieceOf<ReaderClass>(pieces, "FrameReader");
    const reader = viaPiece("FrameReader", () => new Reader(options.frameLimit));
    this.child = spawn(file, args, {
      stdio: ["pipe", "pipe", "ignore"],
      env: { ...(options.env ?? { PATH: process.env["PATH"] ?? "" }) },
      detached: true,
      shell: false,
    });
    const exited = new Promise<ExitStatus>((resolve) => {
      this.child.once("exit", (code, signal) => resolve(code ?? signal));
      this.child.once("error", () => {
        if (this.child.pid === undefined) resolve(null);
      });
    });
    this.child.once("error", (error) => {
      this.readError ??= new ClosedError(
        "spawn-failed",
        {
          what: `server could not be started: ${error.message}`,
          expected: `a runnable program at ${JSON.stringify(file)}`,
        },
        { cause: error },
      );
      this.wake?.();
    });
    this.child.stdout.on("data", (chunk: Buffer) => {
      if (this.readError) return;
      try {
        this.frames.push(...viaPiece("FrameReader", () => reader.feed(chunk)));
      } catch (error) {
        this.readError = error instanceof Error ? error : new Error(String(error));
      }
      this.wake?.();
    });
    this.child.stdout.once("close", () => {
      this.readError ??= new ClosedError("output-ended", { what: "the server's output ended", expected: "a response" });
      this.wake?.();
    });
    this.child.stdin.on("error", () => undefined); // a write after the server is gone: the read reports it
    let lastId = 0;
    const client = this;
    this.context = {
      timeoutMs: wholeMs(options.timeoutMs ?? 5000),
      allowed: new Set(options.allowed ?? []),
      get catalog() {
        return client.catalog;
      },
      pid: this.child.pid,
      exited,
      nextId: () => (lastId += 1),
      send: (message) => this.send(message),
      nextFrame: (signal) => this.nextFrame(signal),
      endInput: () => {
        this.child.stdout.destroy();
        this.child.stdin.end();
      },
    };
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The handshake and discovery, as your connect does them; what its checkTools accepted becomes the catalog. */
  async initialize(): Promise<readonly McpTool[]> {
    const connect = pieceOf<(context: ClientContext) => Promise<McpTool[]>>(this.pieces, "connect");
    const tools = await viaPiece("connect", () => connect(this.context));
    if (!Array.isArray(tools))
      throw new UsageError("learner-part", {
        what: `your connect returned ${typeof tools}`,
        expected: "the array of tools your checkTools accepted",
      });
    this.catalog = new Map(tools.map((tool: McpTool) => [tool.name, tool]));
    this.ready = true;
    return tools;
  }

  /** Discovery was part of your connect: the catalog it filled. */
  async listTools(): Promise<McpTool[]> {
    this.requireReady("listTools");
    return [...this.catalog.values()];
  }

  allowedTools(): McpTool[] {
    return [...this.catalog.values()].filter((tool) => this.context.allowed.has(tool.name));
  }

  callTool(name: string, args: JsonObject = {}): Promise<string> {
    if (!this.ready) return Promise.reject(notInitialized("callTool"));
    const call = pieceOf<(context: ClientContext, name: string, args: JsonObject) => Promise<string>>(
      this.pieces,
      "callTool",
    );
    return Promise.resolve().then(() => viaPiece("callTool", () => call(this.context, name, args)));
  }

  close(): Promise<ExitStatus> {
    const close = pieceOf<(context: ClientContext) => Promise<ExitStatus>>(this.pieces, "close");
    return Promise.resolve().then(() => viaPiece("close", () => close(this.context)));
  }

  private requireReady(operation: string): void {
    if (!this.ready) throw notInitialized(operation);
  }

  private send(message: object): void {
    const limit = this.frameLimit;
    if (!this.child.stdin.writable)
      throw new ClosedError("input-closed", { what: "server input is closed", expected: "a running server" });
    const encode = pieceOf<(message: object, limit?: number) => Uint8Array>(this.pieces, "encodeFrame");
    this.child.stdin.write(
      viaPiece("encodeFrame", () => (limit === undefined ? encode(message) : encode(message, limit))),
    );
  }

  private async nextFrame(signal: AbortSignal): Promise<Buffer> {
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) return frame;
      if (this.readError) throw this.readError;
      if (signal.aborted) throw asDeadline(signal.reason);
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

function notInitialized(operation: string): RefusedError {
  return new RefusedError("not-initialized", {
    what: `${operation} before the handshake`,
    expected: "await initialize() first",
  });
}

function asDeadline(reason: unknown): unknown {
  if (reason instanceof WorkbookError) return reason;
  if (reason instanceof Error && reason.name === "TimeoutError") {
    return new DeadlineError(
      "deadline",
      { what: "the operation's deadline passed", expected: "the reply within the deadline" },
      { cause: reason },
    );
  }
  return reason;
}

/**
 * The learner's pieces as an Implementation the checkpoint grades like any `--impl` module:
 * the pure pieces as they are now, and a StdioClient assembled from the rest, which reads
 * `pieces` each time it uses one, so a client made after a cell is re-run uses the new one.
 */
export function implementationFrom(pieces: PieceSource): Implementation {
  const piece = <T>(name: PieceName): T => {
    const value = pieces()[name];
    return (value ?? undefined) as T;
  };
  return {
    PROTOCOL_VERSION,
    requestMessage: piece("requestMessage"),
    notificationMessage: piece("notificationMessage"),
    answerFor: piece("answerFor"),
    encodeFrame: piece("encodeFrame"),
    FrameReader: piece("FrameReader"),
    parseFrame: piece("parseFrame"),
    checkInitialize: piece("checkInitialize"),
    checkTools: piece("checkTools"),
    resultText: piece("resultText"),
    StdioClient: class extends AssembledClient {
      constructor(command: readonly string[], options?: StdioClientOptions) {
        super(pieces, command, options);
      }
    },
    topTools: piece("topTools"),
  };
}

/** A client over the learner's pieces, for a notebook cell: `connect(() => ({ ...pieces }), command, options)`. */
export function assembledClient(
  pieces: PieceSet | PieceSource,
  command: readonly string[],
  options: StdioClientOptions = {},
): AssembledClient {
  const source: PieceSource = typeof pieces === "function" ? pieces : () => pieces;
  return new AssembledClient(source, command, options);
}
