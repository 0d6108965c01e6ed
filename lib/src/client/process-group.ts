import { setTimeout as sleep } from "node:timers/promises";
import { listProcesses } from "./process-table.js";

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

/** Whether group `pgid` holds no process at all, zombies included: kill(2) with signal 0 says ESRCH. */
function groupIsGone(pgid: number): boolean {
  if (!(pgid > 1)) return false;
  try {
    process.kill(-pgid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** Live (non-zombie) members of process group `pgid`; undefined where /proc cannot be read. */
export function processGroupMembers(pgid: number): number[] | undefined {
  // A group with no process at all needs no look through /proc, which reads every process's stat.
  if (process.platform === "linux" && groupIsGone(pgid)) return [];
  return listProcesses()
    ?.filter((entry) => entry.pgid === pgid)
    .map((entry) => entry.pid);
}

/** True once no live process is left in the group (or the group is gone). */
export function groupIsEmpty(pgid: number): boolean {
  if (!signalGroup(pgid, 0)) return true;
  const members = processGroupMembers(pgid);
  return members !== undefined && members.length === 0;
}

/** How long a SIGKILLed group may take to vanish from /proc before we stop waiting. */
const KILL_SETTLE_MS = 1000;

/**
 * Ends a whole process group: SIGTERM first, then SIGKILL to whatever is still alive after
 * `termGraceMs`, then a short wait until the killed processes are really gone, so that a
 * caller who looks right after sees none. Returns the signals that were sent (empty if the
 * group was already gone); `onSignal` hears each one as it is sent.
 */
export async function endProcessGroup(
  pgid: number,
  termGraceMs = 500,
  onSignal?: (signal: NodeJS.Signals) => void,
): Promise<NodeJS.Signals[]> {
  const sent: NodeJS.Signals[] = [];
  if (groupIsEmpty(pgid) || !signalGroup(pgid, "SIGTERM")) return sent;
  sent.push("SIGTERM");
  onSignal?.("SIGTERM");
  if (await emptiedWithin(pgid, termGraceMs)) return sent;
  if (signalGroup(pgid, "SIGKILL")) {
    sent.push("SIGKILL");
    onSignal?.("SIGKILL");
  }
  await emptiedWithin(pgid, KILL_SETTLE_MS);
  return sent;
}

async function emptiedWithin(pgid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await sleep(10);
    if (groupIsEmpty(pgid)) return true;
  }
  return groupIsEmpty(pgid);
}

/**
 * The one teardown for what a check or a rule started: SIGKILLs every group that still has a live
 * member, waits until each is gone, and returns a label for each that had to be ended (so a
 * caller can report what was left running). No grace: whoever calls this is cleaning up after.
 */
export async function killGroups(groups: Iterable<number>): Promise<string[]> {
  const killed: string[] = [];
  for (const pgid of groups) {
    const members = processGroupMembers(pgid);
    const alive = members === undefined ? signalGroup(pgid, 0) : members.length > 0;
    if (!alive) continue;
    killed.push(`group ${pgid}${members ? ` (${members.length} process${members.length === 1 ? "" : "es"})` : ""}`);
    signalGroup(pgid, "SIGKILL");
    await emptiedWithin(pgid, KILL_SETTLE_MS);
  }
  return killed;
}
