import { DeadlineError } from "../protocol/errors/deadline-error.js";

type Expiry = (reason: DeadlineError) => void;

/**
 * One operation's single deadline. Every write and read of the operation waits on the same
 * timer, so a peer that sends a byte just before each wait would end cannot stretch it.
 *
 * A plain timer with a set of waiters rather than an AbortController: the controller, its
 * signal and their listeners cost a measurable share of a call that takes a fraction of a
 * millisecond (see `npm run bench`), and nothing outside the client needs a signal.
 */
export class Deadline {
  private readonly timer: NodeJS.Timeout;
  private readonly waiters = new Set<Expiry>();
  private reason: DeadlineError | undefined;

  constructor(operation: string, timeoutMs: number) {
    this.timer = setTimeout(() => {
      this.reason = new DeadlineError("deadline", {
        what: `${operation} did not finish within its deadline`,
        expected: `a complete answer within ${timeoutMs} ms`,
        limit: `deadline ${timeoutMs} ms for the whole operation`,
      });
      for (const waiter of this.waiters) waiter(this.reason);
      this.waiters.clear();
    }, timeoutMs);
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

  /** Stops the timer; call when the operation ends either way. */
  dispose(): void {
    clearTimeout(this.timer);
    this.waiters.clear();
  }
}
