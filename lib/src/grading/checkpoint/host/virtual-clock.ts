// The grader's clock for the code it grades: every route a client may read time by or wait on is
// one virtual timeline that moves only when the grader moves it, so a deadline is judged on time
// the grader owns (a 60 s one in milliseconds, the same on a loaded machine as on an idle one).
// @sinonjs/fake-timers gives the timeline and most routes (the globals, the `timers` and
// `timers/promises` modules, Date, performance.now, process.hrtime); AbortSignal.timeout holds
// its own timer and is covered here. setImmediate, process.nextTick and queueMicrotask are not
// time and stay real: the host's idle point is found by them.
import { withGlobal, type Clock } from "@sinonjs/fake-timers";

/** The routes the virtual clock owns, as the report names them. */
export const CLOCK_ROUTES = [
  "setTimeout",
  "setInterval",
  "clearTimeout",
  "clearInterval",
  "timers",
  "timers/promises",
  "AbortSignal.timeout",
  "performance.now",
  "Date",
  "process.hrtime",
] as const;

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

/** Installs the virtual clock over this process's routes (CLOCK_ROUTES); Date starts at the real now. */
export function installVirtualClock(): VirtualClock {
  const clock: Clock = withGlobal(globalThis).install({
    now: Date.now(),
    toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance", "hrtime"],
    ignoreMissingTimers: true,
  });
  const start = clock.now;
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
  const nextDue = (): number | undefined => {
    const first = clock.timerHeap?.peek();
    return first?.callAt === undefined ? undefined : first.callAt - start;
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
      clock.uninstall();
    },
  };
}
