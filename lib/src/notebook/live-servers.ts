import { readdirSync, readFileSync } from "node:fs";
import { TEACHING_SERVER } from "../client/teaching-server.js";

/**
 * Process ids of teaching servers still running that were started by process `parent` (by
 * default this one: the notebook's kernel). Read from /proc, so Linux only; elsewhere it
 * returns undefined (unknown) rather than a wrong empty list. Grandchildren are not counted
 * here: processGroupMembers(pgid) finds those.
 */
export function teachingServersStartedBy(parent: number = process.pid, server: string = TEACHING_SERVER): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let argv: string[];
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // ended while we looked
    }
    // Fields after the command name (which may hold spaces): state, ppid, ...
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (state === "Z" || state === "X" || Number(ppid) !== parent) continue;
    if (argv.includes(server)) found.push(Number(entry));
  }
  return found;
}
