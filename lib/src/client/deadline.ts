import { DeadlineError } from "../errors/deadline-error.js";
import { slowStartRemedy } from "../errors/wording.js";

type Expiry = (reason: DeadlineError) => void;

/**
 * One operation's single deadline. Every write and read of the operation waits on the same
 * timer, so a peer that sends a byte just before each wait would end cannot stretch it.
 *
 * A plain timer with a set of waiters rather than an AbortController: the controller, its
 * signal and their listeners cost a measurable share of a call that takes a fraction of a
 * millisecond (see `npm run bench`), and nothing outside the client needs a signal. For the
 * same reason a client reuses one Deadline for its operations, one after another: restart()
 * re-arms the same timer (Timeout.refresh) instead of making and clearing one per call.
 */
export class Deadline {
  private readonly timer: NodeJS.Timeout;
  private readonly waiters = new Set<Expiry>();
  private reason: DeadlineError | undefined;
  private active = true;
  /** Whether this is the client's first operation, which also waits for the server to start. */
  private first = true;
  /** For a wait inside another deadline (within()): withdraws it from the outer one. */
  private release: (() => void) | undefined;

  constructor(
    private operation: string,
    private readonly timeoutMs: number,
  ) {
    this.timer = setTimeout(() => this.expire(), timeoutMs);
  }

  /** A fresh deadline for the next operation, on the same timer; only after dispose(). */
  restart(operation: string): this {
    this.operation = operation;
    this.reason = undefined;
    this.active = true;
    this.first = false;
    this.timer.ref();
    this.timer.refresh();
    return this;
  }

  /** Whether this deadline has passed (and its waiters were failed). */
  get passed(): boolean {
    return this.reason !== undefined;
  }

  /**
   * A shorter wait inside this operation (the dual-era probe): it ends after `ms`, or when this
   * deadline passes, whichever comes first. stop() it when the wait is over.
   */
  within(operation: string, ms: number): Deadline {
    const inner = new Deadline(operation, ms);
    inner.first = false; // the outer deadline says the remedy, if there is one to say
    inner.release = this.onExpire((reason) => inner.expire(reason));
    return inner;
  }

  private expire(outer?: DeadlineError): void {
    if (!this.active) return; // fired between operations: nothing waits on it
    this.reason =
      outer ??
      new DeadlineError("deadline", {
        what: `${this.operation} did not finish within its deadline`,
        expected: `a complete answer within ${this.timeoutMs} ms`,
        limit: `deadline ${this.timeoutMs} ms for the whole operation`,
        ...(this.first ? { remedy: slowStartRemedy(this.timeoutMs) } : {}),
      });
    for (const waiter of this.waiters) waiter(this.reason);
    this.waiters.clear();
  }

  /**
   * Calls `expire` when the deadline passes (at once if it already has); returns a function
   * that withdraws the call, for a wait that ended in time.
   */
  onExpire(expire: Expiry): () => void {
    if (this.reason) {
      expire(this.reason);
      return () => undefined;
    }
    this.waiters.add(expire);
    return () => this.waiters.delete(expire);
  }

  /** Resolves with `work`, or rejects with the DeadlineError as soon as the deadline passes. */
  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const withdraw = this.onExpire(reject);
      work.then(
        (value) => {
          withdraw();
          resolve(value);
        },
        (error: unknown) => {
          withdraw();
          reject(error);
        },
      );
    });
  }

  /**
   * The operation ended either way: nothing waits any more, and the timer no longer keeps the
   * process alive (if it still fires, it does nothing). restart() takes it up again.
   */
  dispose(): void {
    this.active = false;
    this.waiters.clear();
    this.timer.unref();
    this.release?.();
    this.release = undefined;
  }

  /** Stops the timer for good (the client is closed). */
  stop(): void {
    this.dispose();
    clearTimeout(this.timer);
  }
}
