import { commandLineOf, listProcesses } from "./process-table.js";
import { TEACHING_SERVER } from "./teaching-server.js";

/**
 * Process ids of teaching servers still running that were started by process `parent` (by
 * default this one: the notebook's kernel). Read from /proc, so Linux only; elsewhere it
 * returns undefined (unknown) rather than a wrong empty list. Grandchildren are not counted
 * here: processGroupMembers(pgid) finds those.
 */
export function teachingServersStartedBy(
  parent: number = process.pid,
  server: string = TEACHING_SERVER,
): number[] | undefined {
  return listProcesses()
    ?.filter((entry) => entry.ppid === parent && (commandLineOf(entry.pid) ?? []).includes(server))
    .map((entry) => entry.pid);
}
