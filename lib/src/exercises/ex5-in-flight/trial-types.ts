// The plain data exercise 5's check and its judge share: a trial and its outcome.
import type { ScriptedFrame } from "./streams.js";

/**
 * One run of the learner's function, as plain data, so it runs where the learner's code lives (the
 * notebook's kernel, the checkpoint's host) and is judged elsewhere: a live server's argv, or a
 * script of replies, each for the i-th request sent (`request`) or for a literal id (`id`).
 */
export type InFlightTrial =
  | { readonly command: readonly string[] }
  | {
      readonly replies: readonly ScriptedFrame[];
      /** The texts to count (default IN_FLIGHT_TEXTS) and the deadline given (default 1000 ms). */
      readonly texts?: readonly string[];
      readonly timeoutMs?: number;
    };

/** What one trial gave: the answers or the error (its class, reason, and whether it is one of ours), and the time it took. */
export interface InFlightOutcome {
  readonly answers?: unknown;
  readonly error?: {
    readonly name: string;
    readonly message: string;
    readonly reason?: string;
    readonly workbook: boolean;
  };
  readonly ms: number;
}
