// What the graded code did before its first signal during a call, as the host saw it: how long the
// host waited for a CPU before that signal, and how long the code itself waited between ending a
// child's input and signalling, on the host's clock less its own waits for a CPU. A close() the
// machine keeps from running can have its grace run out before its end of input has even left
// (end() only asks; the pipe closes on a later turn of the event loop), and a relay kept from
// running can meet the end of input and the SIGTERM in either order: close-eof-first counts what
// the client did, which is this. Counted up to the first kill, so a close() that signals at once
// gets no credit for waits that come after.
import { ChildProcess } from "node:child_process";
import { runQueueMs } from "../../grading/starvation.js";

/** What a watch is told of, in the order the graded code does it. */
type Deed = "input-ended" | "signal";
const watchers = new Set<(deed: Deed) => void>();
const tell = (deed: Deed): void => {
  for (const watcher of watchers) watcher(deed);
};

/**
 * Wraps process.kill and ChildProcess#kill, so every signal the graded code sends is seen (signal 0
 * only asks), and the end() and destroy() of every child's stdin, so its end of input is seen too.
 */
function install(): void {
  const signalled = (signal: unknown): void => {
    if (signal !== 0 && signal !== "0") tell("signal");
  };
  const kill = process.kill.bind(process);
  process.kill = ((pid: number, signal?: string | number) => {
    signalled(signal);
    return kill(pid, signal);
  }) as typeof process.kill;
  const childKill = ChildProcess.prototype.kill;
  ChildProcess.prototype.kill = function (this: ChildProcess, signal?: NodeJS.Signals | number): boolean {
    signalled(signal);
    return childKill.call(this, signal);
  };
  // Node's spawn() makes a ChildProcess and calls its (undocumented) spawn method, which sets up stdin.
  const prototype = ChildProcess.prototype as unknown as { spawn: (this: ChildProcess, ...args: unknown[]) => unknown };
  const childSpawn = prototype.spawn;
  prototype.spawn = function (this: ChildProcess, ...args: unknown[]) {
    const started = childSpawn.apply(this, args);
    const stdin = this.stdin;
    if (stdin !== null) {
      const { end, destroy } = stdin;
      stdin.end = function (this: typeof stdin, ...endArgs: unknown[]) {
        tell("input-ended");
        return (end as (...all: unknown[]) => typeof stdin).apply(this, endArgs);
      } as typeof stdin.end;
      stdin.destroy = function (this: typeof stdin, error?: Error) {
        tell("input-ended");
        return destroy.call(this, error);
      };
    }
    return started;
  };
}

// On import, in the host, before any graded module is loaded and could keep the unwrapped function.
install();

/** The host's own clock: ms that this thread was not kept waiting for a CPU. */
const ownClock = (): number => performance.now() - runQueueMs();

/** What a call did before its first signal; both undefined when it sent none. */
export interface BeforeFirstSignal {
  /** The host's wait for a CPU from the call's start to the signal. */
  readonly queuedMs?: number;
  /** From the call's first end of a child's input to the signal, less the host's waits (none first: undefined). */
  readonly graceMs?: number;
}

/** Starts watching; the function returned ends it and says what came before the first signal. */
export function beforeFirstSignal(): () => BeforeFirstSignal {
  const start = runQueueMs();
  let inputEndedAt: number | undefined;
  let signal: BeforeFirstSignal | undefined;
  const watcher = (deed: Deed): void => {
    if (signal !== undefined) return;
    if (deed === "input-ended") inputEndedAt ??= ownClock();
    else
      signal = {
        queuedMs: Math.round(Math.max(0, runQueueMs() - start)),
        ...(inputEndedAt === undefined ? {} : { graceMs: Math.round(Math.max(0, ownClock() - inputEndedAt)) }),
      };
  };
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    return signal ?? {};
  };
}
