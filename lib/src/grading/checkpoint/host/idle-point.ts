// The host's side of moving the virtual clock: it says when it stands at an idle point, and moves
// the clock when the grader, having checked its own side, says to. An idle point: the graded code's
// callbacks and promises have all run, no request of its own is in flight in this process (a file
// read, a lookup, an immediate), and the report names the next timer on the timeline and the bytes
// counted to and from its children, so the grader can tell that none is on its way. A report is
// sent whenever that picture changes; an advance is taken only while the picture is still the one
// reported (else a newer report follows).
import type { ChildBytes, ChildCount } from "./child-bytes.js";
import type { VirtualClock } from "./virtual-clock.js";

/** What the host reports at an idle point (times on the virtual timeline, in ms). */
export interface IdleReport {
  /** Counts reports: an advance names the report it answers. */
  readonly epoch: number;
  readonly at: number;
  /** When the next timer is due, or null when none is set. */
  readonly next: number | null;
  /** The children still running, with the bytes written to and read from each. */
  readonly children: readonly ChildCount[];
}

/** Handles that only wait (a pipe, a child, a real timer of the host's): their presence leaves a process idle. */
const WAITING = new Set([
  "PipeWrap",
  "ProcessWrap",
  "TTYWrap",
  "TCPWrap",
  "TCPServerWrap",
  "PipeServerWrap",
  "SignalWrap",
  "Timeout",
  "FSEventWrap",
  "StatWatcher",
  "UDPWrap",
  "MessagePort",
]);

/** Whether this process has work of its own in flight: a request (a file read, a lookup) or an immediate. */
function busy(): boolean {
  return process.getActiveResourcesInfo().some((type) => !WAITING.has(type));
}

/** Taken as the host loads, before the graded code can replace it. */
const nextTurn = globalThis.setImmediate;

/** How many turns of the loop a step on its own waits for the graded code to settle before leaving it to the looks. */
const BUSY_TURNS = 100;

/** How often the host looks for an idle point, in real ms: how fast the timeline can move, never a verdict. */
const LOOK_MS = 1;

export interface IdlePoints {
  /** Starts looking (a request came in); looking stops by itself once none is waiting for its answer. */
  wake(): void;
  /**
   * Moves the clock to `to` if a request still waits and the picture is still report `epoch`'s;
   * returns whether it moved.
   * Then, up to `limit` (default `to`), it goes on through the graded code's own timers alone, one
   * at a time once each has settled, while it writes and reads nothing and stays idle: a poll on a
   * 1 ms timer costs no exchange with the grader a step.
   */
  advance(epoch: number, to: number, limit?: number): boolean;
  /** How many times the clock has been moved so far. */
  advances(): number;
  stop(): void;
}

/**
 * Looks for idle points while a request waits for its answer (`waiting`), and sends a report at
 * each new one. `timers` are the real ones, taken before the clock was installed: the host's own
 * looking must not be on the timeline it reports.
 */
export function idlePoints(
  clock: VirtualClock,
  bytes: ChildBytes,
  waiting: () => boolean,
  send: (report: IdleReport) => void,
  timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout },
): IdlePoints {
  let epoch = 0;
  let last: IdleReport | undefined;
  let moved = 0;
  const picture = (): Omit<IdleReport, "epoch"> => ({
    at: clock.now(),
    next: clock.nextDue() ?? null,
    children: bytes.running(),
  });
  const same = (a: Omit<IdleReport, "epoch">, b: Omit<IdleReport, "epoch">): boolean =>
    a.at === b.at && a.next === b.next && JSON.stringify(a.children) === JSON.stringify(b.children);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = (): void => {
    timer = undefined;
    if (!waiting()) {
      last = undefined; // the next request's first idle point is reported afresh
      return;
    }
    timer = timers.setTimeout(look, LOOK_MS);
    if (busy()) return;
    const now = picture();
    if (last !== undefined && same(last, now)) return;
    epoch += 1;
    last = { epoch, ...now };
    send(last);
  };
  return {
    wake: () => {
      if (timer === undefined) timer = timers.setTimeout(look, 0);
    },
    advance: (asked, to, limit = to) => {
      if (last === undefined || asked !== last.epoch) return false;
      // Only while a request waits: between requests the clock stands where the last answer said,
      // and the grader reckons the next request's times from there (a move it asked for as that
      // answer went out comes too late, and is not taken).
      if (!waiting() || busy() || !same(last, picture())) {
        last = undefined; // the picture moved, or will: its next idle point is reported, even if it looks the same
        return false;
      }
      try {
        clock.advanceTo(to);
      } catch {
        last = undefined; // not a move this clock can make from here: report afresh
        return false;
      }
      moved += 1;
      const children = JSON.stringify(last.children);
      // Reported afresh even if it looks the same: a timer fired beside others due at the same ms
      // (a read's AbortSignal.timeout left behind by each earlier read) leaves the time and the
      // next timer as they were, and the grader waits for a report newer than the one it answered.
      last = undefined;
      // On alone while nothing has been reported since (a report hands the moving back to the
      // grader), waiting a turn while the graded code is busy (its own setImmediate hops).
      let busyTurns = 0;
      const onAlone = (): void => {
        if (last !== undefined || !waiting()) return;
        if (busy()) {
          if ((busyTurns += 1) <= BUSY_TURNS) nextTurn(onAlone);
          return;
        }
        busyTurns = 0;
        const next = clock.nextDue();
        if (next === undefined || next > limit || JSON.stringify(bytes.running()) !== children) return;
        clock.advanceTo(next);
        moved += 1;
        nextTurn(onAlone);
      };
      if (limit > to) nextTurn(onAlone);
      return true;
    },
    advances: () => moved,
    stop: () => {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
