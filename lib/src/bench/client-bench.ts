/**
 * `npm run bench`: what our client costs on top of the pipe, measured in one run against the
 * teaching server, beside the official SDK client. Prints figures and ratios; it asserts nothing
 * (the machine is shared).
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { StdioClient } from "../client/stdio-client.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { ms, summarize } from "./measure.js";
import { rawRoundTrips } from "./raw-floor.js";
import { sdkCallSamples } from "./sdk-calls.js";

const CALLS = 2000;
const WARMUP = 200;
/** Client and floor take turns, so a noisy neighbour on a shared machine hurts both alike. */
const ROUNDS = 4;
const STARTS = 20;

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

async function clientCalls(calls: number): Promise<number[]> {
  const client = new StdioClient(teachingServerCommand(), { allowed: ["word_count"] });
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

async function endlessLine(): Promise<{ outcome: string; refusedMs: number; peakRssMiB: number; offeredBytes: number }> {
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(__dirname, "endless-probe.js")], { timeout: 120_000 });
  return JSON.parse(stdout) as { outcome: string; refusedMs: number; peakRssMiB: number; offeredBytes: number };
}

async function idleRssMiB(): Promise<number> {
  const script = `require(${JSON.stringify(path.join(__dirname, "../client/index.js"))}); process.stdout.write(String(process.resourceUsage().maxRSS / 1024))`;
  const { stdout } = await promisify(execFile)(process.execPath, ["-e", script]);
  return Number(stdout);
}

async function main(): Promise<void> {
  console.log(`client bench: node ${process.version}, ${CALLS} calls each way in ${ROUNDS} alternating rounds (${WARMUP} warm-up calls per round), ${STARTS} starts`);
  const start = summarize(await startups());
  console.log(`spawn + handshake + list: median ${ms(start.median, 1)}, p95 ${ms(start.p95, 1)}`);
  const ours: number[] = [];
  const floor: number[] = [];
  const sdk: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    ours.push(...(await clientCalls(CALLS / ROUNDS)));
    floor.push(...(await rawRoundTrips(teachingServerCommand(), CALLS / ROUNDS, WARMUP)));
    sdk.push(...(await sdkCallSamples(teachingServerCommand(), CALLS / ROUNDS, WARMUP)));
  }
  const client = summarize(ours);
  const raw = summarize(floor);
  console.log(`word_count via StdioClient: median ${ms(client.median)}, p95 ${ms(client.p95)} (n=${client.n})`);
  console.log(`floor, raw frames, no checks: median ${ms(raw.median)}, p95 ${ms(raw.p95)} (n=${raw.n})`);
  const ratio = client.median / raw.median;
  console.log(`ratio client/floor (median): ${ratio.toFixed(2)}x  target <= 2.00x  ${ratio <= 2 ? "met" : "NOT met"}`);
  const official = summarize(sdk);
  console.log(`word_count via the official SDK's Client.callTool: median ${ms(official.median)}, p95 ${ms(official.p95)} (n=${official.n})`);
  const versusSdk = client.median / official.median;
  console.log(`ratio client/SDK (median): ${versusSdk.toFixed(2)}x  target <= 0.60x  ${versusSdk <= 0.6 ? "met" : "NOT met"}`);
  console.log(`ratio floor/SDK (median): ${(raw.median / official.median).toFixed(2)}x  (the least any client reading this pipe could reach)`);
  const endless = await endlessLine();
  const idle = await idleRssMiB();
  console.log(
    `endless line offered: ${(endless.offeredBytes / 1024 ** 3).toFixed(0)} GiB; client outcome: ${endless.outcome} after ${ms(endless.refusedMs, 1)}; ` +
      `peak RSS ${endless.peakRssMiB.toFixed(1)} MiB (the same modules loaded and idle: ${idle.toFixed(1)} MiB)  target <= 100 MiB  ${endless.peakRssMiB <= 100 ? "met" : "NOT met"}`,
  );
}

void main();
