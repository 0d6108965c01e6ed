// A server starved on a busy machine, made on purpose: the real teaching server, stopped with
// SIGSTOP for a while and then let go. Tests use it to show that a trial whose outcome is not a
// deadline does not depend on how soon the machine runs the server.
import { commandLineOf, listProcesses } from "../../lib/src/client/process-table.js";
import { TEACHING_SERVER } from "../../lib/src/client/teaching-server.js";

/** The pids of this process's teaching servers started in one of `modes`. */
export function serversIn(modes: readonly string[]): number[] {
  return (listProcesses() ?? [])
    .filter((entry) => entry.ppid === process.pid)
    .filter((entry) => {
      const argv = commandLineOf(entry.pid) ?? [];
      return argv[1] === TEACHING_SERVER && modes.includes(argv[argv.indexOf("--mode") + 1] ?? "");
    })
    .map((entry) => entry.pid);
}

/** Stops each of `pids` for `ms`, then lets it run on; gives how many it stopped. */
export function starve(pids: readonly number[], ms: number): number {
  for (const pid of pids) {
    process.kill(pid, "SIGSTOP");
    setTimeout(() => {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // ended (killed while stopped): nothing to wake
      }
    }, ms);
  }
  return pids.length;
}

/** Stops each server in `modes` once, for `ms`, as soon as it is seen; `stop()` ends the watch and gives how many. */
export function starveEachOnStart(modes: readonly string[], ms: number): { stop: () => number } {
  const seen = new Set<number>();
  const watch = setInterval(() => {
    const fresh = serversIn(modes).filter((pid) => !seen.has(pid));
    for (const pid of fresh) seen.add(pid);
    starve(fresh, ms);
  }, 10);
  return {
    stop: () => {
      clearInterval(watch);
      return seen.size;
    },
  };
}
