/**
 * `npm run chaos [-- --cycles N --seed N --kernel-every K]`: ends the process holding clients
 * at random points, in random ways, N times (default 200), and counts what is left.
 *
 * Each cycle starts one holder and ends it:
 * - a library holder (holder.js) with a random set of teaching-server modes, and sometimes a
 *   foreign `sleep 60`, SIGKILLed, SIGINTed or SIGTERMed at a random moment (before, during or
 *   after its handshakes), or failing by itself (process.exit, an uncaught error, an unhandled
 *   rejection) after a random delay;
 * - the command line, `mcp-workbook call ... -- SERVER`, given SIGINT or SIGTERM at a random
 *   moment (a foreign sleep or the teaching server's grandchild mode behind it), or SIGKILL
 *   (with the teaching server only: a SIGKILLed holder cannot end a foreign server);
 * - every K-th cycle (default 20), a tslab kernel with an unclosed client in every mode,
 *   SIGKILLed, restarted or shut down through Jupyter (scripts/kernel_ends.py).
 * Every server of a cycle carries a marker (an environment variable, or for the command line's
 * sleep a unique duration in its argv), so /proc shows what is left even of a holder killed
 * before it said anything. Leftovers are polled for up to LEFTOVER_BOUND_MS; the time is
 * reported. Exit status 1 if any process is left or this process gained a descriptor.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { TEACHING_SERVER } from "../client/teaching-server.js";
import { jupyterPython } from "../grading/checkpoint/notebook-runner-output.js";
import { openDescriptors } from "../soak/process-census.js";
import { SeededRandom } from "../fuzz/random.js";
import { TEACHING_MODES } from "../server-build/teaching-modes.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";

const HOLDER = path.join(__dirname, "holder.js");
const CLI = path.join(__dirname, "../cli/main.js");
const KERNEL_ENDS = path.resolve(__dirname, "../../../scripts/kernel_ends.py");
const LEFTOVER_BOUND_MS = 20_000;
/**
 * The modes most likely to be mid-way through something when a holder ends (a reply held back,
 * spread or endless, a process that outlives a careless end): those the mode table says misbehave
 * in the reply or the process. Drawn more often than the rest.
 */
const STUBBORN = TEACHING_MODES.filter((row) => row.misbehaves === "reply" || row.misbehaves === "process").map(
  (row) => row.mode,
);

type Random = () => number;

interface Outcome {
  readonly kind: string;
  readonly left: number;
  readonly ms: number;
}

/** Live processes whose environment or argv carries `marker`. */
function marked(marker: string): number[] {
  const found: number[] = [];
  const needle = Buffer.from(marker);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (state === "Z" || state === "X") continue;
      if (
        readFileSync(`/proc/${entry}/environ`).includes(needle) ||
        readFileSync(`/proc/${entry}/cmdline`).includes(needle)
      )
        found.push(Number(entry));
    } catch {
      // ended while we looked
    }
  }
  return found;
}

async function settle(marker: string): Promise<{ left: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const left = marked(marker).filter((pid) => pid !== process.pid);
    const ms = performance.now() - started;
    if (left.length === 0 || ms >= LEFTOVER_BOUND_MS) {
      for (const pid of left) {
        try {
          process.kill(pid, "SIGKILL"); // reported, then cleaned, so one leak does not spoil the next cycle
        } catch {
          // gone
        }
      }
      return { left: left.length, ms };
    }
    await sleep(50);
  }
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function someModes(random: Random, all: readonly string[]): string[] {
  const count = 1 + Math.floor(random() * 4);
  const modes = new Set<string>();
  while (modes.size < count) modes.add(random() < 0.6 ? pick(random, STUBBORN) : pick(random, all));
  return [...modes];
}

async function libraryHolder(random: Random, modes: readonly string[], marker: string): Promise<string> {
  const ending = pick(random, ["SIGKILL", "SIGINT", "SIGTERM", "exit", "throw", "reject"] as const);
  const internal = ending === "exit" || ending === "throw" || ending === "reject";
  // A foreign server ignoring end of input is only ended by a holder whose exit handler runs.
  const foreign = internal && random() < 0.5;
  const args = ["--end", internal ? ending : "wait", "--after", String(Math.floor(random() * 300)), "--marker", marker];
  if (foreign) args.push("--foreign");
  const holder = spawn(process.execPath, [HOLDER, ...args, ...someModes(random, modes)], {
    stdio: "ignore",
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const exit = once(holder, "exit");
  if (!internal) {
    await sleep(Math.floor(random() * 800)); // anywhere from node's start to well after the handshakes
    holder.kill(ending);
  }
  await Promise.race([exit, sleep(15_000).then(() => holder.kill("SIGKILL"))]);
  await exit;
  return `holder ${ending}${foreign ? " +foreign" : ""}`;
}

async function commandLineHolder(random: Random, marker: string, cycle: number): Promise<string> {
  const signal = pick(random, ["SIGINT", "SIGTERM", "SIGKILL"] as const);
  // A SIGKILLed command line runs nothing: only a server that ends on end of input may be behind it.
  const foreign = signal !== "SIGKILL" && random() < 0.5;
  const server = foreign
    ? ["sleep", `60.${marker.replace(/\D/gu, "")}${cycle}`]
    : [process.execPath, TEACHING_SERVER, "--mode", "grandchild"];
  const cli = spawn(process.execPath, [CLI, "call", "--timeout-ms", "30000", "word_count", "{}", "--", ...server], {
    stdio: "ignore",
    detached: true, // a terminal's foreground job
    env: { PATH: process.env["PATH"] ?? "", WORKBOOK_CHAOS_RUN: marker }, // the grandchild inherits it
  });
  const exit = once(cli, "exit");
  await sleep(Math.floor(random() * 800));
  try {
    process.kill(-cli.pid!, signal);
  } catch {
    // it already finished (the teaching server answers within the wait)
  }
  await Promise.race([exit, sleep(15_000).then(() => cli.kill("SIGKILL"))]);
  await exit;
  return `command line ${signal}${foreign ? " +foreign" : ""}`;
}

async function kernelHolder(how: string, modes: readonly string[], marker: string): Promise<string> {
  const child = spawn(jupyterPython(), [KERNEL_ENDS, how, JSON.stringify(modes)], {
    stdio: "ignore",
    env: { ...process.env, WORKBOOK_CHAOS_RUN: marker },
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`kernel_ends.py ${how} exited ${code}`);
  return `kernel ${how}`;
}

const CHAOS_USAGE =
  "usage: npm run chaos [-- --cycles N --seed N --kernel-every K]\n  ends holders of clients at random points N times (default 200), a tslab kernel every K-th cycle (default 20, 0: none); exit 1 if anything is left behind";

/** The chaos run's command line; a bad one is a UsageError (exit 2 with the usage). */
function options(argv: readonly string[]): { cycles: number; seed: number; kernelEvery: number } | "help" {
  const { values } = readFlags(argv, {
    cycles: { type: "string" },
    seed: { type: "string" },
    "kernel-every": { type: "string" },
    help: { type: "boolean" },
  });
  if (values.help === true) return "help";
  return {
    cycles: values.cycles === undefined ? 200 : wholeNumber("--cycles", values.cycles, 0),
    seed: values.seed === undefined ? Date.now() % 1_000_000 : wholeNumber("--seed", values.seed, 0),
    kernelEvery: values["kernel-every"] === undefined ? 20 : wholeNumber("--kernel-every", values["kernel-every"], 0),
  };
}

async function main(): Promise<void> {
  const parsed = argumentsOrExit("chaos", CHAOS_USAGE, () => options(process.argv.slice(2)));
  if (parsed === "help") {
    console.log(CHAOS_USAGE);
    return;
  }
  const { cycles, seed, kernelEvery } = parsed;
  const generator = new SeededRandom(seed);
  const random: Random = () => generator.next() / 0x1_0000_0000;
  const modes = TEACHING_MODES.map((entry) => entry.mode);
  const run = `chaos-${process.pid}-${seed}`;
  console.log(
    `chaos: ${cycles} cycles, seed ${seed}, a kernel every ${kernelEvery || "never"} cycles, ${modes.length} modes`,
  );
  const fdsBefore = openDescriptors();
  const outcomes: Outcome[] = [];
  const started = performance.now();
  for (let cycle = 1; cycle <= cycles; cycle += 1) {
    const marker = `${run}-${cycle}-`;
    let kind: string;
    if (kernelEvery > 0 && cycle % kernelEvery === 0)
      kind = await kernelHolder(["sigkill", "restart", "shutdown"][(cycle / kernelEvery) % 3]!, modes, marker);
    else if (random() < 0.25) kind = await commandLineHolder(random, marker, cycle);
    else kind = await libraryHolder(random, modes, marker);
    const { left, ms } = await settle(marker);
    outcomes.push({ kind, left, ms });
    if (left > 0) console.log(`cycle ${cycle} (${kind}): ${left} processes left after ${Math.round(ms)} ms`);
    if (cycle % 25 === 0)
      console.log(
        `  ${cycle} cycles, ${outcomes.reduce((sum, o) => sum + o.left, 0)} processes left so far, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  }
  await sleep(200);
  const fdsAfter = openDescriptors();
  const kinds = new Map<string, Outcome[]>();
  for (const outcome of outcomes)
    kinds.set(outcome.kind.split(" +")[0]!, [...(kinds.get(outcome.kind.split(" +")[0]!) ?? []), outcome]);
  console.log("\nhow the holder ended        cycles  left  slowest clean-up (ms)");
  for (const [kind, list] of [...kinds].sort()) {
    console.log(
      `${kind.padEnd(28)}${String(list.length).padStart(6)}${String(list.reduce((sum, o) => sum + o.left, 0)).padStart(6)}${String(Math.round(Math.max(...list.map((o) => o.ms)))).padStart(23)}`,
    );
  }
  const left = outcomes.reduce((sum, outcome) => sum + outcome.left, 0);
  console.log(
    `\n${cycles} cycles in ${((performance.now() - started) / 1000).toFixed(0)} s: ${left} processes left behind; descriptors ${fdsBefore} before, ${fdsAfter} after (${fdsAfter - fdsBefore} gained)`,
  );
  process.exitCode = left > 0 || fdsAfter > fdsBefore ? 1 : 0;
}

void main();
