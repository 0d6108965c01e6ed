// A client under test, driven through the probe: each call is timed by the grader's clock and
// bounded, and close() is always attempted so the server's evidence is complete.
import { showError } from "./expect.js";
import { failRule, type ClientMethod, type ProbeAnswer, type RuleContext, type ServerRun } from "./types.js";

export interface ClientOptions {
  readonly allowed: readonly string[];
  readonly timeoutMs?: number;
  readonly frameLimit?: number;
}

export interface Timed {
  readonly answer: ProbeAnswer;
  readonly ms: number;
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
    return new ClientSession(context, (answer.value as { handle: number }).handle, server);
  }

  async call(method: ClientMethod, args: readonly unknown[] = [], boundMs = 10_000): Promise<Timed> {
    const started = performance.now();
    const answer = await this.context.ask({ op: "client.call", handle: this.handle, method, args }, boundMs);
    return { answer, ms: Math.round(performance.now() - started) };
  }

  /** initialize() and listTools(), which must succeed. */
  async ready(): Promise<void> {
    for (const method of ["initialize", "listTools"] as const) {
      const { answer } = await this.call(method);
      if (!answer.ok)
        failRule(`${method}() against the teaching server`, "success", `it threw ${showError(answer.error)}`);
    }
  }

  /** close(), bounded; its answer (the exit status, or what it threw). */
  async close(boundMs = 8000): Promise<Timed> {
    return this.call("close", [], boundMs);
  }
}
