/**
 * `npm run bench`: what our client costs on top of the pipe, measured in one run against the
 * teaching server, beside the official SDK client. Prints figures and ratios; it asserts nothing
 * (the machine is shared).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { WireTrace } from "../client/wire-trace.js";
import { MODERN_PROTOCOL_VERSION, type ClientProtocol } from "../protocol/eras.js";
import { selfTimes, type CpuProfile } from "./cpu-profile.js";
import { ms, summarize, type Summary } from "./measure.js";
import { rawRoundTrips } from "./raw-floor.js";
import { sdkCallSamples } from "./sdk-calls.js";
import { sdkV2CallSamples } from "./sdk-v2-calls.js";

const CALLS = 2000;
const WARMUP = 200;
/** Every contender takes a turn in each round, in a rotated order, so a noisy neighbour on a shared machine hurts all alike. */
const ROUNDS = 5;
const STARTS = 20;
const PROFILED_CALLS = 20_000;

async function startups(): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < STARTS; i += 1) {
    const started = performance.now();
    const client = new StdioClient(teachingServerCommand(), { allowed: ["word_count"] });
    await client.initialize();
    await client.listTools();
    samples.push(performance.now() - started);
    await client.close();
  }
  return samples;
}

async function clientCalls(calls: number, trace?: WireTrace, protocol?: ClientProtocol): Promise<number[]> {
  const client = new StdioClient(protocol === undefined ? teachingServerCommand() : modernServer(), {
    allowed: ["word_count"],
    ...(trace === undefined ? {} : { trace }),
    ...(protocol === undefined ? {} : { protocol }),
  });
  try {
    await client.initialize();
    await client.listTools();
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + calls; i += 1) {
      const started = performance.now();
      await client.callTool("word_count", { text: "vanilla stock needs review" });
      if (i >= WARMUP) samples.push(performance.now() - started);
    }
    return samples;
  } finally {
    await client.close();
  }
}

async function endlessLine(): Promise<{
  outcome: string;
  refusedMs: number;
  peakRssMiB: number;
  offeredBytes: number;
}> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, "endless-probe.js")], {
    timeout: 120_000,
  });
  return JSON.parse(stdout) as { outcome: string; refusedMs: number; peakRssMiB: number; offeredBytes: number };
}

async function idleRssMiB(): Promise<number> {
  const script = `require(${JSON.stringify(path.join(__dirname, "../client/index.js"))}); process.stdout.write(String(process.resourceUsage().maxRSS / 1024))`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script]);
  return Number(stdout);
}

/** The contenders, each measured once per round against a fresh teaching server in normal mode. */
const CONTENDERS = {
  floor: (calls: number) => rawRoundTrips(teachingServerCommand(), calls, WARMUP),
  "ours, no trace": (calls: number) => clientCalls(calls),
  "ours, trace off": (calls: number) => clientCalls(calls, new WireTrace({ recording: false })),
  "ours, trace on": (calls: number) => clientCalls(calls, new WireTrace()),
  "official SDK": (calls: number) => sdkCallSamples(teachingServerCommand(), calls, WARMUP),
  "SDK v2": (calls: number) => sdkV2CallSamples(teachingServerCommand(), calls, WARMUP),
  // The same call in 2026-07-28: every request carries its _meta, every result its resultType.
  "ours, 2026-07-28": (calls: number) => clientCalls(calls, undefined, MODERN_PROTOCOL_VERSION),
  "SDK v2, 2026-07-28": (calls: number) => sdkV2CallSamples(modernServer(), calls, WARMUP, true),
} as const;

function modernServer(): string[] {
  return [...teachingServerCommand(), "--protocol", MODERN_PROTOCOL_VERSION];
}
type Contender = keyof typeof CONTENDERS;

/** The median of the per-round values, and their range: the spread a reader should trust. */
function spread(values: readonly number[]): { median: number; low: number; high: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: summarize(sorted).median, low: sorted[0]!, high: sorted[sorted.length - 1]! };
}

const us = (value: number): string => `${(value * 1000).toFixed(1)} µs`;

function ratioLine(
  label: string,
  rounds: ReadonlyArray<Record<Contender, Summary>>,
  over: Contender,
  under: Contender,
  target: number,
): string {
  const ratios = spread(rounds.map((round) => round[over].median / round[under].median));
  return `ratio ${label}: ${ratios.median.toFixed(2)}x (rounds ${ratios.low.toFixed(2)}-${ratios.high.toFixed(2)})  target <= ${target.toFixed(2)}x  ${ratios.median <= target ? "met" : "NOT met"}`;
}

/** Profiles PROFILED_CALLS calls in a child process with --cpu-prof and prints where the time goes. */
async function profileCalls(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "client-profile-"));
  try {
    await promisify(execFile)(
      process.execPath,
      [
        "--cpu-prof",
        "--cpu-prof-interval",
        "100",
        "--cpu-prof-dir",
        dir,
        path.join(__dirname, "profile-calls.js"),
        String(PROFILED_CALLS),
      ],
      { timeout: 300_000 },
    );
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"))!;
    const { functions, files } = selfTimes(JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile);
    const idle = functions.find((entry) => entry.name === "(idle)")?.share ?? 0;
    const busy = (entries: typeof functions) => entries.filter((entry) => entry.name !== "(idle)");
    console.log(
      `\nCPU profile of the client process, ${PROFILED_CALLS} calls (node --cpu-prof, a sample every 100 µs): idle ${(idle * 100).toFixed(1)}% of the samples (waiting on the server and the pipe);`,
    );
    console.log("self time as a share of the busy samples (module loading at start included):");
    console.log("  by function:");
    for (const entry of busy(functions).slice(0, 15))
      console.log(`    ${((entry.share / (1 - idle)) * 100).toFixed(1).padStart(5)}%  ${entry.name}`);
    console.log("  by file:");
    for (const entry of busy(files).slice(0, 10))
      console.log(`    ${((entry.share / (1 - idle)) * 100).toFixed(1).padStart(5)}%  ${entry.name}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(
    `client bench: node ${process.version}, ${CALLS} calls per contender in ${ROUNDS} alternating rounds (${WARMUP} warm-up calls per run, not counted), ${STARTS} starts`,
  );
  const start = summarize(await startups());
  console.log(`spawn + handshake + list: median ${ms(start.median, 1)}, p95 ${ms(start.p95, 1)}`);
  const names = Object.keys(CONTENDERS) as Contender[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<Contender, number[]>;
  const rounds: Array<Record<Contender, Summary>> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const medians = {} as Record<Contender, Summary>;
    // Rotate who goes first, so no contender always runs on a warmer (or busier) machine.
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(round + turn) % names.length]!;
      const taken = await CONTENDERS[name](CALLS / ROUNDS);
      samples[name].push(...taken);
      medians[name] = summarize(taken);
    }
    rounds.push(medians);
  }
  console.log(
    `\nword_count per call against the teaching server (normal mode): median of all calls, p95, and the range of the ${ROUNDS} round medians`,
  );
  for (const name of names) {
    const all = summarize(samples[name]);
    const range = spread(rounds.map((round) => round[name].median));
    console.log(
      `  ${name.padEnd(16)} median ${ms(all.median)}  p95 ${ms(all.p95)}  rounds ${ms(range.low)}-${ms(range.high)}  (n=${all.n})`,
    );
  }
  console.log("");
  console.log(ratioLine("ours (no trace) / floor", rounds, "ours, no trace", "floor", 1.5));
  console.log(ratioLine("ours (no trace) / official SDK", rounds, "ours, no trace", "official SDK", 0.6));
  console.log(ratioLine("ours (trace off) / floor", rounds, "ours, trace off", "floor", 1.5));
  console.log(ratioLine("ours (no trace) / SDK v2", rounds, "ours, no trace", "SDK v2", 0.6));
  console.log(ratioLine("ours 2026-07-28 / SDK v2 2026-07-28", rounds, "ours, 2026-07-28", "SDK v2, 2026-07-28", 0.6));
  console.log(
    ratioLine("floor / official SDK", rounds, "floor", "official SDK", 1).replace(
      /  target.*$/,
      "  (the least any client reading this pipe could reach)",
    ),
  );
  for (const name of ["ours, trace off", "ours, trace on"] as const) {
    const extra = spread(rounds.map((round) => round[name].median - round["ours, no trace"].median));
    console.log(
      `cost of ${name.slice(6)} over no trace: ${us(extra.median)} per call (rounds ${us(extra.low)} to ${us(extra.high)})`,
    );
  }
  await profileCalls();
  const endless = await endlessLine();
  const idle = await idleRssMiB();
  console.log(
    `endless line offered: ${(endless.offeredBytes / 1024 ** 3).toFixed(0)} GiB; client outcome: ${endless.outcome} after ${ms(endless.refusedMs, 1)}; ` +
      `peak RSS ${endless.peakRssMiB.toFixed(1)} MiB (the same modules loaded and idle: ${idle.toFixed(1)} MiB)  target <= 100 MiB  ${endless.peakRssMiB <= 100 ? "met" : "NOT met"}`,
  );
}

void main();
