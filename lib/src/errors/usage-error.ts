import { WorkbookError } from "./workbook-error.js";
import { preview, type Wording } from "./wording.js";

/**
 * Every reason a UsageError may carry, grouped by who passes it. A new check picks one of these or
 * adds one here (and the error table in docs/client.md, which a test holds to this list).
 */
export const USAGE_REASONS = [
  // encodeFrame: a message of ours that cannot be sent (the reliability decision)
  "unencodable",
  "frame-limit",
  // StdioClient options and command
  "options",
  "command",
  "allowed",
  "env",
  "cwd",
  "timeout",
  "graceMs",
  "termGraceMs",
  "maxPages",
  "maxTools",
  "trace",
  "trace-entries",
  "trace-preview",
  "tool-name",
  "protocol",
  // command lines (flags, modes, a bad subcommand)
  "arguments",
  "bad-command",
  "mode",
  // tools and statistics: counts, scores, parameters
  "count",
  "counts",
  "scores",
  "rankings",
  "stats-parameter",
  "bm25-parameter",
  "search",
  // Part A: catalog, conditions, models, spending
  "catalog-argument",
  "condition",
  "model",
  "models",
  "request",
  "seed",
  "max-usd",
  "missing-api-key",
  "would-truncate",
  "budget-option",
  // charts and published figures
  "chart-input",
  "figure",
  "scale",
  "png-unavailable",
  "not-in-notebook",
  // the agent loop and its scripted model
  "loop-option",
  "script-exhausted",
  "unknown-tool",
  "tool-twice",
  "calls",
  // checkpoint, pieces, exercises and their notebooks
  "notebook",
  "master",
  "docs-table",
  "hidden",
  "piece",
  "learner-part",
  "call-log",
  "not-written",
  "not-prepared",
  // the naive foil's bounds
  "readTimeoutMs",
  "wallMs",
  "memoryMiB",
  // the official SDK beside ours, and the diagrams' colours
  "sdk",
  "colour",
  // an error of this family raised with a reason outside its set (a bug in the raising code)
  "unknown-reason",
] as const;

export type UsageReason = (typeof USAGE_REASONS)[number];

/**
 * The caller asked for something out of range: a bad option, an empty command, a message that
 * cannot be encoded or does not fit the frame limit. Nothing was sent; a client stays usable.
 */
export class UsageError extends WorkbookError {
  readonly code = "usage" as const;
  declare readonly reason: UsageReason;

  constructor(reason: UsageReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("UsageError", USAGE_REASONS, reason);
    super(reason, wording, options);
  }
}

/**
 * Run-time half of the closed sets: the types keep our own code honest, this catches a JavaScript
 * caller or a cast (a notebook cell, a learner's piece) that passes a reason outside the set.
 */
export function checkReason(errorClass: string, reasons: readonly string[], reason: unknown): void {
  if (typeof reason === "string" && reasons.includes(reason)) return;
  throw new UsageError("unknown-reason", {
    what: `${errorClass} raised with an unknown reason`,
    expected: `one of ${reasons.join(", ")}`,
    received: typeof reason === "string" ? preview(reason) : typeof reason,
  });
}
