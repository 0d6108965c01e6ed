// The grader's clock as a grading moves it, in one process: the host's idle points
// (host/idle-point.ts) and the grader's driver (host/clock-driver.ts) on the virtual clock, with a
// server on the same timeline that sends pings and notifications while a request waits, and the
// pipe between them counted as the host and relay count it. A correct client keeps its deadline
// however it keeps time: one AbortSignal.timeout, a budget re-armed at each read and floored at
// 0 ms (an already-expired AbortSignal.timeout), setTimeout for what is left, a setTimeout(0)
// poll, with setImmediate hops and queueMicrotask chains between reads. Each ends as
// deadline-as-given's timeline judgement (timelineFinding) wants, and the timeline never stands
// still: the red team's request-remaining-budget left several timers due at one ms, and the host
// reported nothing new after the second fired (its picture looked the same), so close() never ran.
// A poll moves the timeline a ms at a time: the host goes through its own timers alone up to the
// limit the grader names (the next server event, the horizon), so 60 s of it take seconds.
import { createRequire } from "node:module";
import type * as TimersPromises from "node:timers/promises";
import fc from "fast-check";
import { afterEach, expect, it } from "vitest";
import { installVirtualClock, type VirtualClock } from "../../../lib/src/grading/checkpoint/host/virtual-clock.js";
import { idlePoints, type IdlePoints } from "../../../lib/src/grading/checkpoint/host/idle-point.js";
import { clockDriver, type TimelinePeer } from "../../../lib/src/grading/checkpoint/host/clock-driver.js";
import { timelineFinding } from "../../../lib/src/grading/checkpoint/rules/clocked-deadlines.js";
import type { ProbeAnswer } from "../../../lib/src/grading/checkpoint/rules/types.js";

const require = createRequire(import.meta.url);
const timersPromises = require("node:timers/promises") as typeof TimersPromises;

// The host's own timers and the pipe's delivery stay real, taken before any clock is installed.
const real = { setTimeout, clearTimeout, setImmediate };

/**
 * How long, in real ms, the timeline may stand still (the client waiting, nothing moving it) before
 * it is taken to be stuck. Progress, not a total: a client polling 60,000 times moves it a ms at a
 * time, and on a loaded machine all of that takes longer than any fixed bound (CI saw 20,659 of
 * 60,000 ms in 10 s at load 20).
 */
const STUCK_MS = 10_000;

type Message = { readonly kind: "ping" | "notification" };

/** One request's timeline: the clock, the host's idle points, the grader's driver, one server. */
interface Timeline {
  readonly clock: VirtualClock;
  /** Starts the server's script of `events` (ms after now) and runs `client` as a waiting request. */
  run(
    events: readonly { at: number; kind: Message["kind"] }[],
    client: (io: ClientIo) => Promise<never>,
  ): Promise<{ elapsed: number; error: unknown }>;
  /** How many idle points the host has reported to the grader. */
  reports(): number;
  stop(): void;
}

/** What a client reads and writes: the pipe to its server. */
interface ClientIo {
  /** The next message, once one has come (never rejects). */
  next(): Promise<Message>;
  /** A message already here, if any. */
  take(): Message | undefined;
  /** Answers a server's ping. */
  answer(): void;
}

let active: Timeline | undefined;
afterEach(() => {
  active?.stop();
  active = undefined;
});

function timeline(): Timeline {
  const clock = installVirtualClock();
  const counts = { written: 0, read: 0, received: 0, sent: 0 };
  const inbox: Message[] = [];
  let arrived: (() => void) | undefined;
  let waiting = 0;
  let reported = 0;
  let due: Array<{ at: number; kind: Message["kind"] }> = [];
  // The grader's word reaches the host later than it was said, as over the host's stdin.
  let points: IdlePoints | undefined;
  const driver = clockDriver((epoch, to, limit) => real.setImmediate(() => points?.advance(epoch, to, limit)));
  points = idlePoints(
    clock,
    { running: () => [{ pid: 7, written: counts.written, read: counts.read }] },
    () => waiting > 0,
    (report) => {
      reported += 1;
      driver.report(report);
    },
    real,
  );
  const server: TimelinePeer = {
    relayPid: () => 7,
    received: () => counts.received,
    sent: () => counts.sent,
    nextDue: () => due[0]?.at,
    fireDue: (at) => {
      while (due[0] !== undefined && due[0].at <= at) {
        const { kind } = due.shift()!;
        counts.sent += 1;
        real.setImmediate(() => {
          counts.read += 1;
          inbox.push({ kind });
          arrived?.();
        });
      }
    },
    settling: () => false,
  };
  driver.addPeer(server);
  const io: ClientIo = {
    next: async () => {
      while (inbox.length === 0) await new Promise<void>((resolve) => (arrived = resolve));
      return inbox.shift()!;
    },
    take: () => inbox.shift(),
    answer: () => {
      counts.written += 1;
      real.setImmediate(() => {
        counts.received += 1;
        driver.poke();
      });
    },
  };
  const stop = (): void => {
    points?.stop();
    clock.uninstall();
  };
  return {
    clock,
    run: async (events, client) => {
      const start = clock.now();
      due = events.map(({ at, kind }) => ({ at: start + at, kind })).sort((a, b) => a.at - b.at);
      waiting += 1;
      points?.wake();
      let stuck: ReturnType<typeof setTimeout> | undefined;
      try {
        const error = await Promise.race([
          client(io).catch((caught: unknown) => caught),
          new Promise((resolve) => {
            const watch = (at: number): void => {
              stuck = real.setTimeout(
                () => (clock.now() === at ? resolve(new Error(`stuck at ${at} ms`)) : watch(clock.now())),
                STUCK_MS,
              );
            };
            watch(clock.now());
          }),
        ]);
        return { elapsed: clock.now() - start, error };
      } finally {
        real.clearTimeout(stuck);
        waiting -= 1;
      }
    },
    reports: () => reported,
    stop,
  };
}

class DeadlineError extends Error {
  override name = "DeadlineError";
}

/** A read that ends at an abort: the client's signal, on whatever timer made it. */
function readBy(io: ClientIo, signal: AbortSignal): Promise<Message> {
  if (signal.aborted) return Promise.reject(new DeadlineError("deadline"));
  return new Promise((resolve, reject) => {
    const abort = (): void => reject(new DeadlineError("deadline"));
    signal.addEventListener("abort", abort, { once: true });
    void io.next().then((message) => {
      signal.removeEventListener("abort", abort);
      resolve(message);
    });
  });
}

/** What a client does between reads: setImmediate hops and a queueMicrotask chain. */
async function pause(hops: number, microtasks: number): Promise<void> {
  for (let hop = 0; hop < hops; hop += 1) await new Promise((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => {
    const step = (left: number): void => (left === 0 ? resolve() : queueMicrotask(() => step(left - 1)));
    step(microtasks);
  });
}

/** Correct clients, each keeping one deadline of `timeoutMs` for the whole request its own way. */
const CLIENTS = {
  /** One AbortSignal.timeout for every read (whole ms: Node refuses a fraction). */
  oneSignal: async (io: ClientIo, timeoutMs: number, between: () => Promise<void>): Promise<never> => {
    const signal = AbortSignal.timeout(Math.ceil(timeoutMs));
    for (;;) {
      await between();
      if ((await readBy(io, signal)).kind === "ping") io.answer();
    }
  },
  /** The red team's request-remaining-budget: a new AbortSignal.timeout per read, for what is left, floored at 0. */
  remainingBudget: async (io: ClientIo, timeoutMs: number, between: () => Promise<void>): Promise<never> => {
    const started = performance.now();
    for (;;) {
      await between();
      const left = Math.max(0, Math.ceil(timeoutMs - (performance.now() - started)));
      if ((await readBy(io, AbortSignal.timeout(left))).kind === "ping") io.answer();
    }
  },
  /** The chapter's shape: a deadline by Date.now(), a setTimeout for what is left, refused once none is. */
  timerForWhatIsLeft: async (io: ClientIo, timeoutMs: number, between: () => Promise<void>): Promise<never> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await between();
      const left = deadline - Date.now();
      if (left <= 0) throw new DeadlineError("deadline");
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), left);
      const message = await readBy(io, controller.signal).finally(() => clearTimeout(timer));
      if (message.kind === "ping") io.answer();
    }
  },
  /** Polls: a message if one is here, else the time, else setTimeout(0) of timers/promises (1 ms, as Node waits). */
  pollsZero: async (io: ClientIo, timeoutMs: number, between: () => Promise<void>): Promise<never> => {
    const started = performance.now();
    for (;;) {
      await between();
      const message = io.take();
      if (message?.kind === "ping") io.answer();
      if (message !== undefined) continue;
      if (performance.now() - started >= timeoutMs) throw new DeadlineError("deadline");
      await timersPromises.setTimeout(0);
    }
  },
} as const;

const refused = (error: unknown): ProbeAnswer =>
  ({ ok: false, error: { name: (error as Error).name, message: String(error) } }) as unknown as ProbeAnswer;

it("fires every timer due at one ms, and moves on past them: a report after each move, even one that looks the same", async () => {
  active = timeline();
  const { elapsed, error } = await active.run([], async () => {
    // Read signals left behind, all due at the same ms, then the request's own wait.
    for (let each = 0; each < 5; each += 1) AbortSignal.timeout(5);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 100));
    throw new DeadlineError("deadline");
  });
  expect((error as Error).name).toBe("DeadlineError");
  expect(elapsed).toBe(101);
});

it("fires the host's timers due at a ms before the server's events of that ms, as Node's loop runs timers before it reads", async () => {
  // The red team's remaining budget at deadline-as-given's seed 0: a ping at 1 ms re-arms the read
  // for the 1 ms left (due at 2), and a notification falls due at 2 ms too. Read first, it would
  // have the client wait 1 ms more (left 0 is a 1 ms timer): 3 ms, past the 2.375 ms judged.
  active = timeline();
  const { elapsed, error } = await active.run(
    [
      { at: 1, kind: "ping" },
      { at: 2, kind: "notification" },
    ],
    (io) => CLIENTS.remainingBudget(io, 1.25, () => pause(0, 0)),
  );
  expect((error as Error).name).toBe("DeadlineError");
  expect(elapsed).toBe(2);
});

it("lets a client poll on a 1 ms timer through a 60 s deadline on its own, with no exchange with the grader a step", async () => {
  active = timeline();
  const { elapsed, error } = await active.run([], (io) => CLIENTS.pollsZero(io, 60_000, () => pause(0, 0)));
  expect((error as Error).name).toBe("DeadlineError");
  expect(elapsed).toBe(60_000);
  // Sixty thousand timers, each fired by the host itself short of the grader's limit.
  expect(active.reports()).toBeLessThan(100);
});

it("judges any correct client's deadline right, over any budget, however the server spaces what it sends", async () => {
  const timeout = fc.oneof(
    fc.integer({ min: 1, max: 60_000 }),
    fc.double({ min: 0.001, max: 60_000, noNaN: true }),
    // A few ms: where a server's event and the deadline's timer fall due at the same ms.
    fc.double({ min: 0.001, max: 3, noNaN: true }),
    fc.constant(60_000),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...(Object.keys(CLIENTS) as Array<keyof typeof CLIENTS>)),
      timeout,
      fc.array(
        fc.record({
          at: fc.double({ min: 0, max: 1.2, noNaN: true }),
          kind: fc.constantFrom("ping", "notification") as fc.Arbitrary<Message["kind"]>,
        }),
        { maxLength: 12 },
      ),
      fc.nat(3),
      fc.nat(20),
      async (style, drawn, spread, hops, microtasks) => {
        const timeoutMs = drawn;
        // Whole ms from the request's start, as the grader's server schedules them, around the deadline.
        const events = spread.map(({ at, kind }) => ({ at: Math.max(1, Math.ceil(at * timeoutMs)), kind }));
        active = timeline();
        try {
          const { elapsed, error } = await active.run(events, (io) =>
            CLIENTS[style](io, timeoutMs, () => pause(hops, microtasks)),
          );
          expect(
            timelineFinding(`${style} with timeoutMs ${timeoutMs}`, timeoutMs, refused(error), elapsed),
          ).toBeUndefined();
        } finally {
          active.stop();
          active = undefined;
        }
      },
    ),
    { numRuns: 60 },
  );
}, 120_000);
