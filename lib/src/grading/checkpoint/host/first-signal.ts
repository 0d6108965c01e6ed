// The grace the graded code gave before its first signal during a call, as the host saw it: how long
// its event loop sat waiting (for a timer, for the child's exit) between ending the input of the
// child it then signalled (or of its group's leader) and signalling. close-eof-first counts that as
// what the client did: on a busy machine, a close() kept from running can have its grace run out
// before its end of input has even left (end() only asks; the pipe closes on a later turn of the
// event loop), and a relay kept from running can meet the end of input and the SIGTERM in either
// order. Only waiting counts: ending then signalling in one go, whatever work (a scan of /proc) and
// whatever load lie between, waits for nothing. Where the host gives the graded code the grader's
// clock, the same span is read on that clock too: a grace kept by a timer there is exactly its length.
import { ChildProcess } from "node:child_process";
import { performance } from "node:perf_hooks";

/** How a child really ended, as Node reported it: an exit status, or the signal that ended it. */
export interface ChildEnd {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * What a watch is told of, in the order it happens: which process's input the graded code ended,
 * which a signal went to, which child ended and how.
 */
type Deed =
  | {
      readonly kind: "input-ended" | "signal";
      /** The child, or the signal's target (a group, -pgid, as its leader's pid); undefined when unknown. */
      readonly pid: number | undefined;
    }
  | { readonly kind: "exited"; readonly pid: number | undefined; readonly end: ChildEnd };
const watchers = new Set<(deed: Deed) => void>();
const tell = (deed: Deed): void => {
  for (const watcher of watchers) watcher(deed);
};

/**
 * Wraps process.kill and ChildProcess#kill, so every signal the graded code sends is seen (signal 0
 * only asks), and the end() and destroy() of every child's stdin, so its end of input is seen too,
 * and how each child ended (its first 'exit' listener, so seen before the graded code's own).
 */
function install(): void {
  const signalled = (signal: unknown, pid: number | undefined): void => {
    if (signal !== 0 && signal !== "0") tell({ kind: "signal", pid: pid === undefined ? undefined : Math.abs(pid) });
  };
  const kill = process.kill.bind(process);
  process.kill = ((pid: number, signal?: string | number) => {
    signalled(signal, pid);
    return kill(pid, signal);
  }) as typeof process.kill;
  const childKill = ChildProcess.prototype.kill;
  ChildProcess.prototype.kill = function (this: ChildProcess, signal?: NodeJS.Signals | number): boolean {
    signalled(signal, this.pid);
    return childKill.call(this, signal);
  };
  // Node's spawn() makes a ChildProcess and calls its (undocumented) spawn method, which sets up stdin.
  const prototype = ChildProcess.prototype as unknown as { spawn: (this: ChildProcess, ...args: unknown[]) => unknown };
  const childSpawn = prototype.spawn;
  prototype.spawn = function (this: ChildProcess, ...args: unknown[]) {
    const started = childSpawn.apply(this, args);
    const stdin = this.stdin;
    const child = this;
    child.once("exit", (code, signal) => tell({ kind: "exited", pid: child.pid, end: { code, signal } }));
    if (stdin !== null) {
      const { end, destroy } = stdin;
      stdin.end = function (this: typeof stdin, ...endArgs: unknown[]) {
        tell({ kind: "input-ended", pid: child.pid });
        return (end as (...all: unknown[]) => typeof stdin).apply(this, endArgs);
      } as typeof stdin.end;
      stdin.destroy = function (this: typeof stdin, error?: Error) {
        tell({ kind: "input-ended", pid: child.pid });
        return destroy.call(this, error);
      };
    }
    return started;
  };
}

// On import, in the host, before any graded module is loaded and could keep the unwrapped function.
install();

/** The ms this process's event loop has sat waiting for something to happen, so far. */
const waitedMs = (): number => performance.eventLoopUtilization().idle;

/** What a call did before its first signal (empty when it sent none), and how the child whose input it ended first ended. */
export interface BeforeFirstSignal {
  /** Whether it sent one. */
  readonly signalled?: true;
  /**
   * From the call's first end of the signalled child's input to the signal, the ms the event loop
   * sat waiting (that child's input not ended first: undefined).
   */
  readonly graceMs?: number;
  /** The same span on the grader's clock, where the host gives one. */
  readonly graceOnClockMs?: number;
  /** How the first child whose input the call ended really ended, when that came before the call returned. */
  readonly endedChild?: ChildEnd;
}

/**
 * Starts watching; the function returned ends it and says what came before the first signal.
 * `clockNow` reads the grader's clock, where the host gives the graded code one.
 */
export function beforeFirstSignal(clockNow?: () => number): () => BeforeFirstSignal {
  const inputEnded = new Map<number | undefined, { waited: number; clock: number | undefined }>();
  let signal: BeforeFirstSignal | undefined;
  let endedChild: ChildEnd | undefined;
  const watcher = (deed: Deed): void => {
    if (deed.kind === "exited") {
      const firstEnded = inputEnded.keys().next();
      if (endedChild === undefined && !firstEnded.done && firstEnded.value === deed.pid) endedChild = deed.end;
      return;
    }
    if (signal !== undefined) return;
    if (deed.kind === "input-ended") {
      if (!inputEnded.has(deed.pid)) inputEnded.set(deed.pid, { waited: waitedMs(), clock: clockNow?.() });
      return;
    }
    const ended = deed.pid === undefined ? undefined : inputEnded.get(deed.pid);
    const onClock = ended?.clock === undefined || clockNow === undefined ? undefined : clockNow() - ended.clock;
    signal = {
      signalled: true,
      ...(ended === undefined ? {} : { graceMs: Math.round(Math.max(0, waitedMs() - ended.waited)) }),
      ...(onClock === undefined ? {} : { graceOnClockMs: onClock }),
    };
  };
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    return { ...signal, ...(endedChild === undefined ? {} : { endedChild }) };
  };
}
