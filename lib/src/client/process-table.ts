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

/** The numbered entries of /proc, one per process; undefined where /proc cannot be read (not Linux). */
function procEntries(): string[] | undefined {
  try {
    return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
}

/** One process's /proc/<pid>/stat, parsed; undefined once it has gone. The one parser of that file. */
function readEntry(pid: string): ProcessEntry | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined; // ended while we looked
  }
  // The command name (field 2) may hold spaces and parentheses: split after its last ")".
  const [state = "", ppid, pgid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), state };
}

/**
 * Every process on the machine, ended ones included, read from /proc in one pass. Linux only:
 * elsewhere it returns undefined (unknown), never a wrong empty list.
 */
export function readProcessTable(): ProcessEntry[] | undefined {
  return procEntries()?.flatMap((pid) => readEntry(pid) ?? []);
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

/**
 * The live processes (zombies left out) whose argv `matches` accepts; undefined where /proc cannot
 * be read. It reads each process's argv and only a match's stat: half the reads of a whole table,
 * for a look made again and again while servers start and end.
 */
export function processesWithArgv(matches: (argv: string[]) => boolean): ProcessEntry[] | undefined {
  return procEntries()?.flatMap((pid) => {
    const argv = commandLineOf(Number(pid));
    if (argv === undefined || !matches(argv)) return [];
    const entry = readEntry(pid);
    return entry === undefined || hasEnded(entry) ? [] : [entry];
  });
}
