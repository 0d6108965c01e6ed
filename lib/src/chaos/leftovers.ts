import { setTimeout as sleep } from "node:timers/promises";
import { listProcesses } from "../client/process-table.js";

/** Live processes (zombies excluded) in any of `groups`, with their command lines' pids. */
export function liveIn(groups: Iterable<number>): number[] {
  const wanted = new Set(groups);
  return (listProcesses() ?? []).filter((entry) => wanted.has(entry.pgid)).map((entry) => entry.pid);
}

/** How long it took for nothing to be left in `groups`, or what was still there at `boundMs`. */
export interface Settled {
  readonly left: number[];
  readonly ms: number;
}

/** Polls /proc every 50 ms until no live process is left in `groups`, or `boundMs` passes. */
export async function waitUntilGone(groups: Iterable<number>, boundMs: number): Promise<Settled> {
  const list = [...groups];
  const started = performance.now();
  for (;;) {
    const left = liveIn(list);
    const ms = performance.now() - started;
    if (left.length === 0 || ms >= boundMs) return { left, ms };
    await sleep(50);
  }
}
