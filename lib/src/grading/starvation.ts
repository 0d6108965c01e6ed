// How long this process waited for a CPU just before a moment. A timer due while the machine gives
// the process no CPU (four gradings at once, a busy neighbour) fires when it gets one again, so a
// deadline that ends a call then ends it late through no fault of the code: a timed verdict leaves
// out the starvation its answer came out of. Only that one counts (a wait earlier in the call delays
// no timer, so a deadline too long is still seen as too long), and only time the kernel says the
// process spent waiting on a run queue: a loop the code blocks itself (a busy wait, a readSync)
// is the code's own time.
import { readFileSync } from "node:fs";

const TICK_MS = 10;
/** A tick this close before the moment ended the wait the moment came out of. */
const RECENT_MS = 50;

interface Tick {
  readonly at: number;
  readonly starvedMs: number;
}

let ticks: Tick[] = [];
let lastTick = { at: 0, queuedMs: 0 };
let watchers = 0;
let timer: NodeJS.Timeout | undefined;

/** This thread's time waiting on a run queue so far, in ms (the second field of schedstat); undefined off Linux. */
export function runQueueMs(): number | undefined {
  try {
    const waitNs = Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[1]);
    return Number.isFinite(waitNs) ? waitNs / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/** The part of the loop's lateness since `since` that the process spent waiting for a CPU. */
export function starvedSince(since: { at: number; queuedMs: number }, at: number, queuedMs: number): number {
  return Math.max(0, Math.min(at - since.at - TICK_MS, queuedMs - since.queuedMs));
}

/** Starts watching (shared by all watchers); the function returned stops this watcher. Off Linux it watches nothing. */
export function watchStarvation(): () => void {
  watchers += 1;
  const queued = runQueueMs();
  if (timer === undefined && queued !== undefined) {
    lastTick = { at: performance.now(), queuedMs: queued };
    timer = setInterval(() => {
      const at = performance.now();
      const queuedMs = runQueueMs() ?? lastTick.queuedMs;
      ticks = ticks.filter((tick) => tick.at >= at - RECENT_MS);
      ticks.push({ at, starvedMs: starvedSince(lastTick, at, queuedMs) });
      lastTick = { at, queuedMs };
    }, TICK_MS);
    timer.unref();
  }
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      ticks = [];
    }
  };
}

/**
 * The starvation `moment` (now) came out of, in ms: the longest wait for a CPU before a tick that
 * ran within RECENT_MS before it, or since the last tick (a timer due just before the tick runs
 * first); 0 when nothing watches.
 */
export function starvedBefore(): number {
  if (timer === undefined) return 0;
  const at = performance.now();
  let longest = starvedSince(lastTick, at, runQueueMs() ?? lastTick.queuedMs);
  for (const tick of ticks) if (tick.at >= at - RECENT_MS) longest = Math.max(longest, tick.starvedMs);
  return Math.round(longest);
}
