import { readdirSync, readFileSync } from "node:fs";

/** Processes on the machine, and those in process groups we started, read from /proc in one pass. */
export interface Census {
  /** Every process on the machine (other users' work included: context, not a verdict). */
  readonly total: number;
  /** Live processes whose group id is one we started. */
  readonly ours: number[];
  /** Ended processes of ours that nobody has collected yet. */
  readonly oursZombies: number[];
  /** Those of them whose parent is this process: only these are ours to collect. */
  readonly zombiesOfThisProcess: number[];
}

/** One scan of /proc (Linux). A process that ends while we look is simply not counted. */
export function takeCensus(ourGroups: ReadonlySet<number>): Census {
  let total = 0;
  const ours: number[] = [];
  const oursZombies: number[] = [];
  const zombiesOfThisProcess: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    total += 1;
    // The command name (field 2) may hold spaces and parentheses: split after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (!ourGroups.has(Number(fields[2]))) continue;
    if (fields[0] === "Z" || fields[0] === "X") {
      oursZombies.push(Number(entry));
      if (Number(fields[1]) === process.pid) zombiesOfThisProcess.push(Number(entry));
    } else ours.push(Number(entry));
  }
  return { total, ours, oursZombies, zombiesOfThisProcess };
}

/** Open file descriptors of this process. */
export function openDescriptors(): number {
  return readdirSync("/proc/self/fd").length;
}
