/**
 * Runs the naive client (naive-client.ts, what not to ship) the only way the workbook does: as a
 * child process in a process group of its own, its heap capped with --max-old-space-size, its
 * time bounded by a wall clock. Afterwards the harness ends the whole group, whatever the
 * naive client left running, and reports what it held: the answers it accepted, the largest
 * line it was buffering, its memory, and the processes its close() left behind.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { groupIsEmpty, processGroupMembers, signalGroup } from "../client/process-group.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { demoTempDir } from "../client/demo-temp.js";
import { readCallLog } from "../call-log/call-log.js";
import { FrameReader } from "../protocol/frame-reader.js";
import { UsageError } from "../errors/usage-error.js";
import type { NaiveSessionConfig, SessionEvent } from "./naive-session.js";

/** The compiled session script (from src/naive-client under the tests, dist/naive-client when built: the same file). */
const SESSION = path.resolve(__dirname, "../../dist/naive-client/naive-session.js");
/** Events kept for the report; more are counted, not stored (the harness is bounded too). */
const MAX_EVENTS = 400;
const STDERR_TAIL = 2048;

/** Every group runNaive started in this process, so none outlives it (see liveNaiveGroups). */
const startedGroups = new Set<number>();
let exitHandlerInstalled = false;

/** Groups runNaive started that still have a live process (none, once each run has returned). */
export function liveNaiveGroups(): number[] {
  return [...startedGroups].filter((pgid) => !groupIsEmpty(pgid));
}

/** If this process ends while a naive run is going (a kernel restarted), its group is killed too. */
function killLeftoversOnExit(): void {
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.once("exit", () => {
    for (const pgid of startedGroups) signalGroup(pgid, "SIGKILL");
  });
}

export interface NaiveOptions {
  /** The naive client's own timeout, restarted on every read. Default 1000 ms. */
  readonly readTimeoutMs?: number;
  /** Wall-clock bound on the whole child process. Default 2000 ms. */
  readonly wallMs?: number;
  /** --max-old-space-size for the child, in MiB. Default 64. */
  readonly memoryMiB?: number;
  /** What "the model" asks for, in order. Default: word_count on "one two three". */
  readonly asks?: NaiveSessionConfig["asks"];
}

export interface NaiveReport {
  readonly mode: string;
  /** The naive client's process group (its pid): empty once runNaive returns. */
  readonly pgid: number;
  /** "finished", "stopped by the harness at the wall clock", "crashed: out of memory", or "exited <status>". */
  readonly ending: string;
  readonly ms: number;
  readonly readTimeoutMs: number;
  readonly wallMs: number;
  /** The answers it accepted, per tool asked. */
  readonly answers: ReadonlyArray<{ readonly tool: string; readonly text: string }>;
  /** Replies it took as answers although their id was not the one it sent. */
  readonly mismatchedReplies: ReadonlyArray<{ readonly id: number; readonly replyId: unknown }>;
  /** The error it ended with, if any (its own timeout, a crash on bad data). */
  readonly failure: string | undefined;
  /** Tools it listed (every page it was handed). */
  readonly toolsListed: number | undefined;
  /** The most it held in its buffer at once, in characters, and its peak resident memory. */
  readonly heldChars: number;
  readonly peakRssMiB: number;
  /** Bytes that arrived, in reads; each read restarted its timeout. */
  readonly reads: number;
  /** Processes of its group alive after its own close() (a grandchild), as it saw them. */
  readonly leftByClose: readonly number[];
  /** Processes of its group besides the naive client's own when the harness ended the group, and the signals it sent. */
  readonly endedByHarness: readonly number[];
  readonly harnessSignals: readonly string[];
  /** What the teaching server's own log says ran. */
  readonly serverRan: readonly string[];
  /** Events as the naive client reported them (at most MAX_EVENTS), and the count of those left out. */
  readonly events: readonly SessionEvent[];
  readonly eventsLeftOut: number;
  /** The last bytes it wrote to stderr (a crash's message). */
  readonly stderrTail: string;
}

/** Runs the naive client once against the teaching server in `mode`, bounded, and reports. */
export async function runNaive(mode: string, options: NaiveOptions = {}): Promise<NaiveReport> {
  const readTimeoutMs = options.readTimeoutMs ?? 1000;
  const wallMs = options.wallMs ?? 2000;
  const memoryMiB = options.memoryMiB ?? 64;
  for (const [name, value, low, high] of [
    ["readTimeoutMs", readTimeoutMs, 1, 60_000],
    ["wallMs", wallMs, 100, 120_000],
    ["memoryMiB", memoryMiB, 16, 4096],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < low || value > high) {
      throw new UsageError(name, {
        what: `runNaive: ${name} out of range`,
        expected: `an integer from ${low} to ${high}`,
        received: String(value),
      });
    }
  }
  const logDir = demoTempDir("mcp-naive-");
  const log = path.join(logDir, "calls.jsonl");
  const config: NaiveSessionConfig = {
    command: teachingServerCommand(mode, log),
    readTimeoutMs,
    asks: options.asks ?? [{ name: "word_count", arguments: { text: "one two three" } }],
  };
  const started = performance.now();
  const child = spawn(process.execPath, [`--max-old-space-size=${memoryMiB}`, SESSION, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own group: the server and anything the server starts are in it too
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const pgid = child.pid!;
  startedGroups.add(pgid);
  killLeftoversOnExit();
  const events: SessionEvent[] = [];
  let eventsLeftOut = 0;
  const lines = new FrameReader(64 * 1024);
  child.stdout.on("data", (chunk: Buffer) => {
    let frames: Buffer[] = [];
    try {
      frames = lines.feed(chunk);
    } catch {
      child.stdout.destroy(); // a line past 64 KiB: the session is not speaking our format
    }
    for (const frame of frames) {
      if (events.length < MAX_EVENTS) events.push(JSON.parse(frame.toString("utf8")) as SessionEvent);
      else eventsLeftOut += 1;
    }
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  const ended = new Set<number>();
  const harnessSignals: string[] = [];
  let stopping: Promise<void> | undefined;
  let stoppedAtWall = false;
  let ms = 0;
  // Ends the whole group once: the naive client's process, its server, anything the server started.
  const endGroup = (): Promise<void> =>
    (stopping ??= (async () => {
      ms = Math.round(performance.now() - started);
      for (const pid of processGroupMembers(pgid) ?? []) if (pid !== pgid) ended.add(pid);
      if (await killGroup(pgid)) harnessSignals.push("SIGKILL");
    })());
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  const wall = setTimeout(() => {
    stoppedAtWall = true;
    void endGroup();
  }, wallMs);
  child.stdout.on("data", () => {
    if (events.at(-1)?.event === "closed") void endGroup(); // its session is over: end what it left
  });
  const status = await exited;
  clearTimeout(wall);
  await endGroup(); // it exited on its own (a crash): end what is left of its group all the same
  const endedByHarness = [...ended];
  let serverRan: string[];
  try {
    serverRan = readCallLog(log).map((call) => call.name);
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
  return {
    mode,
    pgid,
    ms,
    readTimeoutMs,
    wallMs,
    ...summarize(events),
    ending: ending(events, stoppedAtWall, status, stderr),
    endedByHarness,
    harnessSignals,
    serverRan,
    events,
    eventsLeftOut,
    stderrTail: stderr,
  };
}

/**
 * SIGKILL to the whole group at once, then a wait until it is gone: no grace for a foil, and no
 * chance for a member to end on its own in between (the grandchild ends when its holder does).
 */
async function killGroup(pgid: number): Promise<boolean> {
  if (groupIsEmpty(pgid) || !signalGroup(pgid, "SIGKILL")) return false;
  for (let waited = 0; waited < 1000 && !groupIsEmpty(pgid); waited += 10) await sleep(10);
  return true;
}

function ending(
  events: readonly SessionEvent[],
  stoppedAtWall: boolean,
  status: number | string | null,
  stderr: string,
): string {
  if (events.some((event) => event.event === "closed")) return "finished";
  if (stoppedAtWall) return "stopped by the harness at the wall clock";
  if (/heap out of memory|Invalid string length/.test(stderr)) return "crashed: out of memory";
  return `exited ${String(status)}`;
}

function summarize(
  events: readonly SessionEvent[],
): Pick<
  NaiveReport,
  "answers" | "mismatchedReplies" | "failure" | "toolsListed" | "heldChars" | "peakRssMiB" | "reads" | "leftByClose"
> {
  let heldChars = 0;
  let peakRssMiB = 0;
  let reads = 0;
  let failure: string | undefined;
  let toolsListed: number | undefined;
  let leftByClose: readonly number[] = [];
  const answers: Array<{ tool: string; text: string }> = [];
  const mismatchedReplies: Array<{ id: number; replyId: unknown }> = [];
  for (const event of events) {
    if (event.event === "bytes") {
      reads += 1;
      heldChars = Math.max(heldChars, event.buffered);
      peakRssMiB = Math.max(peakRssMiB, event.rssMiB);
    } else if (event.event === "reply" && !event.matched)
      mismatchedReplies.push({ id: event.id, replyId: event.replyId });
    else if (event.event === "answer") answers.push({ tool: event.tool, text: event.text });
    else if (event.event === "failed") failure = event.message;
    else if (event.event === "listed") toolsListed = event.tools;
    else if (event.event === "closed") leftByClose = event.stillAlive;
  }
  return {
    answers,
    mismatchedReplies,
    failure,
    toolsListed,
    heldChars,
    peakRssMiB: Math.round(peakRssMiB * 10) / 10,
    reads,
    leftByClose,
  };
}

/** The report as lines an instructor reads out beside the bounded client's. */
export function naiveReportLines(report: NaiveReport): string[] {
  const answered = report.answers.map((answer) => `${answer.tool} → ${JSON.stringify(answer.text)}`).join("; ");
  return [
    `naive client:  ${report.ending} after ${report.ms} ms (wall clock ${report.wallMs} ms)`,
    `  accepted:    ${answered || "no answer"}${report.failure === undefined ? "" : `; ended with: ${report.failure}`}`,
    ...report.mismatchedReplies.map(
      (reply) => `  took reply id ${JSON.stringify(reply.replyId)} as the answer to request ${reply.id}`,
    ),
    `  reads:       ${report.reads}, each restarting its ${report.readTimeoutMs} ms timeout; most held at once: ${report.heldChars} chars; peak RSS ${report.peakRssMiB} MiB`,
    ...(report.toolsListed === undefined ? [] : [`  tools taken: ${report.toolsListed}`]),
    `  its close(): left ${report.leftByClose.length} process(es) running${report.leftByClose.length > 0 ? ` (${report.leftByClose.join(", ")})` : ""}`,
    `  the harness: found ${report.endedByHarness.length} process(es) of its group still running besides the naive client${report.endedByHarness.length > 0 ? ` (${report.endedByHarness.join(", ")})` : ""}; ended the group with ${report.harnessSignals.join(", ") || "nothing (already gone)"}`,
    `  server's log: ${report.serverRan.length === 0 ? "no tool ran" : report.serverRan.join(", ")}`,
  ];
}
