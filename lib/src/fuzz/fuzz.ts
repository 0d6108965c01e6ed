/**
 * `npm run fuzz [-- --seed N --frames N --server-inputs N --no-save]`: a million random and
 * mutated frames through FrameReader, parseFrame and answerFor. Prints throughput and what the
 * lines came to; any error that is not a WorkbookError is an escape: its input is saved under
 * test/fixtures/hostile-frames/findings/ and added to corpus.json, so the normal tests replay it.
 * Then the other side: random client input fed to the teaching server (server-fuzz.ts), every
 * line answered once, nothing but JSON-RPC on stdout, memory bounded.
 * Seeded: the same seed gives the same inputs. Exit status 1 if anything escaped or failed.
 */
import { randomInt } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_FRAME_LIMIT } from "../protocol/constants.js";
import { nextInput, type FuzzInput } from "./frame-mutations.js";
import { runThroughPipeline, type Escape, type LineOutcome } from "./frame-pipeline.js";
import { SeededRandom } from "./random.js";
import { FUZZED_MODES, PEAK_LIMIT_MIB, fuzzServer } from "./server-fuzz.js";
import { argumentsOrExit, readFlags, wholeNumber } from "../flags/flags.js";

const REPO = path.resolve(__dirname, "../../..");
const CORPUS = path.join(REPO, "test/fixtures/hostile-frames/corpus.json");
const FINDINGS = path.join(REPO, "test/fixtures/hostile-frames/findings");
const LIMITS = [256, 4096, DEFAULT_FRAME_LIMIT, DEFAULT_FRAME_LIMIT, DEFAULT_FRAME_LIMIT];

interface Args {
  readonly seed: number;
  readonly frames: number;
  readonly serverInputs: number;
  readonly save: boolean;
}

const FUZZ_USAGE =
  "usage: npm run fuzz [-- --seed 0..4294967295] [--frames N] [--server-inputs N] [--no-save]\n  feeds random and mutated frames through FrameReader, parseFrame and answerFor; saves any undeclared error;\n  then feeds N random client inputs (default 100000, 0: none) to the teaching server, spread over its modes " +
  FUZZED_MODES.join(", ");

/** The fuzz's command line; a bad one is a UsageError (exit 2 with the usage). */
function parseFuzzArgs(argv: readonly string[]): Args | "help" {
  const { values } = readFlags(argv, {
    seed: { type: "string" },
    frames: { type: "string" },
    "server-inputs": { type: "string" },
    "no-save": { type: "boolean" },
    help: { type: "boolean" },
  });
  if (values.help === true) return "help";
  return {
    seed: values.seed === undefined ? randomInt(0, 2 ** 32) : wholeNumber("--seed", values.seed, 0, 2 ** 32 - 1),
    frames: values.frames === undefined ? 1_000_000 : wholeNumber("--frames", values.frames, 1),
    serverInputs:
      values["server-inputs"] === undefined ? 100_000 : wholeNumber("--server-inputs", values["server-inputs"], 0),
    save: values["no-save"] !== true,
  };
}

interface CorpusCase {
  description: string;
  bytes_base64: string;
  limit: number;
  request_id: number;
  expect: string;
}

/** Keeps one escape per kind of error: a million copies of the same bug say nothing more. */
function signatureOf(error: unknown): string {
  return error instanceof Error
    ? `${error.name}: ${error.message.split("\n")[0]!.slice(0, 80)}`
    : `thrown ${typeof error}: ${String(error).slice(0, 80)}`;
}

function saveFinding(
  args: Args,
  index: number,
  input: FuzzInput,
  escape: Escape,
  limit: number,
  requestId: number,
): string {
  mkdirSync(FINDINGS, { recursive: true });
  const file = path.join(FINDINGS, `seed-${args.seed}-input-${index}.bin`);
  writeFileSync(file, escape.bytes);
  const corpus = JSON.parse(readFileSync(CORPUS, "utf8")) as CorpusCase[];
  const encoded = escape.bytes.toString("base64");
  if (!corpus.some((entry) => entry.bytes_base64 === encoded)) {
    corpus.push({
      description: `fuzz seed ${args.seed} input ${index} (${input.how}): escaped as ${signatureOf(escape.error)}`,
      bytes_base64: encoded,
      limit,
      request_id: requestId,
      // The declared outcome is not known until the code is fixed; the replay fails until then.
      expect: "a WorkbookError (fuzz finding: put the refusal's reason here once fixed)",
    });
    writeFileSync(CORPUS, `${JSON.stringify(corpus, null, 1)}\n`);
  }
  return path.relative(REPO, file);
}

async function main(): Promise<void> {
  const parsed = argumentsOrExit("fuzz", FUZZ_USAGE, () => parseFuzzArgs(process.argv.slice(2)));
  if (parsed === "help") {
    console.log(FUZZ_USAGE);
    return;
  }
  const args = parsed;
  console.log(
    `fuzz: seed ${args.seed}, ${args.frames.toLocaleString("en")} inputs (repeat with: npm run fuzz -- --seed ${args.seed} --frames ${args.frames})`,
  );
  const random = new SeededRandom(args.seed);
  const outcomes = new Map<LineOutcome, number>();
  let lines = 0;
  const tally = (outcome: LineOutcome): void => {
    lines += 1;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  };
  const escapes = new Map<
    string,
    { count: number; kept: { index: number; input: FuzzInput; escape: Escape; limit: number; requestId: number } }
  >();
  let bytes = 0;
  let pipelineMs = 0;
  const started = performance.now();
  for (let index = 0; index < args.frames; index += 1) {
    const input = nextInput(random);
    const limit = random.pick(LIMITS);
    const requestId = random.chance(0.8) ? 1 : random.below(1000);
    // Cut the bytes into up to four chunks, as pipe reads do; the reader must not care where.
    const cuts = Array.from({ length: random.below(4) }, () => random.below(input.bytes.length + 1)).sort(
      (a, b) => a - b,
    );
    const before = performance.now();
    const escape = runThroughPipeline(input.bytes, limit, requestId, cuts, tally);
    pipelineMs += performance.now() - before;
    bytes += input.bytes.length;
    if (escape !== undefined) {
      const signature = signatureOf(escape.error);
      const seen = escapes.get(signature);
      if (seen === undefined) console.log(`ESCAPE at input ${index} (${input.how}): ${signature}`);
      // Keep the largest input of each kind (at most one frame limit): a stack overflow found near
      // its threshold may not recur in another process (a vitest worker has a different stack).
      const kept =
        seen === undefined || escape.bytes.length > seen.kept.escape.bytes.length
          ? { index, input, escape, limit, requestId }
          : seen.kept;
      escapes.set(signature, { count: (seen?.count ?? 0) + 1, kept });
    }
    if ((index + 1) % 200_000 === 0) console.log(`  ${(index + 1).toLocaleString("en")} inputs…`);
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const seconds = pipelineMs / 1000;
  console.log(`bytes fed: ${(bytes / 1e6).toFixed(1)} MB in ${lines.toLocaleString("en")} lines`);
  console.log(
    `throughput (reader + parser + binder only): ${Math.round(args.frames / seconds).toLocaleString("en")} inputs/s, ` +
      `${Math.round(lines / seconds).toLocaleString("en")} lines/s, ${(bytes / 1e6 / seconds).toFixed(1)} MB/s ` +
      `(${seconds.toFixed(1)} s; ${wallSeconds.toFixed(1)} s with generation)`,
  );
  console.log("outcomes per line:");
  for (const [outcome, count] of [...outcomes].sort((a, b) => b[1] - a[1]))
    console.log(`  ${outcome.padEnd(34)} ${count.toLocaleString("en").padStart(11)}`);
  if (escapes.size === 0) {
    console.log("errors outside the declared set (not a WorkbookError): none");
  } else {
    console.log(`errors outside the declared set (not a WorkbookError): ${escapes.size} kind(s)`);
    for (const [signature, { count, kept }] of escapes) {
      const { index, input, escape, limit, requestId } = kept;
      const saved = args.save
        ? `; saved ${saveFinding(args, index, input, escape, limit, requestId)} and added it to corpus.json`
        : "";
      console.log(
        `  ${count}x ${signature}; kept: input ${index}, ${escape.bytes.length} bytes (${input.how})${saved}`,
      );
    }
    process.exitCode = 1;
  }
  if (args.serverInputs > 0) await fuzzTheServer(args, random);
}

/** Random client input to the teaching server, the inputs spread over the modes that answer once. */
async function fuzzTheServer(args: Args, random: SeededRandom): Promise<void> {
  console.log(
    `\nteaching server: ${args.serverInputs.toLocaleString("en")} random client inputs over modes ${FUZZED_MODES.join(", ")}`,
  );
  console.log("mode        inputs    lines  requests  unanswered  twice  wrong id  not JSON-RPC  peak MiB  seconds");
  let failed = false;
  for (const [index, mode] of FUZZED_MODES.entries()) {
    const share =
      Math.floor(args.serverInputs / FUZZED_MODES.length) + (index < args.serverInputs % FUZZED_MODES.length ? 1 : 0);
    const report = await fuzzServer(random, mode, share);
    const cells = [
      report.inputs,
      report.lines,
      report.requests,
      report.unanswered,
      report.answeredTwice,
      report.wrongId,
      report.notJsonRpc,
    ].map((n, at) => n.toLocaleString("en").padStart([6, 9, 10, 12, 7, 10, 14][at]!));
    console.log(
      `${mode.padEnd(10)}${cells.join("")}${report.peakMiB.toFixed(0).padStart(10)}${report.seconds.toFixed(1).padStart(9)}`,
    );
    if (report.firstProblem !== undefined) console.log(`  first problem: ${report.firstProblem}`);
    if (
      report.unanswered + report.answeredTwice + report.wrongId + report.notJsonRpc > 0 ||
      report.peakMiB > PEAK_LIMIT_MIB
    )
      failed = true;
  }
  console.log(
    failed
      ? `teaching server: FAILED (a line not answered exactly once, something on stdout that is not JSON-RPC, or peak memory over ${PEAK_LIMIT_MIB} MiB)`
      : `teaching server: every line answered exactly once, nothing but JSON-RPC on stdout, peak memory under ${PEAK_LIMIT_MIB} MiB`,
  );
  if (failed) process.exitCode = 1;
}

void main();
