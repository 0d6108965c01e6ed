/**
 * grandchild mode: a process the server starts and then forgets. It stays in the server's
 * process group, ignores SIGTERM and outlives the server's clean exit, so only a client that
 * ends the whole group (SIGKILL after SIGTERM) removes it.
 */
import { spawn } from "node:child_process";
import type { Diagnose } from "./diagnostics.js";

const FORGOTTEN_CHILD = 'process.on("SIGTERM", () => {}); setInterval(() => {}, 60 * 60 * 1000);';

export function startForgottenChild(diagnose: Diagnose): number | undefined {
  // Not detached: the child must share the server's process group.
  const child = spawn(process.execPath, ["-e", FORGOTTEN_CHILD], { stdio: "ignore" });
  child.on("error", (error) => diagnose(`grandchild could not start: ${error.message}`));
  child.unref(); // the server neither waits for it nor ends it
  if (child.pid !== undefined) diagnose(`grandchild pid ${child.pid}`);
  return child.pid;
}
