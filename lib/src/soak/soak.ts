/**
 * `npm run soak [-- --cycles N]`: opens, calls and closes the client N times (default 1,000)
 * against the teaching server's grandchild mode, whose forgotten child ignores SIGTERM, then
 * counts what is left: processes in any group we started, this process's open file descriptors,
 * and memory. Exit status 1 if a live process, an uncollected child or a descriptor is left
 * behind, or the heap grew by more than HEAP_GROWTH_LIMIT after garbage collection. (A killed
 * grandchild belongs to init once its parent is gone; init reaps it, not us.) Run with --expose-gc (the npm script does).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { openDescriptors, takeCensus } from "./process-census.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";

const WARMUP_CYCLES = 10;
/** A leak of 5 KiB a cycle over 1,000 cycles; anything smaller is noise from JIT and caches. */
const HEAP_GROWTH_LIMIT = 5 * 1024 * 1024;
/** The grandchild ignores SIGTERM, so every close waits out this grace before SIGKILL. */
const TERM_GRACE_MS = 100;

interface Snapshot {
  readonly processes: number;
  readonly ours: number;
  readonly zombies: number;
  readonly ourZombies: number;
  readonly fds: number;
  readonly rss: number;
  readonly heap: number;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) return;
  gc();
  gc();
}

function snapshot(groups: ReadonlySet<number>): Snapshot {
  collectGarbage();
  const census = takeCensus(groups);
  const memory = process.memoryUsage();
  return {
    processes: census.total,
    ours: census.ours.length,
    zombies: census.oursZombies.length,
    ourZombies: census.zombiesOfThisProcess.length,
    fds: openDescriptors(),
    rss: memory.rss,
    heap: memory.heapUsed,
  };
}

async function cycle(groups: Set<number>): Promise<void> {
  const client = new StdioClient(teachingServerCommand("grandchild"), {
    allowed: ["word_count"],
    termGraceMs: TERM_GRACE_MS,
  });
  if (client.pid !== undefined) groups.add(client.pid);
  try {
    await client.initialize();
    await client.listTools();
    const text = await client.callTool("word_count", { text: "vanilla stock needs review" });
    if (text !== "4") throw new Error(`word_count answered ${JSON.stringify(text)}, expected "4"`);
  } finally {
    await client.close();
  }
}

const SOAK_USAGE =
  "usage: npm run soak [-- --cycles N]\n  opens, calls and closes the client N times (default 1000) against the grandchild mode; exit 1 if anything is left behind";

function cyclesFrom(argv: readonly string[]): number {
  const { values } = argumentsOrExit("soak", SOAK_USAGE, () =>
    readFlags(argv, { cycles: { type: "string" }, help: { type: "boolean", short: "h" } }),
  );
  if (values.help === true) {
    console.log(SOAK_USAGE);
    process.exit(0);
  }
  return values.cycles === undefined
    ? 1000
    : argumentsOrExit("soak", SOAK_USAGE, () => wholeNumber("--cycles", values.cycles!, 1));
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const cycles = cyclesFrom(process.argv.slice(2));
  if ((globalThis as { gc?: unknown }).gc === undefined)
    console.log("soak: no --expose-gc, so heap figures include garbage");
  console.log(
    `soak: ${cycles} x (spawn, initialize, list, word_count, close) against --mode grandchild; termGraceMs ${TERM_GRACE_MS}; node ${process.version}`,
  );
  const warmupGroups = new Set<number>();
  for (let i = 0; i < WARMUP_CYCLES; i += 1) await cycle(warmupGroups);
  const groups = new Set<number>();
  const before = snapshot(groups);
  const started = performance.now();
  for (let i = 0; i < cycles; i += 1) {
    await cycle(groups);
    if ((i + 1) % 100 === 0)
      console.log(`  ${i + 1} cycles, ${((performance.now() - started) / (i + 1)).toFixed(0)} ms each`);
  }
  const seconds = (performance.now() - started) / 1000;
  // A killed grandchild was handed to init, which collects it when it gets to it: give it a moment.
  for (let waited = 0; waited < 3000 && takeCensus(groups).oursZombies.length > 0; waited += 100) await sleep(100);
  const after = snapshot(groups);
  const warmupLeft = takeCensus(warmupGroups).ours.length;

  console.log(
    `done: ${cycles} cycles in ${seconds.toFixed(1)} s (${((seconds * 1000) / cycles).toFixed(0)} ms each), ${groups.size} process groups started`,
  );
  console.log("                              before        after");
  const row = (label: string, a: string, b: string): void =>
    console.log(`  ${label.padEnd(26)}${a.padStart(10)}   ${b.padStart(10)}`);
  row("live processes in our groups", String(before.ours), String(after.ours));
  row("zombies in our groups", String(before.zombies), String(after.zombies));
  row("  of them, ours to collect", String(before.ourZombies), String(after.ourZombies));
  row("processes on the machine", String(before.processes), String(after.processes));
  row("open fds (/proc/self/fd)", String(before.fds), String(after.fds));
  row("RSS", mib(before.rss), mib(after.rss));
  row("heap used (after gc)", mib(before.heap), mib(after.heap));

  const problems: string[] = [];
  if (after.ours + warmupLeft > 0) problems.push(`${after.ours + warmupLeft} process(es) left in groups we started`);
  if (after.ourZombies > 0) problems.push(`${after.ourZombies} child process(es) this process never collected`);
  if (after.fds > before.fds) problems.push(`${after.fds - before.fds} file descriptor(s) more than before`);
  if (after.heap - before.heap > HEAP_GROWTH_LIMIT)
    problems.push(`heap grew by ${mib(after.heap - before.heap)} (limit ${mib(HEAP_GROWTH_LIMIT)})`);
  if (problems.length > 0) {
    console.log(`LEFT BEHIND: ${problems.join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log("left behind: nothing (no process in our groups, no extra descriptor, heap within limit)");
  }
}

main().catch((error: unknown) => {
  console.error("soak failed:", error);
  process.exitCode = 1;
});
