import { teachingServerCommand } from "../client/teaching-server.js";
import { StdioClient } from "../client/stdio-client.js";
import { processGroupMembers } from "../client/process-group.js";
import { WorkbookError } from "../protocol/errors/workbook-error.js";
import type { ClientUnderTest } from "../checkpoint/implementation.js";

/** What an instructor should see for each teaching-server mode: a result, or which refusal. */
export const DEMO_MODES = [
  { mode: "normal", expect: "result", teaches: "a correct server answers 3" },
  { mode: "old-version", expect: "version", teaches: "the handshake stops an unsupported protocol version" },
  { mode: "wrong-id", expect: "wrong-id", teaches: "a reply labeled for another request is refused, though the tool ran" },
  { mode: "stale", expect: "wrong-id", teaches: "an earlier request's reply arriving late is refused" },
  { mode: "oversized", expect: "frame-limit", teaches: "an oversized frame is refused before it is parsed" },
  { mode: "stdout-log", expect: "malformed-frame", teaches: "a log line on stdout is a broken protocol, not skipped" },
  { mode: "hang", expect: "deadline", teaches: "a hung call ends at its deadline" },
  { mode: "trickle", expect: "deadline", teaches: "a byte before each wait cannot stretch one shared deadline" },
  { mode: "drip", expect: "deadline", teaches: "a whole notification every 400 ms cannot stretch it either" },
  { mode: "chatty", expect: "too-many-messages", teaches: "at most 16 notifications are skipped before a reply" },
  { mode: "many-tools", expect: "catalog", teaches: "a catalog over 32 tools is refused" },
  { mode: "paged", expect: "catalog", teaches: "a paginated list is refused, not read in part" },
  { mode: "stderr-log", expect: "result", teaches: "stderr is diagnostics, never protocol" },
  { mode: "notify", expect: "result", teaches: "notifications before the reply are skipped" },
  { mode: "ping", expect: "result", teaches: "the server's ping is answered, not taken for a confused stream" },
  { mode: "grandchild", expect: "result", teaches: "close() ends the whole process group, grandchild included" },
] as const;

export type DemoMode = (typeof DEMO_MODES)[number]["mode"];

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
}

/** The client a mode runs against: the library's by default, a learner's assembled one in the build notebook. */
export type Connect = (command: readonly string[], options: { allowed: string[]; timeoutMs: number }) => Pick<ClientUnderTest, "pid" | "initialize" | "listTools" | "callTool" | "close">;

/**
 * Runs one mode live: start the teaching server, handshake, list, call word_count on
 * "one two three", then close. Never leaves a server or a grandchild behind.
 */
export async function runMode(mode: string, options: { timeoutMs?: number; text?: string; connect?: Connect } = {}): Promise<ModeOutcome> {
  const expected = DEMO_MODES.find((entry) => entry.mode === mode)?.expect ?? "result";
  const started = performance.now();
  const command = teachingServerCommand(mode);
  const timeoutMs = options.timeoutMs ?? 1000;
  const client = options.connect ? options.connect(command, { allowed: ["word_count"], timeoutMs }) : new StdioClient(command, { allowed: ["word_count"], timeoutMs, graceMs: 200 });
  let outcome: string;
  let detail: string;
  let exitStatus: number | string | null;
  try {
    await client.initialize();
    await client.listTools();
    detail = await client.callTool("word_count", { text: options.text ?? "one two three" });
    outcome = "result";
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    outcome = error.reason;
    detail = `${error.name}: ${error.message}`;
  } finally {
    exitStatus = (await client.close()) as number | string | null;
  }
  const pgid = client.pid;
  const leftBehind = pgid === undefined ? 0 : (processGroupMembers(pgid)?.length ?? 0);
  return { mode, outcome, detail, expected, asExpected: outcome === expected && leftBehind === 0, ms: Math.round(performance.now() - started), leftBehind, exitStatus };
}

/** Every demo mode, one after another (they share two cores with the rest of the class). */
export async function runAllModes(options: { timeoutMs?: number; onOutcome?: (outcome: ModeOutcome) => void } = {}): Promise<ModeOutcome[]> {
  const outcomes: ModeOutcome[] = [];
  for (const { mode } of DEMO_MODES) {
    const outcome = await runMode(mode, options);
    options.onOutcome?.(outcome);
    outcomes.push(outcome);
  }
  return outcomes;
}

/** A plain-text table of outcomes, for a terminal or a notebook. */
export function formatOutcomes(outcomes: readonly ModeOutcome[], width = 70): string {
  const rows = outcomes.map((o) => [o.mode, o.outcome, o.asExpected ? "yes" : "NO", `${o.ms}`, `${o.leftBehind}`, o.detail.length > width ? `${o.detail.slice(0, width - 1)}…` : o.detail]);
  const header = ["mode", "outcome", "as expected", "ms", "left behind", "detail"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]): string => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
