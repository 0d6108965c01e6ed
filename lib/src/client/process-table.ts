import { readdirSync, readFileSync } from "node:fs";

/** One live process as /proc/<pid>/stat tells it. */
export interface ProcessEntry {
  readonly pid: number;
  readonly ppid: number;
  readonly pgid: number;
  /** R running, S sleeping, Z zombie, ... (see proc(5)). */
  readonly state: string;
}

/** A zombie (Z) or dead (X) process has ended; it only waits for its parent to collect its status. */
export function hasEnded(entry: ProcessEntry): boolean {
  return entry.state === "Z" || entry.state === "X";
}

/**
 * Every process on the machine, ended ones included, read from /proc in one pass: the one parser
 * of /proc/<pid>/stat. Linux only: elsewhere it returns undefined (unknown), never a wrong empty list.
 */
export function readProcessTable(): ProcessEntry[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return undefined;
  }
  const processes: ProcessEntry[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended while we looked
    }
    // The command name (field 2) may hold spaces and parentheses: split after its last ")".
    const [state = "", ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    processes.push({ pid: Number(entry), ppid: Number(ppid), pgid: Number(pgid), state });
  }
  return processes;
}

/** Every process on the machine that has not ended (zombies left out); undefined where /proc cannot be read. */
export function listProcesses(): ProcessEntry[] | undefined {
  return readProcessTable()?.filter((entry) => !hasEnded(entry));
}

/** A process's argv, or undefined once it has ended. */
export function commandLineOf(pid: number): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .filter((part) => part !== "");
  } catch {
    return undefined;
  }
}
