/**
 * What a serving teaching server meets of the world: its input and output, how it leaves, and how
 * a SIGTERM reaches it. main.ts serves on the real process's (processIo); a grader may run the
 * same session inside its own process behind a relay, on streams and an end of its own.
 */
import type { Readable, Writable } from "node:stream";

/** How a SIGTERM is met: its default action (the server dies of it at once), or a handler instead. */
export type SigtermAction = "default" | (() => void);

export interface ServerIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
  /** What the record's "start" says of the server: its pid, its argv (past node and the main file), its environment's names. */
  readonly start: { readonly pid: number; readonly argv: readonly string[]; readonly env: readonly string[] };
  /**
   * Aborted once the server has ended, however it ended: every wait of its session stops with it.
   * A process's never is (its exit ends them all).
   */
  readonly ended: AbortSignal;
  /** Ends the server with `code`, as process.exit does: nothing of the session runs after it. */
  exit(code: number): void;
  /** From now on SIGTERM is met so. */
  onSigterm(action: SigtermAction): void;
  /** Dies of SIGTERM, as its default action ends a process (its parent sees the signal). */
  dieOfSigterm(): void;
  /** Calls `gone` once whoever started the server is gone (a server that stays then leaves). */
  watchStarter(gone: () => void): void;
}

/** How often a server that stays looks whether the process that started it is still there. */
const PARENT_WATCH_MS = 250;

/** The real process's: main.ts serves on it. */
export function processIo(): ServerIo {
  // Read as the server starts: process.ppid is read afresh on each use, and by the time the input
  // ends (a killed kernel) the parent may already be init.
  const startedBy = process.ppid;
  let handler: (() => void) | undefined;
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    start: { pid: process.pid, argv: process.argv.slice(2), env: Object.keys(process.env).sort() },
    ended: new AbortController().signal,
    exit: (code) => process.exit(code),
    onSigterm: (action) => {
      if (handler !== undefined) process.removeListener("SIGTERM", handler);
      handler = undefined;
      if (action === "default") {
        defaultSigterm();
        return;
      }
      handler = action;
      process.on("SIGTERM", action);
    },
    dieOfSigterm: () => {
      if (handler !== undefined) process.removeListener("SIGTERM", handler);
      handler = undefined;
      process.kill(process.pid, "SIGTERM");
    },
    watchStarter: (gone) => {
      const watch = (): void => {
        if (process.ppid !== startedBy) gone();
      };
      watch();
      setInterval(watch, PARENT_WATCH_MS);
    },
  };
}

/**
 * Leaves SIGTERM to its default action. Node catches SIGTERM from its start (to reset the
 * terminal before dying), and a caught signal acts only once the process runs: a SIGKILL sent
 * right after would then end it first. Uncaught, SIGTERM ends it as it is sent. Removing the last
 * listener is how Node gives a signal back to its default.
 */
function defaultSigterm(): void {
  const none = (): void => undefined;
  process.on("SIGTERM", none);
  process.removeListener("SIGTERM", none);
}
