// How long the host waited for a CPU during a call before the graded code first sent a signal. A
// close() the machine keeps from running can have its grace run out before its end of input has
// even left (end() only asks; the pipe closes on a later turn of the event loop): close-eof-first
// counts that wait as the client's grace. Counted from the call's start to the first kill, so a
// close() that signals at once gets no credit for waits that come after.
import { ChildProcess } from "node:child_process";
import { runQueueMs } from "../../grading/starvation.js";

const watchers = new Set<() => void>();

/** Wraps process.kill and ChildProcess#kill, so every signal the graded code sends is seen (signal 0 only asks). */
function install(): void {
  const seen = (signal: unknown): void => {
    if (signal === 0 || signal === "0") return;
    for (const watcher of watchers) watcher();
  };
  const kill = process.kill.bind(process);
  process.kill = ((pid: number, signal?: string | number) => {
    seen(signal);
    return kill(pid, signal);
  }) as typeof process.kill;
  const childKill = ChildProcess.prototype.kill;
  ChildProcess.prototype.kill = function (this: ChildProcess, signal?: NodeJS.Signals | number): boolean {
    seen(signal);
    return childKill.call(this, signal);
  };
}

// On import, in the host, before any graded module is loaded and could keep the unwrapped function.
install();

/** Starts watching; the function returned ends it and gives the ms waited before the first signal (undefined: none sent). */
export function queuedBeforeFirstSignal(): () => number | undefined {
  const start = runQueueMs();
  let atSignal: number | undefined;
  const watcher = (): void => {
    atSignal ??= runQueueMs();
  };
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
    return atSignal === undefined ? undefined : Math.round(Math.max(0, atSignal - start));
  };
}
