import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Sends `signal` to every process in group `pgid`; false when the group no longer exists. */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ESRCH: no such group. EPERM: macOS reports it for a group whose leader has exited unreaped.
    if (code === "ESRCH" || code === "EPERM") return false;
    throw error;
  }
}

/**
 * Live (non-zombie) members of process group `pgid`, read from /proc. A zombie has already
 * ended and only waits for its parent to collect its status, so it does not count.
 * Linux only; elsewhere it returns undefined (unknown) rather than a wrong empty list.
 */
export function processGroupMembers(pgid: number): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const members: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    // The command name (field 2) may hold spaces and parentheses: split after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0];
    const group = Number(fields[2]);
    if (group === pgid && state !== "Z" && state !== "X") members.push(Number(entry));
  }
  return members;
}

/** True once no live process is left in the group (or the group is gone). */
export function groupIsEmpty(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return true;
  const members = processGroupMembers(pgid);
  return members !== undefined && members.length === 0;
}

/**
 * Ends a whole process group: SIGTERM first, then SIGKILL to whatever is still alive after
 * `termGraceMs`. Returns the signals that were sent (empty if the group was already gone).
 */
export async function endProcessGroup(pgid: number, termGraceMs = 500): Promise<NodeJS.Signals[]> {
  const sent: NodeJS.Signals[] = [];
  if (groupIsEmpty(pgid) || !signalGroup(pgid, "SIGTERM")) return sent;
  sent.push("SIGTERM");
  const until = Date.now() + termGraceMs;
  while (Date.now() < until) {
    await sleep(10);
    if (groupIsEmpty(pgid)) return sent;
  }
  if (signalGroup(pgid, "SIGKILL")) sent.push("SIGKILL");
  return sent;
}
