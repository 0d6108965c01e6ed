/**
 * Runs the official MCP TypeScript SDK's client (v1 or v2) against the teaching server in one mode,
 * the way the workbook runs any client it does not trust with the kernel: as a child process in a
 * process group of its own, its heap capped, its time bounded by a wall clock, the group ended
 * afterwards whatever it left. Each request gets the deadline our client has (the SDK's own
 * default is 60 s), so the two are compared on the same terms. Measured live, never written down.
 */
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { groupIsEmpty, processGroupMembers, signalGroup } from "../client/process-group.js";
import { demoTempDir } from "../client/demo-temp.js";
import { teachingServerCommand } from "../client/teaching-server.js";
import { readCallLog } from "../call-log/call-log.js";
import { FrameReader } from "../protocol/frame-reader.js";
import { UsageError } from "../errors/usage-error.js";
import type { SdkEvent, SdkSessionConfig } from "./sdk-session.js";

/** The compiled session script (from src under the tests, dist when built: the same file). */
const SESSION = path.resolve(__dirname, "../../dist/official-sdk/sdk-session.js");
const MAX_EVENTS = 50;
const STDERR_TAIL = 2048;

export type SdkName = "v1" | "v2";
export const SDK_NAMES: readonly SdkName[] = ["v1", "v2"];

/** Every group runSdk started in this process: none outlives it. */
const startedGroups = new Set<number>();
let exitHandlerInstalled = false;

/** Groups runSdk started that still have a live process (none, once each run has returned). */
export function liveSdkGroups(): number[] {
  return [...startedGroups].filter((pgid) => !groupIsEmpty(pgid));
}

/** SIGKILL to every group runSdk started (a command line ending on Ctrl-C): no grace for a foil. */
export function killSdkGroups(): void {
  for (const group of startedGroups) signalGroup(group, "SIGKILL");
}

export interface SdkReport {
  readonly sdk: SdkName;
  readonly mode: string;
  /** The package and version that ran, as the session read it. */
  readonly version: string;
  /** "answered", "failed at <step>", "stopped by the harness at the wall clock", "crashed: out of memory", "exited <status>". */
  readonly ending: string;
  /** The word_count answer it returned to the application, if any. */
  readonly answer: string | undefined;
  /** The first error it raised, "Class: message". */
  readonly error: string | undefined;
  /** Each step: connect, tools/list, tools/call NAME, close. */
  readonly steps: ReadonlyArray<{
    readonly step: string;
    readonly ok: boolean;
    readonly ms: number;
    readonly text: string;
  }>;
  readonly ms: number;
  readonly timeoutMs: number;
  /** Processes of its group besides its own still alive after its close() (a grandchild). */
  readonly leftByClose: readonly number[];
  /** What the teaching server's own log says ran. */
  readonly serverRan: readonly string[];
  readonly stderrTail: string;
}

export interface SdkOptions {
  /** Each request's deadline, as ours has (default 1000 ms). */
  readonly timeoutMs?: number;
  readonly wallMs?: number;
  readonly memoryMiB?: number;
  /** What each mode's session asks for, in order (default: word_count on "one two three"). */
  readonly asks?: (mode: string) => SdkSessionConfig["runs"][number]["asks"];
}

/** Runs one SDK's client once against the teaching server in `mode`, bounded, and reports. */
export async function runSdk(sdk: SdkName, mode: string, options: SdkOptions = {}): Promise<SdkReport> {
  return (await runSdkModes(sdk, [mode], options)).get(mode)!;
}

/**
 * Runs one SDK's client against each mode in turn, in one bounded child (the SDK loads once):
 * a report per mode. A mode the child never reached (its wall clock ran out) says so.
 */
export async function runSdkModes(
  sdk: SdkName,
  modes: readonly string[],
  options: SdkOptions = {},
): Promise<Map<string, SdkReport>> {
  if (!SDK_NAMES.includes(sdk)) {
    throw new UsageError("sdk", {
      what: "runSdk: unknown SDK",
      expected: '"v1" or "v2"',
      received: JSON.stringify(sdk),
    });
  }
  const timeoutMs = options.timeoutMs ?? 1000;
  const wallMs = options.wallMs ?? (4 * timeoutMs + 1000) * modes.length + 3000;
  const memoryMiB = options.memoryMiB ?? 128;
  const logDir = demoTempDir("mcp-sdk-");
  const logOf = (index: number) => path.join(logDir, `calls-${index}.jsonl`);
  const config: SdkSessionConfig = {
    sdk,
    timeoutMs,
    runs: modes.map((mode, index) => ({
      mode,
      command: teachingServerCommand(mode, logOf(index)),
      asks: options.asks?.(mode) ?? [{ name: "word_count", arguments: { text: "one two three" } }],
    })),
  };
  const started = performance.now();
  const child = spawn(process.execPath, [`--max-old-space-size=${memoryMiB}`, SESSION, JSON.stringify(config)], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { PATH: process.env["PATH"] ?? "" },
  });
  const pgid = child.pid!;
  startedGroups.add(pgid);
  if (!exitHandlerInstalled) {
    exitHandlerInstalled = true;
    process.once("exit", killSdkGroups);
  }
  const events: SdkEvent[] = [];
  const lines = new FrameReader(64 * 1024);
  let closedRuns = 0;
  let stopping: Promise<void> | undefined;
  const endGroup = (): Promise<void> =>
    (stopping ??= (async () => {
      if (!groupIsEmpty(pgid) && signalGroup(pgid, "SIGKILL")) {
        for (let waited = 0; waited < 1000 && !groupIsEmpty(pgid); waited += 10) await sleep(10);
      }
    })());
  child.stdout.on("data", (chunk: Buffer) => {
    let frames: Buffer[] = [];
    try {
      frames = lines.feed(chunk);
    } catch {
      child.stdout.destroy();
    }
    for (const frame of frames) {
      if (events.length >= MAX_EVENTS * modes.length) continue;
      const event = JSON.parse(frame.toString("utf8")) as SdkEvent;
      events.push(event);
      if (event.event === "closed" && (closedRuns += 1) === modes.length) void endGroup();
    }
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-STDERR_TAIL);
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  let stoppedAtWall = false;
  const wall = setTimeout(() => {
    stoppedAtWall = true;
    void endGroup();
  }, wallMs);
  const status = await exited;
  clearTimeout(wall);
  await endGroup();
  const wallTaken = Math.round(performance.now() - started);
  const reports = new Map<string, SdkReport>();
  try {
    const version = events.find((event) => event.event === "version");
    modes.forEach((mode, index) => {
      const own = eventsOf(events, mode);
      const last = index === modes.length - 1 || !own.some((event) => event.event === "closed");
      const summary = summarize(own, last && stoppedAtWall, status, last ? stderr : "");
      const stepsMs = summary.steps.reduce((sum, step) => sum + step.ms, 0);
      reports.set(mode, {
        sdk,
        mode,
        ...summary,
        version: version?.event === "version" ? version.version : "",
        // Its steps' own time once it finished them (loading the SDK is not the protocol's time).
        ms: own.some((event) => event.event === "closed") ? stepsMs : wallTaken,
        timeoutMs,
        serverRan: readCallLog(logOf(index)).map((call) => call.name),
        stderrTail: last ? stderr : "",
      });
    });
  } finally {
    rmSync(logDir, { recursive: true, force: true });
  }
  return reports;
}

/** The events of one mode's run: from its "mode" line to the next. */
function eventsOf(events: readonly SdkEvent[], mode: string): SdkEvent[] {
  const start = events.findIndex((event) => event.event === "mode" && event.mode === mode);
  if (start < 0) return [];
  const end = events.findIndex((event, i) => i > start && event.event === "mode");
  return events.slice(start + 1, end < 0 ? undefined : end);
}

function summarize(
  events: readonly SdkEvent[],
  stoppedAtWall: boolean,
  status: number | string | null,
  stderr: string,
): Pick<SdkReport, "ending" | "answer" | "error" | "steps" | "leftByClose"> {
  let leftByClose: readonly number[] = [];
  let closed = false;
  const steps: Array<{ step: string; ok: boolean; ms: number; text: string }> = [];
  for (const event of events) {
    if (event.event === "closed") {
      closed = true;
      leftByClose = event.stillAlive;
    } else if (event.event === "step")
      steps.push({ step: event.step, ok: event.ok, ms: event.ms, text: event.ok ? (event.text ?? "") : event.error });
  }
  const failed = steps.find((step) => !step.ok);
  const answer = steps.find((step) => step.ok && step.step === "tools/call word_count")?.text;
  const ending = !closed
    ? events.length === 0
      ? "not reached (the wall clock ran out first)"
      : stoppedAtWall
        ? "stopped by the harness at the wall clock"
        : /heap out of memory|Invalid string length|Array buffer allocation/.test(stderr)
          ? "crashed: out of memory"
          : `exited ${String(status)}`
    : failed === undefined || failed.step === "close"
      ? answer === undefined
        ? "finished"
        : "answered"
      : `failed at ${failed.step}`;
  return { ending, answer, error: failed?.text, steps, leftByClose };
}

/** A returned text as the application got it, its first 60 characters and the count of the rest. */
function shortText(text: string): string {
  const chars = [...text];
  return chars.length <= 60
    ? JSON.stringify(text)
    : `${JSON.stringify(chars.slice(0, 60).join(""))} [+${chars.length - 60} characters]`;
}

/** Lines an instructor reads out: what the SDK returned to the application, and what it left. */
export function sdkReportLines(report: SdkReport): string[] {
  const purchase = report.steps.find(
    (step) => step.step.startsWith("tools/call ") && step.step !== "tools/call word_count",
  );
  return [
    `official SDK ${report.sdk} (${report.version || "did not start"}): ${report.ending} after ${report.ms} ms (each request given ${report.timeoutMs} ms)`,
    `  returned:    ${report.answer === undefined ? "no answer" : shortText(report.answer)}${report.error === undefined ? "" : `; raised ${report.error}`}`,
    ...(purchase === undefined
      ? []
      : [`  the purchase: ${purchase.ok ? `answered ${JSON.stringify(purchase.text)}` : `raised ${purchase.text}`}`]),
    `  its close(): left ${report.leftByClose.length} process(es) running${report.leftByClose.length > 0 ? ` (${report.leftByClose.join(", ")})` : ""}`,
    `  server's log: ${report.serverRan.length === 0 ? "no tool ran" : report.serverRan.join(", ")}`,
  ];
}
