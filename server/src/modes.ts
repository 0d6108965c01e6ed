/**
 * The one table of the teaching server's modes. "normal" is a correct MCP server; every other mode
 * breaks one thing on purpose, so a client can be shown surviving that one failure (or an exercise
 * can be built against it).
 *
 * It lives here, beside the code that misbehaves, because the server is the one part that must
 * start with Node alone: it cannot load the library, while the library can load this file (it
 * already starts the server from server/dist). So `--help` prints it, and lib builds from it the
 * demo's list, the gallery's, the build notebook's and the checkpoint's; a test holds the mode
 * table of docs/teaching-server.md to it.
 */
import type { Era } from "./era.js";

/** A mode that works the same whichever era a request is in. */
const BOTH_ERAS = ["2025-06-18", "2026-07-28"] as const satisfies readonly Era[];
/**
 * A mode whose fault exists only with a handshake: old-version bends the initialize result, and
 * ping and sampling send a request on stdout, which 2026-07-28's stdio binding forbids a server to do.
 */
const HANDSHAKE_ERA_ONLY = ["2025-06-18"] as const satisfies readonly Era[];

export const MODES = [
  {
    name: "normal",
    misbehaves: "nothing",
    summary: "a correct server: handshake, two tools, one reply per request",
    teaches: "a correct server answers 3",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "old-version",
    misbehaves: "session",
    summary: "initialize answers protocolVersion 2024-11-05",
    teaches: "the handshake stops an unsupported protocol version",
    expect: "version",
    demo: true,
    eras: HANDSHAKE_ERA_ONLY,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "wrong-id",
    misbehaves: "reply",
    summary: "the tools/call reply carries the request id + 1 (the tool did run)",
    teaches: "a reply labeled for another request is refused, though the tool ran",
    expect: "wrong-id",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "stale",
    misbehaves: "reply",
    summary: "before the tools/call reply, repeats the reply to the previous request",
    teaches: "an earlier request's reply arriving late is refused",
    expect: "wrong-id",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "oversized",
    misbehaves: "reply",
    summary: "the tools/call reply is one line of about 1 MiB",
    teaches: "an oversized frame is refused before it is parsed",
    expect: "frame-limit",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "stdout-log",
    misbehaves: "reply",
    summary: 'prints "calling tool now" on stdout before the tools/call reply',
    teaches: "a log line on stdout is a broken protocol, not skipped",
    expect: "malformed-frame",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "hang",
    misbehaves: "reply",
    summary: "never answers tools/call, keeps reading",
    teaches: "a hung call ends at its deadline",
    expect: "deadline",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 1000 },
  },
  {
    name: "trickle",
    misbehaves: "reply",
    summary: "sends the tools/call reply one byte every 200 ms and never finishes it",
    teaches: "a byte before each wait cannot stretch one shared deadline",
    expect: "deadline",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "drip",
    misbehaves: "reply",
    summary: "twelve notifications 400 ms apart, then the tools/call reply",
    teaches: "a whole notification every 400 ms cannot stretch it either",
    expect: "deadline",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "chatty",
    misbehaves: "reply",
    summary: "twenty notifications before the tools/call reply",
    teaches: "at most 16 notifications are skipped before a reply",
    expect: "too-many-messages",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "many-tools",
    misbehaves: "catalog",
    summary: "advertises forty tools, tool_01 to tool_40",
    teaches: "a catalog over 32 tools is refused",
    expect: "catalog",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "paged",
    misbehaves: "catalog",
    summary: "tools/list in pages of three, seven tools in all",
    teaches: "a paginated list is refused, not read in part",
    expect: "catalog",
    demo: true,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "stderr-log",
    misbehaves: "session",
    summary: "chatty diagnostics on stderr, answers correctly",
    teaches: "stderr is diagnostics, never protocol",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "notify",
    misbehaves: "session",
    summary: "three notifications before every reply, answers correctly",
    teaches: "notifications before the reply are skipped",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "ping",
    misbehaves: "reply",
    summary: "pings the client and waits for its answer before the tools/call reply",
    teaches: "the server's ping is answered, not taken for a confused stream",
    expect: "result",
    demo: true,
    eras: HANDSHAKE_ERA_ONLY,
  },
  {
    name: "grandchild",
    misbehaves: "process",
    summary: "starts a child that ignores SIGTERM and outlives the server",
    teaches: "close() ends the whole process group, grandchild included",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "term-to-exit",
    misbehaves: "process",
    summary: "stays when its input ends; on SIGTERM it leaves with status 0",
    teaches: "a server still there after the grace gets SIGTERM, and close() returns the status it left with",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
    shutdown: { eof: "stays", sigterm: "exits" },
  },
  {
    name: "eof-deaf",
    misbehaves: "process",
    summary: "stays when its input ends; SIGTERM ends it by its default action",
    teaches: "SIGTERM ends what the end of input did not, and close() returns SIGTERM",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
    shutdown: { eof: "stays", sigterm: "default" },
  },
  {
    name: "term-proof",
    misbehaves: "process",
    summary: "stays when its input ends and ignores SIGTERM; only SIGKILL ends it",
    teaches: "SIGKILL follows SIGTERM's grace, and close() returns SIGKILL",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
    shutdown: { eof: "stays", sigterm: "ignored" },
  },
  {
    name: "sampling",
    misbehaves: "reply",
    summary: "asks the client for sampling/createMessage before the tools/call reply",
    teaches: "a request the client does not support is answered with method not found (-32601), never a result",
    expect: "result",
    demo: true,
    eras: HANDSHAKE_ERA_ONLY,
  },
  {
    name: "hostile",
    misbehaves: "catalog",
    summary: "a third tool whose description asks for a purchase",
    teaches: "a description begs for a purchase; the allowlist refuses it before a byte is sent",
    expect: "result",
    demo: true,
    eras: BOTH_ERAS,
  },
  {
    name: "endless",
    misbehaves: "reply",
    summary: "the tools/call reply is one line that never ends (see --endless-bytes)",
    teaches: "a line that never ends is refused at the frame limit, never held whole",
    expect: "frame-limit",
    demo: false,
    eras: BOTH_ERAS,
    graded: { timeoutMs: 5000, endlessBytes: 1024 * 1024 },
  },
  {
    name: "endless-cursor",
    misbehaves: "catalog",
    summary: "tools/list hands out a fresh cursor forever (c1, c2, ...)",
    teaches: "an endless chain of cursors is refused at the first page (exercise 4)",
    expect: "catalog",
    demo: false,
    eras: BOTH_ERAS,
    exercise: 4,
    graded: { timeoutMs: 5000 },
  },
  {
    name: "repeat-cursor",
    misbehaves: "catalog",
    summary: 'tools/list hands out the cursor "again" again and again',
    teaches: "a cursor that repeats is refused at the first page too (exercise 4)",
    expect: "catalog",
    demo: false,
    eras: BOTH_ERAS,
    exercise: 4,
  },
  {
    name: "reverse",
    misbehaves: "reply",
    summary: "answers two tools/call requests in reverse order",
    teaches: "a reply held back for two seconds passes a one-second deadline (exercise 5)",
    expect: "deadline",
    demo: false,
    eras: BOTH_ERAS,
    exercise: 5,
  },
] as const satisfies readonly Mode[];

/**
 * Where a mode misbehaves, which names the one record that must say how: "reply", its delivery of
 * the tools/call reply (DELIVERIES, faults.ts); "catalog", what tools/list advertises (CATALOGS,
 * catalog.ts); "session", the handshake or the messages around a reply (session.ts); "process", how
 * it starts and leaves (main.ts, shutdown.ts, grandchild.ts); "nothing" for normal. A row naming
 * "reply" or "catalog" does not compile until that record has its entry, and no other record lists it.
 */
export type Place = "reply" | "catalog" | "session" | "process" | "nothing";

/** One row of the table. */
export interface Mode {
  readonly name: string;
  /** Where it misbehaves (Place). */
  readonly misbehaves: Place;
  /** What the server does wrong on purpose (`--help`, docs/teaching-server.md). */
  readonly summary: string;
  /** The lesson: what a bounded client does about it, in one line (the demo, the gallery, docs/teaching-server.md). */
  readonly teaches: string;
  /**
   * How our client's one session ends (handshake, list, call word_count, one-second deadline):
   * "result", or the reason of the refusal it raises.
   */
  readonly expect: string;
  /** Shown by `mcp-workbook demo` (every mode is in the gallery). */
  readonly demo: boolean;
  /**
   * The protocol eras (`--protocol`) whose requests this mode's fault applies to. `--protocol`
   * naming no era in this list is a usage error; under `both`, a request of another era is answered
   * as in normal mode.
   */
  readonly eras: readonly Era[];
  /** The exercise whose code a client needs to meet it well; the build notebook leaves such modes out. */
  readonly exercise?: number;
  /**
   * How the server leaves when it does not leave as a correct one does (at the end of its input,
   * or dying of SIGTERM): it stays after its input ends, and SIGTERM makes it exit with status 0,
   * kills it by its default action (nothing caught), or is ignored (only SIGKILL ends it then).
   */
  readonly shutdown?: Shutdown;
  /** Graded by the checkpoint's failure-modes rule: the deadline the learner's client gets, and the endless mode's bytes. */
  readonly graded?: { readonly timeoutMs: number; readonly endlessBytes?: number };
}

/**
 * A mode's way of leaving (see Mode.shutdown). On SIGTERM: "dies" records it, then dies of it;
 * "default" catches nothing, so the kernel decides the ending as the signal is sent and SIGTERM
 * is how it ends even when SIGKILL follows at once; "exits" leaves with status 0; "ignored" stays.
 */
export interface Shutdown {
  readonly eof: "leaves" | "stays";
  readonly sigterm: "exits" | "dies" | "default" | "ignored";
}

/** How a correct server leaves: at the end of its input, or dying of SIGTERM. */
export const CORRECT_SHUTDOWN: Shutdown = { eof: "leaves", sigterm: "dies" };

/** How `mode`'s server leaves. */
export function shutdownOf(mode: ModeName): Shutdown {
  const row: Mode | undefined = MODES.find((entry) => entry.name === mode);
  return row?.shutdown ?? CORRECT_SHUTDOWN;
}

export type ModeName = (typeof MODES)[number]["name"];

/** The modes whose rows say they misbehave at `place`. */
export type ModeAt<P extends Place> = Extract<(typeof MODES)[number], { readonly misbehaves: P }>["name"];

/** Whether `mode`'s row says it misbehaves at `place` (so that place's record has its entry). */
export function misbehavesAt<P extends Place>(mode: ModeName, place: P): mode is ModeAt<P> {
  return MODES.some((row) => row.name === mode && row.misbehaves === place);
}

export const MODE_NAMES: readonly ModeName[] = MODES.map((mode) => mode.name);

export function isModeName(value: string): value is ModeName {
  return (MODE_NAMES as readonly string[]).includes(value);
}

/** Whether `mode`'s fault applies to a request answered in `era` (else it is answered as in normal). */
export function modeAppliesIn(mode: ModeName, era: Era): boolean {
  const row: Mode | undefined = MODES.find((entry) => entry.name === mode);
  return row?.eras.includes(era) ?? false;
}
