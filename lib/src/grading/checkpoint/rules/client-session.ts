// A client under test, driven through the probe: each call is timed by the grader's clock and
// bounded, and close() is always attempted so the server's evidence is complete.
import { setTimeout as sleep } from "node:timers/promises";
import { queuedSince } from "../../trials/starvation.js";
import { showError } from "./expect.js";
import { receivedMethods, repeatedRequests } from "./server-records.js";
import {
  failRule,
  type ClientMethod,
  type ProbeAnswer,
  type ProbeError,
  type RuleContext,
  type ServerRun,
} from "./types.js";

/** The longest a session waits for the process its client started to be ready to answer. */
const SERVING_WAIT_MS = 15_000;

export interface ClientOptions {
  readonly allowed: readonly string[];
  readonly timeoutMs?: number;
  readonly frameLimit?: number;
}

export interface Timed {
  readonly answer: ProbeAnswer;
  /** By the grader's clock, from asking to the answer. */
  readonly ms: number;
  /** Of `ms`, how long the call waited for a CPU: in the graded process or the grader's, the longer. */
  readonly starvedMs: number;
}

export class ClientSession {
  private constructor(
    private readonly context: RuleContext,
    readonly handle: number,
    readonly server: ServerRun,
  ) {}

  static async open(context: RuleContext, server: ServerRun, options: ClientOptions): Promise<ClientSession> {
    const answer = await context.ask({
      op: "client.new",
      command: server.command,
      options: { timeoutMs: 5000, ...options },
    });
    if (!answer.ok) failRule("new StdioClient(command, options)", "a client", `it threw ${showError(answer.error)}`);
    await untilServing(server);
    return new ClientSession(context, (answer.value as { handle: number }).handle, server);
  }

  async call(method: ClientMethod, args: readonly unknown[] = [], boundMs = 10_000): Promise<Timed> {
    const queued = queuedSince();
    const started = performance.now();
    const answer = await this.context.ask({ op: "client.call", handle: this.handle, method, args }, boundMs);
    const ms = Math.round(performance.now() - started);
    // In a separate host, the graded process's own wait; in process, this one's is the same.
    return { answer, ms, starvedMs: Math.min(ms, Math.max(answer.starvedMs ?? 0, queued())) };
  }

  /**
   * call(), with what the server received while the operation ran (`sent`, its methods in order)
   * and the requests among them sent more than once (see repeatedRequests): read when the
   * operation is over, so a request sent again before the caller got its answer is counted.
   */
  async callOnce(
    method: ClientMethod,
    args: readonly unknown[] = [],
    boundMs = 10_000,
  ): Promise<Timed & { readonly sent: readonly string[]; readonly repeated?: string }> {
    const before = receivedMethods(this.server.recordFile).length;
    const timed = await this.call(method, args, boundMs);
    const sent = receivedMethods(this.server.recordFile).slice(before);
    const repeated = repeatedRequests(sent);
    return repeated === undefined ? { ...timed, sent } : { ...timed, sent, repeated };
  }

  /**
   * A session against a new `mode` server whose handshake and discovery succeeded. With a deadline
   * of a second or so, a server slow to start on a busy machine runs the handshake out of time, so
   * a DeadlineError there gives another session, up to `tries` in all; any other refusal fails.
   */
  static async openReady(
    context: RuleContext,
    mode: string | ((attempt: number) => ServerRun),
    options: ClientOptions,
    tries = 3,
  ): Promise<ClientSession> {
    for (let attempt = 1; ; attempt += 1) {
      const server = typeof mode === "string" ? context.server(mode) : mode(attempt);
      const client = await ClientSession.open(context, server, options);
      const refused = await client.setUpRefusal();
      if (refused === undefined) return client;
      await client.close();
      if (refused.error.name !== "DeadlineError" || attempt >= tries) failSetUp(refused);
    }
  }

  /** initialize() and listTools(), which must succeed. */
  async ready(): Promise<void> {
    const refused = await this.setUpRefusal();
    if (refused !== undefined) failSetUp(refused);
  }

  /** The first of initialize() and listTools() that did not succeed, if one did not. */
  private async setUpRefusal(): Promise<SetUpRefusal | undefined> {
    for (const method of ["initialize", "listTools"] as const) {
      const { answer } = await this.call(method);
      if (!answer.ok) return { method, error: answer.error };
    }
    return undefined;
  }

  /** close(), bounded; its answer (the exit status, or what it threw). */
  async close(boundMs = 8000): Promise<Timed> {
    return this.call("close", [], boundMs);
  }
}

/**
 * Waits, within SERVING_WAIT_MS, while the process the client started is still starting: the
 * client's deadlines judge its exchanges, not how long Node takes to load on a busy machine. A
 * client that starts its server later (in initialize()) has none running yet and is not held up.
 */
async function untilServing(server: ServerRun): Promise<void> {
  const started = performance.now();
  while (server.standing() === "starting" && performance.now() - started < SERVING_WAIT_MS) await sleep(25);
}

interface SetUpRefusal {
  readonly method: ClientMethod;
  readonly error: ProbeError;
}

function failSetUp({ method, error }: SetUpRefusal): never {
  failRule(`${method}() against the teaching server`, "success", `it threw ${showError(error)}`);
}
