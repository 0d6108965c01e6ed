import { readdirSync } from "node:fs";
import { hasEnded, readProcessTable } from "../client/process-table.js";

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

/** One scan of /proc (Linux only), through the client's process table. A process that ends while we look is not counted. */
export function takeCensus(ourGroups: ReadonlySet<number>): Census {
  const table = readProcessTable();
  if (table === undefined)
    throw new Error("the soak counts processes in /proc, which this system does not have (Linux only)");
  const ours: number[] = [];
  const oursZombies: number[] = [];
  const zombiesOfThisProcess: number[] = [];
  for (const entry of table) {
    if (!ourGroups.has(entry.pgid)) continue;
    if (hasEnded(entry)) {
      oursZombies.push(entry.pid);
      if (entry.ppid === process.pid) zombiesOfThisProcess.push(entry.pid);
    } else ours.push(entry.pid);
  }
  return { total: table.length, ours, oursZombies, zombiesOfThisProcess };
}

/** Open file descriptors of this process. */
export function openDescriptors(): number {
  return readdirSync("/proc/self/fd").length;
}
