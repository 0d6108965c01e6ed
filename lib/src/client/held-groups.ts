/**
 * The process groups of clients not yet closed, so that whatever holds them can end them when
 * it exits. The `exit` handler (installed with the first client, never at import) signals
 * synchronously, since nothing asynchronous runs once a process is exiting: it covers a normal
 * end with clients left open, `process.exit()`, and an uncaught error. It cannot cover SIGKILL,
 * and no SIGINT or SIGTERM handler is installed here (tslab interrupts cells with SIGINT):
 * a program that wants its clients closed on a signal calls `closeAllClients()` from its own
 * handler, as the command line does.
 */

interface Held {
  /** The server's pid, which is also its process group id. */
  readonly pgid: number;
  /** The client's orderly close(). */
  readonly close: () => Promise<unknown>;
}

const held = new Map<number, Held>();
let exitHandlerInstalled = false;

/** Records a started client's group until it is released by close(). */
export function holdGroup(pgid: number, close: () => Promise<unknown>): void {
  held.set(pgid, { pgid, close });
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.on("exit", endHeldGroups);
  }
}

/** The group was ended by close(): nothing left to do for it on exit. */
export function releaseGroup(pgid: number): void {
  held.delete(pgid);
}

/** Process groups of clients that are still open. */
export function heldGroups(): number[] {
  return [...held.keys()];
}

/** Closes every open client the orderly way (end input, wait, TERM, KILL); for signal handlers. */
export async function closeAllClients(): Promise<void> {
  await Promise.allSettled([...held.values()].map((entry) => entry.close()));
}

/** SIGKILL to every group still held: synchronous, so it works inside an `exit` handler. */
export function endHeldGroups(): void {
  for (const pgid of held.keys()) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  held.clear();
}
