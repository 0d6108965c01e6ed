// The grading core every check shares, the checkpoint's rules and the exercise checks alike: one
// verdict shape, the error a check fails with, how an error reads in a verdict, a bound on the
// time any piece of work may take, and ending the process groups a check started.
import { killGroups } from "../../client/process-group.js";

/** How a check ended: ok, not ok, not graded (a check it depends on failed), or nothing to check. */
export type VerdictStatus = "passed" | "failed" | "not-graded" | "not-applicable";

/**
 * The one verdict every check gives: a checkpoint rule, a build piece's check, an exercise's check.
 * "not-applicable" is a rule with nothing to check in this submission: 0 points, ok stays true,
 * so it changes neither the score's maximum nor the exit code.
 */
export interface Verdict {
  /** What was judged: a rule id ("ids-exact"), a piece ("FrameReader"), an exercise. */
  readonly name: string;
  /** What an ok line says. */
  readonly title: string;
  readonly ok: boolean;
  readonly status: VerdictStatus;
  readonly points: number;
  readonly score: number;
  readonly expected: string | undefined;
  readonly received: string | undefined;
  /** Where to look, or the idea to try, when it is not ok. */
  readonly hint: string | undefined;
  /** The one line it prints: "ok ..." or "FAIL ..." / "not yet ...". */
  readonly line: string;
  /** What the graded code printed while it ran (grading only). */
  readonly output: string;
  /** Wall time of the check, cleanup included. */
  readonly ms: number;
}

/** An exercise check's verdict: the one Verdict, as much of it as an exercise check fills. */
export type CheckResult = Pick<Verdict, "name" | "ok" | "output" | "ms">;

/**
 * The one failure shape: a check's own verdict against the graded answer. `what` was looked at;
 * what was expected and what came, when the check can say; a hint at the idea, when it has one.
 */
export class CheckFailure extends Error {
  override readonly name = "CheckFailure";
  constructor(
    readonly what: string,
    readonly expected?: string,
    readonly received?: string,
    readonly hint?: string,
  ) {
    super(expected === undefined ? what : `${what}: expected ${expected}; received ${received ?? "nothing"}`);
  }
}

/** Fails the check with `reason`. */
export function fail(reason: string): never {
  throw new CheckFailure(reason);
}

/** Fails the check with what was looked at, what was expected and what came. */
export function failCheck(what: string, expected: string, received: string, hint?: string): never {
  throw new CheckFailure(what, expected, received, hint);
}

/** A line stays one line and readable: newlines folded, length bounded. */
export function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s*\n\s*/gu, " | ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** How an error reads in a verdict: its class, its stable reason when it has one, its message. */
export function describeError(error: unknown): string {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) {
    const reason = (error as { reason?: unknown }).reason;
    const label = typeof reason === "string" ? `${error.name} (${reason})` : error.name;
    return `${label}: ${error.message}`;
  }
  return `a thrown ${typeof error}: ${String(error)}`;
}

/** A bound's timer this late has met a stall of this process's event loop. */
const LATE_BOUND_MS = 100;
/** However long the wait it is owed, a bound stretches to at most this many times its length in all. */
const MOST_STRETCH = 6;

/**
 * `work`, or the error `onTimeout` makes once `ms` pass without an outcome; a late rejection of
 * `work` is absorbed. Time the work could not run is not the work's, and the bound waits it again
 * (up to MOST_STRETCH times `ms` in all):
 * - time this process's event loop stood still: a timer that fires late waits as long again, so
 *   what the stall kept from running (a child's exit, a reply already read) settles first. After a
 *   long stall Node runs due timers before the I/O that came meanwhile, and the bound would win a
 *   race it lost;
 * - time the work's processes stood ready to run while the machine's CPUs ran others (`waited`, a
 *   cpuWaitMeter): on a machine busier than its cores, a correct piece needs more wall time.
 * Work that hangs waits for nothing and is owed nothing: its bound falls at `ms`.
 */
export async function bounded<T>(
  ms: number,
  work: () => Promise<T>,
  onTimeout: () => Error,
  waited: () => number = () => 0,
): Promise<T> {
  const running = Promise.resolve().then(work);
  running.catch(() => undefined); // once the bound has won, the loser's rejection is nobody's
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    let stood = 0;
    let granted = 0;
    const arm = (wait: number): void => {
      const due = performance.now() + wait;
      timer = setTimeout(() => {
        stood += Math.max(0, performance.now() - due);
        const owed = Math.min(Math.max(stood, waited()), (MOST_STRETCH - 1) * ms) - granted;
        if (owed < LATE_BOUND_MS) return reject(onTimeout());
        granted += owed;
        arm(owed);
      }, wait);
    };
    arm(ms);
  });
  try {
    return await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The one teardown (client/process-group.ts): SIGKILLs every group still alive, labels those it ended. */
export const endGroups = killGroups;
