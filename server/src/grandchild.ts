/**
 * grandchild mode: a process the server starts and then forgets. It stays in the server's
 * process group, ignores SIGTERM and outlives the server's clean exit, so only a client that
 * ends the whole group (SIGKILL after SIGTERM) removes it.
 */
import { spawn } from "node:child_process";
import type { Diagnose } from "./diagnostics.js";

/** Ignores SIGTERM first, then says so: only an armed grandchild proves anything about close(). */
const FORGOTTEN_CHILD = 'process.on("SIGTERM", () => {}); process.stdout.write("armed\\n"); setInterval(() => {}, 60 * 60 * 1000);';

/** How long the server waits for the grandchild to be armed before it answers anyway. */
const ARMING_MS = 5000;

/** Starts the grandchild and resolves once it ignores SIGTERM (or after ARMING_MS, with a note). */
export function startForgottenChild(diagnose: Diagnose): Promise<void> {
  // Not detached: the child must share the server's process group.
  const child = spawn(process.execPath, ["-e", FORGOTTEN_CHILD], { stdio: ["ignore", "pipe", "ignore"] });
  child.unref(); // the server neither waits for it nor ends it
  if (child.pid !== undefined) diagnose(`grandchild pid ${child.pid}`);
  return new Promise((resolve) => {
    const done = (note?: string): void => {
      clearTimeout(timer);
      if (note) diagnose(note);
      child.stdout.destroy(); // it has nothing more to say; the pipe must not keep us alive
      resolve();
    };
    const timer = setTimeout(() => done(`grandchild not armed after ${ARMING_MS} ms; answering anyway`), ARMING_MS);
    child.stdout.once("data", () => done());
    child.on("error", (error) => done(`grandchild could not start: ${error.message}`));
  });
}
