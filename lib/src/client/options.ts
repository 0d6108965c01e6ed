import { DEFAULT_FRAME_LIMIT, MAX_TOOLS, PROTOCOL_VERSION } from "../protocol/constants.js";
import { CLIENT_PROTOCOLS, type ClientProtocol } from "../protocol/eras.js";
import { UsageError } from "../errors/usage-error.js";
import { WireTrace } from "./wire-trace.js";
import { preview } from "../errors/wording.js";

export interface StdioClientOptions {
  /** The application's allowlist: the only tool names that may ever be called. Default: none. */
  readonly allowed?: Iterable<string>;
  /**
   * One deadline per operation, in ms, in (0, 60000]; a fraction of a ms is rounded up (wholeMs).
   * Default 5000.
   */
  readonly timeoutMs?: number;
  /** Largest frame, newline included, in bytes. Default 65536. */
  readonly frameLimit?: number;
  /** The server's whole environment. Default: PATH alone. */
  readonly env?: Readonly<Record<string, string>>;
  /** How long close() lets the server exit on its own after its input ends. Default 1000 ms. */
  readonly graceMs?: number;
  /** How long close() waits after SIGTERM before SIGKILL. Default 500 ms. */
  readonly termGraceMs?: number;
  /** Working directory for the server. Default: the caller's. */
  readonly cwd?: string;
  /** Pages of tools/list to follow; 1 (the default) refuses any nextCursor. At most 100. */
  readonly maxPages?: number;
  /** Tools one listing may advertise, over all its pages. Default 32, at most 10000. */
  readonly maxTools?: number;
  /** Records every frame written and read and what was decided about it. Default: none (off). */
  readonly trace?: WireTrace;
  /**
   * The protocol era: "2025-06-18" (the default, the chapter's handshake); "2026-07-28" (the
   * workbook's update: server/discover, then _meta on every request, no fallback); "auto" (probe
   * with server/discover, fall back to the handshake on anything but a result or a modern error).
   */
  readonly protocol?: ClientProtocol;
}

export interface ResolvedOptions {
  readonly allowed: ReadonlySet<string>;
  readonly timeoutMs: number;
  readonly frameLimit: number;
  readonly env: Readonly<Record<string, string>>;
  readonly graceMs: number;
  readonly termGraceMs: number;
  readonly cwd: string | undefined;
  readonly maxPages: number;
  readonly maxTools: number;
  readonly trace: WireTrace | undefined;
  readonly protocol: ClientProtocol;
}

export const MAX_TIMEOUT_MS = 60_000;
/** The deadline per operation when none is given (the chapter's 5 s). */
export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * A timeout as the client keeps it: a finite number rounded up to a whole ms, anything else as it
 * came (so the range check still sees it). The chapter's timeout is any number of seconds, while
 * AbortSignal.timeout throws a RangeError on a fraction of a ms: the client (and the scaffold
 * around the build notebook's pieces) hands on whole ms. Rounding up keeps every timeout in
 * (0, 60000] inside it and every one outside outside, and never ends a deadline early.
 */
export function wholeMs<T>(timeoutMs: T): T {
  return (typeof timeoutMs === "number" && Number.isFinite(timeoutMs) ? Math.ceil(timeoutMs) : timeoutMs) as T;
}

const KNOWN_OPTIONS = [
  "allowed",
  "timeoutMs",
  "frameLimit",
  "env",
  "graceMs",
  "termGraceMs",
  "cwd",
  "maxPages",
  "maxTools",
  "trace",
  "protocol",
] as const;

/**
 * Checks the command and every option and fills defaults. Out-of-range values are refused,
 * never clamped, and anything Node's spawn would throw a raw TypeError for (a NUL byte, a cwd
 * that is not a string, an env value that is not a string) is refused here, as a UsageError
 * that says what was expected and what came.
 */
export function resolveOptions(command: readonly string[], options: StdioClientOptions | undefined): ResolvedOptions {
  checkCommand(command);
  if (options === undefined) options = {};
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new UsageError("options", {
      what: "client options are not an object",
      expected: `an object of options (${KNOWN_OPTIONS.join(", ")}) or nothing`,
      received: shown(options),
    });
  }
  const unknown = Object.keys(options).filter((key) => !(KNOWN_OPTIONS as readonly string[]).includes(key));
  if (unknown.length > 0) {
    throw new UsageError("options", {
      what: `unknown client option ${JSON.stringify(unknown[0])}`,
      expected: `only ${KNOWN_OPTIONS.join(", ")}`,
      received: `[${unknown.map((key) => JSON.stringify(key)).join(", ")}]`,
    });
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new UsageError("timeout", {
      what: "timeout out of range",
      expected: `a number of ms in (0, ${MAX_TIMEOUT_MS}]`,
      received: shown(timeoutMs),
    });
  }
  const frameLimit = options.frameLimit ?? DEFAULT_FRAME_LIMIT;
  if (!Number.isSafeInteger(frameLimit) || frameLimit < 256 || frameLimit > 64 * 1024 * 1024) {
    throw new UsageError("frame-limit", {
      what: "frame limit out of range",
      expected: "an integer from 256 bytes to 64 MiB",
      received: shown(frameLimit),
    });
  }
  const allowed = resolveAllowed(options.allowed);
  for (const [key, value] of [
    ["graceMs", options.graceMs],
    ["termGraceMs", options.termGraceMs],
  ] as const) {
    if (
      value !== undefined &&
      !(typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_TIMEOUT_MS)
    ) {
      throw new UsageError(key, {
        what: `${key} out of range`,
        expected: `ms in [0, ${MAX_TIMEOUT_MS}]`,
        received: shown(value),
      });
    }
  }
  const maxPages = options.maxPages ?? 1;
  const maxTools = options.maxTools ?? MAX_TOOLS;
  for (const [key, value, top] of [
    ["maxPages", maxPages, 100],
    ["maxTools", maxTools, 10_000],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1 || value > top) {
      throw new UsageError(key, {
        what: `${key} out of range`,
        expected: `an integer from 1 to ${top}`,
        received: shown(value),
      });
    }
  }
  const cwd = options.cwd;
  if (cwd !== undefined && (typeof cwd !== "string" || cwd === "" || cwd.includes("\0"))) {
    throw new UsageError("cwd", {
      what: "working directory is not a path",
      expected: "a non-empty path string without NUL bytes, or nothing for the caller's",
      received: shown(cwd),
    });
  }
  if (options.trace !== undefined && !(options.trace instanceof WireTrace)) {
    throw new UsageError("trace", {
      what: "trace is not a WireTrace",
      expected: "new WireTrace() or nothing",
      received: typeof options.trace,
    });
  }
  const protocol = options.protocol ?? PROTOCOL_VERSION;
  if (!(CLIENT_PROTOCOLS as readonly unknown[]).includes(protocol)) {
    throw new UsageError("protocol", {
      what: "protocol is not one this client speaks",
      expected: `one of ${CLIENT_PROTOCOLS.map((name) => JSON.stringify(name)).join(", ")}`,
      received: shown(protocol),
    });
  }
  return {
    protocol,
    trace: options.trace,
    maxPages,
    maxTools,
    allowed,
    timeoutMs: wholeMs(timeoutMs),
    frameLimit,
    env: resolveEnv(options.env),
    graceMs: options.graceMs ?? 1000,
    termGraceMs: options.termGraceMs ?? 500,
    cwd,
  };
}

function checkCommand(command: unknown): void {
  if (
    !Array.isArray(command) ||
    command.length === 0 ||
    command.some((part) => typeof part !== "string") ||
    command[0] === ""
  ) {
    throw new UsageError("command", {
      what: "no server command",
      expected: "an explicit argv such as [process.execPath, 'server.js'] (no shell)",
      received: shown(command),
    });
  }
  const withNul = (command as string[]).findIndex((part) => part.includes("\0"));
  if (withNul !== -1) {
    throw new UsageError("command", {
      what: `server command part ${withNul} holds a NUL byte`,
      expected: "argv strings without NUL bytes (a process cannot receive one)",
      received: shown(command[withNul]),
    });
  }
}

/** The allowlist: an iterable of names, but never a string (which would allow its letters). */
function resolveAllowed(given: unknown): Set<string> {
  const allowed = new Set<string>();
  if (given === undefined) return allowed;
  if (
    typeof given === "string" ||
    typeof given !== "object" ||
    given === null ||
    typeof (given as Iterable<unknown>)[Symbol.iterator] !== "function"
  ) {
    throw new UsageError("allowed", {
      what: "allowlist is not a collection of names",
      expected:
        typeof given === "string"
          ? `an array of tool names, such as [${JSON.stringify(given)}] (a string would allow each of its letters)`
          : "an array or Set of tool names",
      received: shown(given),
    });
  }
  for (const name of given as Iterable<unknown>) {
    if (typeof name !== "string" || name === "") {
      throw new UsageError("allowed", {
        what: "allowlist holds a non-name",
        expected: "non-empty tool names",
        received: shown(name),
      });
    }
    allowed.add(name);
  }
  return allowed;
}

/** The server's whole environment: string names and values, no NUL bytes, no "=" in a name. */
function resolveEnv(given: unknown): Readonly<Record<string, string>> {
  if (given === undefined) return { PATH: process.env["PATH"] ?? "" };
  if (typeof given !== "object" || given === null || Array.isArray(given)) {
    throw new UsageError("env", {
      what: "env is not an object",
      expected: "an object of variable names to string values, such as { PATH: process.env.PATH }",
      received: shown(given),
    });
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    if (value === undefined) continue; // as spawn does: { HOME: process.env.HOME } where HOME is unset
    if (typeof value !== "string" || name === "" || name.includes("=") || name.includes("\0") || value.includes("\0")) {
      throw new UsageError("env", {
        what: `env variable ${JSON.stringify(name.slice(0, 40))} cannot be passed`,
        expected: "a name without = or NUL, and a string value without NUL",
        received: shown(value),
      });
    }
    env[name] = value;
  }
  return env;
}

/** A value in an error message, short and typed: strings quoted, objects by kind. */
function shown(value: unknown): string {
  if (typeof value === "string") return preview(value, 40);
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return preview(value, 60);
  return `a ${typeof value}`;
}
