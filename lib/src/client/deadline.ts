import { DeadlineError } from "../protocol/errors/deadline-error.js";

/**
 * One operation's single deadline. Every write and read of the operation waits on the same
 * signal, so a peer that sends a byte just before each wait would end cannot stretch it.
 */
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(operation: string, timeoutMs: number) {
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => {
      this.controller.abort(
        new DeadlineError("deadline", {
          what: `${operation} did not finish within its deadline`,
          expected: `a complete answer within ${timeoutMs} ms`,
          limit: `deadline ${timeoutMs} ms for the whole operation`,
        }),
      );
    }, timeoutMs);
  }

  /** Stops the timer; call when the operation ends either way. */
  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** Resolves with `work`, or rejects with the signal's reason as soon as it aborts. */
export function raceSignal<T>(work: Promise<T>, signal: AbortSignal, onAbort?: () => void): Promise<T> {
  if (signal.aborted) {
    onAbort?.();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort?.();
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}
