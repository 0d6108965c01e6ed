// The grader's side of the virtual clock: it moves the host's timeline, and the servers' events on
// the same timeline, only at a confirmed idle point. The host reports one (host/idle-point.ts):
// nothing of its own in flight, its next timer, the bytes it wrote to and read from its children.
// The grader confirms its side: every byte the host wrote has reached the grader's peers (so
// each has answered what it was sent), and every byte the peers sent has reached the host. Then the
// next event is one of the timers (the host's, or a peer's: a ping, a trickled byte), and the
// timeline moves to it; no byte is on its way, so nothing the real processes between (the relay)
// do can change what happens first. A machine's load delays the steps, never their order. An end
// of input counts as a byte: from when the host ends a child's input until its peer hears of it,
// the timeline stands, so a server's leaving after its input ends is timed from the host's own time
// of that end (TimelinePeer.inputEndedAt) and no timer of the client's can be passed meanwhile.
import type { IdleReport } from "./idle-point.js";

/** A server on the timeline: the bytes it exchanged with the client, and its own timed events. */
export interface TimelinePeer {
  /** The relay's pid, as the client's host sees it (the relay's hello says it), once it has connected. */
  relayPid(): number | undefined;
  /** Bytes of the client's it has received (through the relay). */
  received(): number;
  /** Bytes it has sent toward the client. */
  sent(): number;
  /** When its next event is due on the timeline (ms), or undefined. */
  nextDue(): number | undefined;
  /** Runs its events due by `at` (the timeline stands at `at`). */
  fireDue(at: number): void;
  /** True while a real process must act first (a relay leaving): the timeline waits on real time. */
  settling(): boolean;
  /** Whether the relay has said its input ended (a peer that does not say is taken to have heard it). */
  inputEnded?(): boolean;
  /** The host's time when it ended the relay's input: told once the peer has heard of it (the first report showing it). */
  inputEndedAt?(at: number): void;
}

/** Where the timeline stands when nothing can move it any more before the horizon. */
export interface Quiet {
  /** The timeline's time. */
  readonly at: number;
  /** The host's next timer (beyond the horizon), or null: the graded code has no timer on the timeline. */
  readonly next: number | null;
}

export interface ClockDriver {
  /** A report from the host. */
  report(idle: IdleReport): void;
  /** Adds a peer; the function returned takes it off the timeline. */
  addPeer(peer: TimelinePeer): () => void;
  /** A peer's counts or events changed (bytes came in): look again. */
  poke(): void;
  /** The timeline moves no further than `ms` (default: no bound). */
  setHorizon(ms: number | undefined): void;
  /**
   * The host answered the last request it had, its clock at `at`: the clock stands there until the
   * next request (the host takes no move meanwhile), though it may have gone on alone past the last
   * move and reported nothing since (host/idle-point.ts). The picture it last reported is gone.
   */
  settled(at: number): void;
  /**
   * The timeline's time: where the host last reported it or stood when it last settled, or where
   * the driver last moved it since.
   */
  now(): number;
  /**
   * Calls `then` with the host's time when it wrote the `written`th byte to the child `pid` (a
   * relay): the time of the first report that counts that byte, before the timeline moves on from
   * it. now() can be ahead when a byte lands: a move the host refused (its picture changed as it
   * wrote) is in now() until the host reports again.
   */
  whenWritten(pid: number, written: number, then: (at: number) => void): void;
  /** How many of the host's reports so far showed a timer of the graded code's on the timeline. */
  timersSeen(): number;
  /** The graded code's next timer in the host's newest report: null when it has none, undefined before any report. */
  hostNext(): number | null | undefined;
  /**
   * Resolves when the timeline is quiet, by a report made after this call: everything that was
   * due by the horizon has happened.
   */
  quiet(): Promise<Quiet>;
}

/**
 * A driver that moves the host's clock by `advance` (an advance names the report it answers). Its
 * `limit` is the earliest anything outside the host can happen (a server's event, the horizon):
 * short of it the host may go on through its own timers alone while it writes and reads nothing.
 */
export function clockDriver(advance: (epoch: number, to: number, limit: number) => void): ClockDriver {
  const peers = new Set<TimelinePeer>();
  // Relays whose connection has closed: what they did not deliver they never will.
  const gone = new Set<number>();
  let last: IdleReport | undefined;
  let seen = 0; // the newest report's epoch
  let hostAt = 0; // where the host last said its clock stood
  let asked: number | undefined; // the epoch an advance was sent for
  let movedTo: number | undefined; // where that advance moves the host (it reports the truth next)
  let horizon: number | undefined;
  // Each waits for a report newer than the one standing when it asked: the host reports afresh
  // once a new request reaches it, and an older picture says nothing of that request.
  let waiters: Array<{ after: number; resolve: (quiet: Quiet) => void }> = [];
  let timed = 0;
  let hostNext: number | null | undefined;
  let writes: Array<{ pid: number; written: number; then: (at: number) => void }> = [];
  /** Calls back each write the report counts (or whose child has gone: it wrote no more). */
  const settleWrites = (report: IdleReport): void => {
    const counted = writes.filter(({ pid, written }) => {
      const child = report.children.find((each) => each.pid === pid);
      return child === undefined || child.written >= written;
    });
    writes = writes.filter((write) => !counted.includes(write));
    for (const { then } of counted) then(report.at);
  };

  const look = (): void => {
    if (last === undefined || asked === last.epoch) return;
    const report = last;
    if ([...peers].some((peer) => peer.settling())) return;
    // Node runs the timers that are due before it reads what has arrived (libuv's timers phase
    // comes before its poll): at a tie, the host's timers due now fire first, one move each, and
    // the servers' events of that ms go out once none is left.
    if (report.next === null || report.next > report.at) for (const peer of peers) peer.fireDue(report.at);
    // An event that had a relay leave (a server whose wait after its input ended is over) holds the timeline too.
    if ([...peers].some((peer) => peer.settling())) return;
    const byRelay = new Map([...peers].map((peer) => [peer.relayPid(), peer]));
    // A peer that has heard of an end of input the report shows learns the host's time of it: the
    // timeline has stood since (the end was in flight until the peer heard of it).
    for (const { pid, ended } of report.children) {
      const peer = byRelay.get(pid);
      if (ended === true && peer?.inputEnded?.() === true) peer.inputEndedAt?.(report.at);
    }
    // A byte on its way, for a child still running: the report is stale once it lands (the host
    // reports again); the client's bytes reaching a peer, which it answers at once, come as a poke.
    // A child with no peer yet that was written to is a relay still starting; one whose peer has
    // gone is a relay leaving, whose bytes are moot.
    const inFlight = report.children.some(({ pid, written, read, ended }) => {
      const peer = byRelay.get(pid);
      if (peer === undefined) return written > 0 && !gone.has(pid);
      const endHeard = peer.inputEnded?.() ?? ended === true;
      return peer.received() !== written || peer.sent() !== read || (ended === true) !== endHeard;
    });
    if (inFlight) return;
    const running = new Set(report.children.map((child) => child.pid));
    let peerNext = Infinity;
    for (const peer of peers)
      if (running.has(peer.relayPid() ?? -1)) peerNext = Math.min(peerNext, peer.nextDue() ?? Infinity);
    const to = Math.min(report.next ?? Infinity, peerNext);
    if (to === Infinity || (horizon !== undefined && to > horizon)) {
      const quiet: Quiet = { at: report.at, next: report.next };
      const ready = waiters.filter((waiter) => report.epoch > waiter.after);
      waiters = waiters.filter((waiter) => report.epoch <= waiter.after);
      for (const { resolve } of ready) resolve(quiet);
      return;
    }
    asked = report.epoch;
    movedTo = Math.max(to, report.at);
    advance(report.epoch, movedTo, Math.max(movedTo, Math.min(peerNext, horizon ?? Infinity)));
  };

  return {
    report: (idle) => {
      if (idle.next !== null) timed += 1;
      hostNext = idle.next;
      last = idle;
      seen = idle.epoch;
      hostAt = idle.at;
      movedTo = undefined;
      settleWrites(idle);
      look();
    },
    addPeer: (peer) => {
      peers.add(peer);
      return () => {
        peers.delete(peer);
        const pid = peer.relayPid();
        if (pid !== undefined) gone.add(pid);
        look();
      };
    },
    settled: (at) => {
      hostAt = at;
      movedTo = undefined;
      last = undefined;
    },
    poke: look,
    setHorizon: (ms) => {
      horizon = ms;
      if (last !== undefined && asked === last.epoch) return;
      look();
    },
    now: () => movedTo ?? hostAt,
    timersSeen: () => timed,
    hostNext: () => hostNext,
    whenWritten: (pid, written, then) => {
      writes.push({ pid, written, then });
      // A report newer than the write counts it; one standing now does only if it already shows the byte.
      const standing = last;
      if (standing !== undefined && standing.children.some((child) => child.pid === pid && child.written >= written))
        settleWrites(standing);
    },
    quiet: () =>
      new Promise<Quiet>((resolve) => {
        waiters.push({ after: seen, resolve });
        look();
      }),
  };
}
