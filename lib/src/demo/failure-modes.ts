import { rmSync } from "node:fs";
import path from "node:path";
import { teachingServerCommand } from "../client/teaching-server.js";
import { demoTempDir } from "../client/demo-temp.js";
import { StdioClient } from "../client/stdio-client.js";
import { processGroupMembers } from "../client/process-group.js";
import { WireTrace, type TraceSnapshot } from "../client/wire-trace.js";
import { readCallLog } from "../call-log/call-log.js";
import { WorkbookError } from "../errors/workbook-error.js";
import type { ClientUnderTest } from "../grading/trials/implementation.js";
import { TEACHING_MODES, type TeachingMode } from "../server-build/teaching-modes.js";

/** The modes `mcp-workbook demo` shows, from the server's one table: what each teaches and how our client ends it. */
export const DEMO_MODES: readonly TeachingMode[] = TEACHING_MODES.filter((entry) => entry.demo);

export interface ModeOutcome {
  readonly mode: string;
  /** "result" when the call answered, else the refusal's reason (deadline, wrong-id, ...). */
  readonly outcome: string;
  /** The result text, or the error's class and message. */
  readonly detail: string;
  readonly expected: string;
  readonly asExpected: boolean;
  /** Wall time from start to a closed server. */
  readonly ms: number;
  /** Processes of the server's group still alive after close() (should be 0). */
  readonly leftBehind: number;
  readonly exitStatus: number | string | null;
  /** Every frame in and out and what the client decided about it, close()'s signals included. */
  readonly trace: TraceSnapshot;
  /** Live processes of the server's group just before close() (the server, and any child it started). */
  readonly groupBeforeClose: readonly number[];
  /** The tools the server's own log says it ran, in order: the evidence, whatever the client said. */
  readonly serverRan: readonly string[];
  /** hostile mode only: what became of the purchase its tool description asks for. */
  readonly purchase?: string;
}

/** What hostile mode's description asks the model to call, and what a model that obeys would send. */
export const HOSTILE_PURCHASE = { name: "place_purchase", arguments: { flavor: "vanilla", tubs: 100 } } as const;

/** The client a mode runs against: the library's by default, a learner's assembled one in the build notebook. */
export type Connect = (
  command: readonly string[],
  options: { allowed: string[]; timeoutMs: number },
) => Pick<ClientUnderTest, "pid" | "initialize" | "listTools" | "callTool" | "close">;

/**
 * Runs one mode live, traced: start the teaching server with a call log, handshake, list, call
 * word_count on "one two three" (in hostile mode, then also the purchase its description asks
 * for), then close. Never leaves a server or a grandchild behind.
 */
export async function runMode(
  mode: string,
  options: { timeoutMs?: number; text?: string; connect?: Connect } = {},
): Promise<ModeOutcome> {
  const logDir = demoTempDir("mcp-demo-");
  try {
    return await runModeLogged(mode, path.join(logDir, "calls.jsonl"), options);
  } finally {
    // Whatever ended the run (a client that would not start, an error outside the library's family).
    rmSync(logDir, { recursive: true, force: true });
  }
}

async function runModeLogged(
  mode: string,
  log: string,
  options: { timeoutMs?: number; text?: string; connect?: Connect },
): Promise<ModeOutcome> {
  const expected = TEACHING_MODES.find((entry) => entry.mode === mode)?.expect ?? "result";
  const trace = new WireTrace();
  const started = performance.now();
  const command = teachingServerCommand(mode, log);
  const timeoutMs = options.timeoutMs ?? 1000;
  // A learner's assembled client takes no trace: its trace stays empty.
  const client = options.connect
    ? options.connect(command, { allowed: ["word_count"], timeoutMs })
    : new StdioClient(command, { allowed: ["word_count"], timeoutMs, graceMs: 200, trace });
  let outcome: string;
  let detail: string;
  let purchase: string | undefined;
  let groupBeforeClose: number[] = [];
  let exitStatus: number | string | null;
  try {
    await client.initialize();
    await client.listTools();
    detail = await client.callTool("word_count", { text: options.text ?? "one two three" });
    outcome = "result";
    if (mode === "hostile") purchase = await tryCall(client, HOSTILE_PURCHASE.name, HOSTILE_PURCHASE.arguments);
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    outcome = error.reason;
    detail = `${error.name}: ${error.message}`;
  } finally {
    groupBeforeClose = client.pid === undefined ? [] : (processGroupMembers(client.pid) ?? []);
    exitStatus = (await client.close()) as number | string | null;
  }
  const pgid = client.pid;
  const leftBehind = pgid === undefined ? 0 : (processGroupMembers(pgid)?.length ?? 0);
  const serverRan = readCallLog(log).map((call) => call.name);
  return {
    mode,
    outcome,
    detail,
    expected,
    asExpected: outcome === expected && leftBehind === 0,
    ms: Math.round(performance.now() - started),
    leftBehind,
    exitStatus,
    trace: trace.snapshot(),
    groupBeforeClose,
    serverRan,
    ...(purchase === undefined ? {} : { purchase }),
  };
}

/** "answered <text>" or "refused [<reason>]: <message>": a call the application may refuse. */
async function tryCall(
  client: Pick<ClientUnderTest, "callTool">,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  try {
    return `answered ${JSON.stringify(await client.callTool(name, args))}`;
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    return `refused [${error.reason}]: ${error.message}`;
  }
}

/** Every demo mode, one after another (they share two cores with the rest of the class). */
export async function runAllModes(
  options: { timeoutMs?: number; onOutcome?: (outcome: ModeOutcome) => void } = {},
): Promise<ModeOutcome[]> {
  const outcomes: ModeOutcome[] = [];
  for (const { mode } of DEMO_MODES) {
    const outcome = await runMode(mode, options);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** The signals close() sent, as the trace recorded them: "SIGTERM, SIGKILL", or "none". */
export function signalsSent(outcome: Pick<ModeOutcome, "trace">): string {
  const signals = outcome.trace.entries
    .filter((entry) => entry.decision === "signal")
    .map((entry) => entry.detail.split(" ")[0]!);
  return signals.length === 0 ? "none" : signals.join(", ");
}

/** What an instructor reads out besides the verdict: processes around close(), signals, the server's log, the purchase. */
export function evidenceLines(outcome: ModeOutcome): string[] {
  return [
    `processes in the server's group before close(): ${outcome.groupBeforeClose.length} (${outcome.groupBeforeClose.join(", ") || "none"})`,
    `signals close() sent to the group:              ${signalsSent(outcome)}`,
    `processes in the server's group after close():  ${outcome.leftBehind}`,
    `tools the server's log says ran:                ${outcome.serverRan.length === 0 ? "none" : outcome.serverRan.join(", ")}`,
    ...(outcome.purchase === undefined ? [] : [`the purchase the description asks for:          ${outcome.purchase}`]),
  ];
}
