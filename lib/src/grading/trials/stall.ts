// A timed trial means something only if the machine kept up while it ran. A deadline trial tells
// one deadline per operation from a timer restarted on every read by the server's gaps being
// shorter than the deadline. If this process's event loop stands still for longer than the
// difference (a synchronous compile beside the check, a starved machine), either timer fires first
// once the loop runs again, and a restarted timer passes. So the trials' deadline is far above the
// gaps, and a trial during which the loop stalled is run again.
/**
 * The deadline a client gets against a mode that spreads its reply over time: far above the gaps
 * the mode table gives (test/server/modes.test.ts holds each to a quarter of it or less) and below
 * the whole reply, so a timer restarted on every read never fires and only one deadline for the
 * whole operation ends the call. A starved server must fall seconds behind before a restarted
 * timer fires too.
 */
export const SPREAD_DEADLINE_MS = 2500;

/**
 * The deadline of a trial's set-up (starting the server, the handshake) when the trial itself
 * has a short one: a server slow to start on a busy machine must not decide the trial.
 */
export const SETUP_DEADLINE_MS = 5000;

/** A stall of this process that could decide a deadline trial: the trial runs again after one. */
export const TRIAL_STALL_MS = 300;

/** A stretch this process's event loop stood still: ms from the start of the work it happened during. */
export interface Stall {
  readonly from: number;
  readonly to: number;
}

/** How often the loop is looked at, and the shortest stretch without a look that counts as a stall. */
const TICK_MS = 10;
const STALL_GAP_MS = 100;

/**
 * When this process's event loop stood still (stretches of 100 ms or more without a tick) while
 * `work` ran, and what it gave: the one monitor of the loop that stallDuring and the deadline rules read.
 */
export async function stallsDuring<T>(work: () => Promise<T>): Promise<{ value: T; stalls: Stall[] }> {
  const start = performance.now();
  let last = start;
  const stalls: Stall[] = [];
  const look = (): void => {
    const now = performance.now();
    if (now - last >= STALL_GAP_MS) stalls.push({ from: last - start, to: now - start });
    last = now;
  };
  const tick = setInterval(look, TICK_MS);
  try {
    const value = await work();
    look(); // a stall the work's own end came out of, before the next tick
    return { value, stalls };
  } finally {
    clearInterval(tick);
  }
}

/**
 * The longest this process's event loop stood still while `work` ran, in ms, and what it gave:
 * the longest of stallsDuring's stalls, less the tick it would have waited anyway (a block of B ms
 * leaves a gap of B to B + TICK_MS between two looks), so a stall is measured as a timer's lateness.
 */
export async function stallDuring<T>(work: () => Promise<T>): Promise<{ value: T; stalledMs: number }> {
  const { value, stalls } = await stallsDuring(work);
  return { value, stalledMs: Math.max(0, ...stalls.map((stall) => stall.to - stall.from - TICK_MS)) };
}

/**
 * Runs `trial` again, up to `tries` times in all, while the event loop stood still for `stallMs` or
 * more during it; gives the first outcome of a trial without such a stall, else the last one's.
 */
export async function withoutStall<T>(stallMs: number, trial: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const { value, stalledMs } = await stallDuring(trial);
    if (stalledMs < stallMs || attempt >= tries) return value;
  }
}
