import { DEFAULT_FRAME_LIMIT, MAX_TOOLS } from "../protocol/constants.js";
import { UsageError } from "../protocol/errors/usage-error.js";
import { WireTrace } from "./wire-trace.js";

export interface StdioClientOptions {
  /** The application's allowlist: the only tool names that may ever be called. Default: none. */
  readonly allowed?: Iterable<string>;
  /** One deadline per operation, in ms, in (0, 60000]. Default 5000. */
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
}

export const MAX_TIMEOUT_MS = 60_000;

/** Checks every option and fills defaults; out-of-range values are refused, never clamped. */
export function resolveOptions(command: readonly string[], options: StdioClientOptions): ResolvedOptions {
  if (!Array.isArray(command) || command.length === 0 || command.some((part) => typeof part !== "string") || command[0] === "") {
    throw new UsageError("command", {
      what: "no server command",
      expected: "an explicit argv such as [process.execPath, 'server.js'] (no shell)",
      received: JSON.stringify(command),
    });
  }
  const timeoutMs = options.timeoutMs ?? 5000;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0 && timeoutMs <= MAX_TIMEOUT_MS)) {
    throw new UsageError("timeout", { what: "timeout out of range", expected: `a number of ms in (0, ${MAX_TIMEOUT_MS}]`, received: String(timeoutMs) });
  }
  const frameLimit = options.frameLimit ?? DEFAULT_FRAME_LIMIT;
  if (!Number.isSafeInteger(frameLimit) || frameLimit < 256 || frameLimit > 64 * 1024 * 1024) {
    throw new UsageError("frame-limit", { what: "frame limit out of range", expected: "an integer from 256 bytes to 64 MiB", received: String(frameLimit) });
  }
  const allowed = new Set<string>();
  for (const name of options.allowed ?? []) {
    if (typeof name !== "string" || name === "") {
      throw new UsageError("allowed", { what: "allowlist holds a non-name", expected: "non-empty tool names", received: JSON.stringify(name) });
    }
    allowed.add(name);
  }
  for (const [key, value] of [["graceMs", options.graceMs], ["termGraceMs", options.termGraceMs]] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0 && value <= MAX_TIMEOUT_MS)) {
      throw new UsageError(key, { what: `${key} out of range`, expected: `ms in [0, ${MAX_TIMEOUT_MS}]`, received: String(value) });
    }
  }
  const maxPages = options.maxPages ?? 1;
  const maxTools = options.maxTools ?? MAX_TOOLS;
  for (const [key, value, top] of [["maxPages", maxPages, 100], ["maxTools", maxTools, 10_000]] as const) {
    if (!Number.isSafeInteger(value) || value < 1 || value > top) {
      throw new UsageError(key, { what: `${key} out of range`, expected: `an integer from 1 to ${top}`, received: String(value) });
    }
  }
  if (options.trace !== undefined && !(options.trace instanceof WireTrace)) {
    throw new UsageError("trace", { what: "trace is not a WireTrace", expected: "new WireTrace() or nothing", received: typeof options.trace });
  }
  return {
    trace: options.trace,
    maxPages,
    maxTools,
    allowed,
    timeoutMs,
    frameLimit,
    env: options.env ?? { PATH: process.env["PATH"] ?? "" },
    graceMs: options.graceMs ?? 1000,
    termGraceMs: options.termGraceMs ?? 500,
    cwd: options.cwd,
  };
}
