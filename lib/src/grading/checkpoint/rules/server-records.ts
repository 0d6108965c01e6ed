// Evidence the grader reads itself, never from the graded code: the teaching server's call log
// and life record in the rule's folder, and the process table in /proc.
import { existsSync, readFileSync } from "node:fs";
import { readCallLog } from "../../../call-log/call-log.js";
import { processGroupMembers } from "../../../client/process-group.js";
import { processesWithArgv, type ProcessEntry } from "../../../client/process-table.js";

export interface RecordEntry {
  /**
   * "relay-signal": the grader's note that a SIGTERM reached the relay the client started (it met
   * it as the server's mode says); "left": how the server left, written just before it did;
   * "hung": a server on the grader's clock began never answering `method`, at `at` on the timeline;
   * "leave-due": a server on the grader's clock whose wait after its input ended came due at `at`.
   */
  readonly event: "start" | "message" | "eof" | "signal" | "relay-signal" | "left" | "member" | "hung" | "leave-due";
  readonly at?: number;
  /** On a member: which one (1, 2, ...) and what ended it ("SIGTERM", "SIGKILL", "exit 0"), as its witness saw. */
  readonly member?: number;
  readonly ended?: string;
  /** "grader" on the start of a relayed session: the client's process as the grader read it from /proc. */
  readonly source?: string;
  readonly pid?: number;
  readonly argv?: readonly string[];
  readonly env?: readonly string[];
  readonly method?: string;
  readonly kind?: string;
  readonly id?: unknown;
  /** On a response: whether it carried a "result" or an "error". */
  readonly answer?: "result" | "error";
  /** On a response with a result: the result's JSON type ("object", "string", "null", ...). */
  readonly resultJsonType?: string;
  /** On a response with an error: its numeric code. */
  readonly errorCode?: number;
  /** On a response: its members' names, and whether its jsonrpc was the string "2.0". */
  readonly keys?: readonly string[];
  readonly jsonrpc2?: boolean;
  /** On a response whose result is an object: its members' names. */
  readonly resultKeys?: readonly string[];
  /** On a response whose error is an object: its members' names, and its message's JSON type. */
  readonly errorKeys?: readonly string[];
  readonly errorMessageType?: string;
  /** On an initialize request: the names of the capabilities the client declared, or null if not an object. */
  readonly declared?: readonly string[] | null;
  readonly signal?: string;
  /** On a relay-signal: ms from the end of the relay's input to the SIGTERM, by the relay's clock. */
  readonly afterEofMs?: number;
  /** On an initialize request: the protocol version it asked for (null when not a string). */
  readonly askedVersion?: string | null;
  /** On a request: the names of the keys its params held, null when params was no object, absent when it had none. */
  readonly paramKeys?: readonly string[] | null;
  /** On "left": the exit code or the signal the server left with, written just before it left. */
  readonly status?: number | string;
  /**
   * On "leave-due" (host/clocked-peer.ts): whether the server then left on the timeline, or, the
   * client keeping no timer there, took its wait again on real time.
   */
  readonly clock?: "timeline" | "real";
}

function jsonLines(file: string): unknown[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return { unreadable: line.slice(0, 80) };
      }
    });
}

/**
 * The server's life record (start, messages, eof, signal), in order. In a relayed session the
 * start that counts is the grader's reading of the process the client started (the relay), not
 * the start of the server the grader ran for it.
 */
export function readRecord(file: string): RecordEntry[] {
  const entries = jsonLines(file) as RecordEntry[];
  const relayed = entries.some(isGraderStart);
  return relayed ? entries.filter((entry) => entry.event !== "start" || isGraderStart(entry)) : entries;
}

/** The start the grader wrote for a relayed session: its own reading of the relay the client started. */
function isGraderStart(entry: RecordEntry): boolean {
  return entry.event === "start" && entry.source === "grader";
}

/** Tool names the server's call log holds, in order; a line that is no call record is a CallLogError, never skipped. */
export function loggedCalls(file: string): string[] {
  return readCallLog(file).map((call) => call.name);
}

/** The methods the server received, in order. */
export function receivedMethods(file: string): string[] {
  return readRecord(file)
    .filter((entry) => entry.event === "message")
    .map((entry) => entry.method ?? `(${entry.kind ?? "?"})`);
}

/** The requests one client operation makes: initialize(), listTools() and callTool() each send them. */
const OPERATION_REQUESTS: ReadonlySet<string> = new Set(["initialize", "tools/list", "tools/call"]);

/**
 * Of `methods`, what the server received while one operation ran, the requests it holds more than
 * once ("tools/call 2 times"), or undefined: one operation sends each of its requests once,
 * whatever comes back (chapter lines 483-492: a failure goes to the caller, never out again).
 */
export function repeatedRequests(methods: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const method of methods) if (OPERATION_REQUESTS.has(method)) counts.set(method, (counts.get(method) ?? 0) + 1);
  const repeated = [...counts].filter(([, count]) => count > 1);
  return repeated.length === 0 ? undefined : repeated.map(([method, count]) => `${method} ${count} times`).join(", ");
}

/** The pid the server recorded for itself: its process group, since the client starts it detached. */
export function serverPid(file: string): number | undefined {
  return readRecord(file).find((entry) => entry.event === "start")?.pid;
}

/**
 * In a relayed session, the pid of the relay the client started, as the grader read it; undefined
 * until a relay has connected (the server the grader started ahead records a start of its own).
 */
export function relayPid(file: string): number | undefined {
  return (jsonLines(file) as RecordEntry[]).find(isGraderStart)?.pid;
}

/**
 * Which starts the record holds, from one read: the teaching server's own (it has started) and the
 * grader's reading of a relay (in a relayed session, the relay has connected).
 */
export function recordedStarts(file: string): { readonly server: boolean; readonly relay: boolean } {
  const starts = (jsonLines(file) as RecordEntry[]).filter((entry) => entry.event === "start");
  return { server: starts.some((entry) => !isGraderStart(entry)), relay: starts.some(isGraderStart) };
}

/**
 * The SIGTERM the client's close() sent the relay it started, as the grader noted it (a relayed
 * session only): how long after the end of input it came, by the relay's clock. For a correct
 * server's mode the relay dies of it, so close() then reports SIGTERM, whether or not the server
 * had already exited on its own.
 */
export function relaySignal(file: string): { readonly afterEofMs?: number } | undefined {
  const entry = readRecord(file).find((each) => each.event === "relay-signal");
  return entry === undefined
    ? undefined
    : { ...(entry.afterEofMs === undefined ? {} : { afterEofMs: entry.afterEofMs }) };
}

/** How each member of the server's family ended, by member, as its witness recorded it (server/src/family.ts). */
export function memberEnds(file: string): ReadonlyMap<number, string> {
  const ends = new Map<number, string>();
  for (const entry of readRecord(file))
    if (entry.event === "member" && entry.member !== undefined && entry.ended !== undefined)
      ends.set(entry.member, entry.ended);
  return ends;
}

/** Live members of the group a server leads (from /proc). */
export function liveInGroup(pgid: number): number[] {
  return processGroupMembers(pgid) ?? [];
}

/** Live processes whose argv mentions `marker` (a rule's folder): servers the grader asked for, however they were started. */
export function processesMentioning(marker: string): ProcessEntry[] {
  return (processesWithArgv((argv) => argv.some((part) => part.includes(marker))) ?? []).filter(
    (entry) => entry.pid !== process.pid,
  );
}
