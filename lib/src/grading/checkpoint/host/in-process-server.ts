// A teaching server run inside the grader's own process, for one relay's connection: the server's
// own session code (server-build/teaching-serve.ts) on streams of the grader's, where a real one
// would run on a child's pipes. It is seen as the child was: its log and record, its output as it
// writes it (held while the relay does not read), SIGTERM met as its mode says, and its end (an
// exit status, or the signal it died of). Killed, it stops at once: no timer or write of its
// session runs afterwards. A child cost some 46 CPU-ms just to start, some 40 times a grading.
import { PassThrough, Writable } from "node:stream";
import { startServer, type ServerIo, type SigtermAction } from "../../../server-build/teaching-serve.js";

/** How a server ended, as a child's 'close' says it: an exit status, or the signal it died of. */
export interface ServerEnd {
  readonly code: number | null;
  readonly signal: "SIGTERM" | "SIGKILL" | null;
}

/** Where a server's output goes once a relay's connection takes it. */
export interface ServerSink {
  /** A chunk of its stdout; false: the reader is full, so the server's next write waits for drained(). */
  stdout(chunk: Buffer): boolean;
  stderr(chunk: Buffer): void;
}

/** What the server's "start" record says: the grader's own process, the argv and environment a child of it had. */
const START_ENV = ["PATH"];

export class InProcessServer {
  /** The server's input: what the relay sends is written here, its end is the end of the server's input. */
  readonly stdin = new PassThrough();
  private readonly stdout = new Writable({ write: (chunk: Buffer, _, done) => this.out("stdout", chunk, done) });
  private readonly stderr = new Writable({ write: (chunk: Buffer, _, done) => this.out("stderr", chunk, done) });
  private sink: ServerSink | undefined;
  /** The relay is gone: what the server still writes has no reader, and is let through and dropped. */
  private detached = false;
  /** Output written before a sink took it, in order. */
  private held: Array<{ readonly kind: "stdout" | "stderr"; readonly chunk: Buffer; readonly done: () => void }> = [];
  /** The write of stdout that waits for the sink to drain. */
  private waitingWrite: (() => void) | undefined;
  private sigterm: SigtermAction = "default";
  private readonly life = new AbortController();
  /** Turns of the loop the session waits for (a SIGTERM's handler, a dropped write's callback): cleared at its end. */
  private readonly turns = new Set<NodeJS.Immediate>();
  private ending: ServerEnd | undefined;
  private readonly closeListeners: Array<(end: ServerEnd) => void> = [];

  /** Starts a server with `argv`, the teaching server's own (past node and its main file). */
  constructor(argv: readonly string[]) {
    const io: ServerIo = {
      stdin: this.stdin,
      stdout: this.stdout,
      stderr: this.stderr,
      start: { pid: process.pid, argv, env: START_ENV },
      ended: this.life.signal,
      exit: (code) => this.end({ code, signal: null }),
      onSigterm: (action) => {
        this.sigterm = action;
      },
      dieOfSigterm: () => this.end({ code: null, signal: "SIGTERM" }),
      // The grader started it and runs it: once the grader is gone, so is the server.
      watchStarter: () => undefined,
    };
    this.stdout.on("error", () => undefined);
    this.stderr.on("error", () => undefined);
    try {
      const started = startServer(argv, io);
      if (started !== "serving") this.end({ code: started.status, signal: null });
    } catch (error) {
      // A child would have crashed with status 1; the grader says why it could not serve.
      this.startFailure = error instanceof Error ? error.message : String(error);
      this.end({ code: 1, signal: null });
    }
  }

  /** Why the server could not start, if it could not. */
  readonly startFailure: string | undefined;

  /** Whether it is still running. */
  get running(): boolean {
    return this.ending === undefined;
  }

  /** Calls `listener` once the server has ended (at once, in a later microtask, if it already has). */
  onClose(listener: (end: ServerEnd) => void): void {
    if (this.ending === undefined) this.closeListeners.push(listener);
    else {
      const ending = this.ending;
      queueMicrotask(() => listener(ending));
    }
  }

  /** The relay's connection takes the server's output: what it wrote so far first, in order. */
  attach(sink: ServerSink): void {
    this.sink = sink;
    for (const { kind, chunk, done } of this.held.splice(0)) this.deliver(kind, chunk, done);
  }

  /** The sink can take more: the server's waiting write goes on. */
  drained(): void {
    const done = this.waitingWrite;
    this.waitingWrite = undefined;
    done?.();
  }

  /** The relay's connection is gone: from now on the server's output is dropped as it writes it. */
  detach(): void {
    this.sink = undefined;
    this.detached = true;
    const done = this.waitingWrite;
    this.waitingWrite = undefined;
    if (done !== undefined) this.later(done);
  }

  /**
   * A signal, as kill(2) sends one: SIGKILL ends the server at once, silently; SIGTERM does too
   * when its action is the default, else its handler runs in a later turn, as a caught signal's does.
   */
  kill(signal: "SIGTERM" | "SIGKILL"): void {
    if (this.ending !== undefined) return;
    if (signal === "SIGKILL" || this.sigterm === "default") {
      this.end({ code: null, signal });
      return;
    }
    this.later(() => {
      const action = this.sigterm;
      if (action === "default") this.end({ code: null, signal: "SIGTERM" });
      else action();
    });
  }

  private out(kind: "stdout" | "stderr", chunk: Buffer, done: () => void): void {
    if (this.ending !== undefined) return; // an ended server writes nothing more, and waits for nothing
    if (this.detached) {
      // A later turn, never at once: a server that writes without end (endless) must not hold the loop.
      this.later(done);
      return;
    }
    if (this.sink === undefined) {
      this.held.push({ kind, chunk, done: kind === "stderr" ? () => undefined : done });
      if (kind === "stderr") done();
      return;
    }
    this.deliver(kind, chunk, done);
  }

  private deliver(kind: "stdout" | "stderr", chunk: Buffer, done: () => void): void {
    const sink = this.sink!;
    if (kind === "stderr") {
      sink.stderr(chunk);
      done();
    } else if (sink.stdout(chunk)) done();
    else this.waitingWrite = done;
  }

  /** Runs `task` in a later turn of the loop, unless the server has ended by then. */
  private later(task: () => void): void {
    const turn = setImmediate(() => {
      this.turns.delete(turn);
      if (this.ending === undefined) task();
    });
    this.turns.add(turn);
  }

  /** The server's end: every wait of its session stops, its input is read no more, and whoever waits is told. */
  private end(ending: ServerEnd): void {
    if (this.ending !== undefined) return;
    this.ending = ending;
    this.life.abort();
    for (const turn of this.turns) clearImmediate(turn);
    this.turns.clear();
    this.waitingWrite = undefined;
    // As a dead process's pipe: what still comes is taken and goes nowhere, and its end means nothing.
    this.stdin.removeAllListeners("data");
    this.stdin.removeAllListeners("end");
    this.stdin.resume();
    for (const listener of this.closeListeners.splice(0)) queueMicrotask(() => listener(ending));
  }
}
