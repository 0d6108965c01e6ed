// The grader's clock for the code it grades: every route a client may read time by or wait on is
// one virtual timeline that moves only when the grader moves it, so a deadline is judged on time
// the grader owns (a 60 s one in milliseconds, the same on a loaded machine as on an idle one).
// @sinonjs/fake-timers gives the timeline and most routes (the globals, the `timers` and
// `timers/promises` modules, Date, performance.now, process.hrtime); AbortSignal.timeout holds
// its own timer and is covered here. setImmediate, process.nextTick and queueMicrotask are not
// time and stay real: the host's idle point is found by them.
import { withGlobal, type Clock } from "@sinonjs/fake-timers";

export { CLOCK_ROUTES } from "./clock-routes.js";

export interface VirtualClock {
  /** Virtual ms since the clock was installed. */
  now(): number;
  /** When the next timer is due (virtual ms since install), or undefined while none is set. */
  nextDue(): number | undefined;
  /**
   * Moves the timeline to `to`: to a time before the next timer, firing nothing, or to the next
   * timer's own time, firing that one timer (its callback's promises settle after, as a real
   * timer's do). Never backwards, never past a timer: the caller moves once per event.
   */
  advanceTo(to: number): void;
  /** Gives every route its real clock back. */
  uninstall(): void;
}

/** The largest delay AbortSignal.timeout takes (Node checks it as an unsigned 32-bit integer). */
const MAX_SIGNAL_DELAY = 0xffff_ffff;

/** Node's largest timer delay; a longer one (or none, or under 1 ms) becomes 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1;

/**
 * Delays as Node's timers take them, where fake-timers differs: under 1 ms (0, 0.5, NaN) or past
 * TIMEOUT_MAX is 1 ms, and a fraction fires at the next whole ms (Node's timer list compares whole
 * ms of loop time with the delay). Else a client's `setTimeout(resolve, deadline - Date.now())`
 * with half a ms left would fire at once, again and again, the clock never moving.
 */
function nodeDelays(clock: Clock): () => void {
  const delay = (ms: unknown): number => {
    const asked = Number(ms);
    return asked >= 1 && asked <= TIMEOUT_MAX ? Math.ceil(asked) : 1;
  };
  const { setTimeout: fakeTimeout, setInterval: fakeInterval } = clock;
  const setTimeoutNode = ((callback: (...args: unknown[]) => void, ms?: unknown, ...args: unknown[]) =>
    fakeTimeout(callback, delay(ms), ...args)) as typeof clock.setTimeout;
  const setIntervalNode = ((callback: (...args: unknown[]) => void, ms?: unknown, ...args: unknown[]) =>
    fakeInterval(callback, delay(ms), ...args)) as typeof clock.setInterval;
  clock.setTimeout = setTimeoutNode;
  clock.setInterval = setIntervalNode;
  // The globals and the timers module hold what install gave them: give them these instead
  // (uninstall puts back the real ones it saved). timers/promises asks the clock each time.
  const timersModule = require("node:timers") as { setTimeout: unknown; setInterval: unknown };
  for (const target of [globalThis as unknown as typeof timersModule, timersModule]) {
    target.setTimeout = setTimeoutNode;
    target.setInterval = setIntervalNode;
  }
  // fake-timers' uninstall reads what it marked on its own functions: they go back first.
  return () => {
    clock.setTimeout = fakeTimeout;
    clock.setInterval = fakeInterval;
  };
}

/** Installs the virtual clock over this process's routes (CLOCK_ROUTES); Date starts at the real now. */
export function installVirtualClock(): VirtualClock {
  const clock: Clock = withGlobal(globalThis).install({
    now: Date.now(),
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
    ignoreMissingTimers: true,
  });
  const start = clock.now;
  const fakeDelays = nodeDelays(clock);
  // The clock's own reading, fractions of a ms included (clock.now counts whole ms), kept so that
  // graded code replacing performance.now cannot move it.
  const fakePerformance = globalThis.performance;
  const fakeNow = fakePerformance.now;
  const origin = fakeNow.call(fakePerformance);
  const now = (): number => fakeNow.call(fakePerformance) - origin;
  const original = AbortSignal.timeout;
  const realTimeout = original.bind(AbortSignal);
  // Node's checks stay Node's: a delay it refuses (1500.5, -1) is refused by the real one, with its error.
  AbortSignal.timeout = (delay: number): AbortSignal => {
    if (!Number.isInteger(delay) || delay < 0 || delay > MAX_SIGNAL_DELAY) return realTimeout(delay);
    const controller = new AbortController();
    clock.setTimeout(
      () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
      delay,
    );
    return controller.signal;
  };
  // A timer counts whole ms (fake-timers' callAt) while the clock may stand a fraction past one: a
  // timer due in that fraction is due now.
  const nextDue = (): number | undefined => {
    const first = clock.timerHeap?.peek();
    return first?.callAt === undefined ? undefined : Math.max(first.callAt - start, now());
  };
  return {
    now,
    nextDue,
    advanceTo: (to) => {
      const at = now();
      const due = nextDue();
      if (!(to >= at)) throw new RangeError(`the virtual clock moves forward only: at ${at} ms, asked for ${to}`);
      if (due !== undefined && to > due)
        throw new RangeError(`the virtual clock stops at each timer: the next is due at ${due} ms, asked for ${to}`);
      if (due !== undefined && to === due) clock.next();
      else clock.tick(to - at);
    },
    uninstall: () => {
      AbortSignal.timeout = original;
      fakeDelays();
      clock.uninstall();
    },
  };
}
