import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const CLOSED_REASONS = [
  "server-exited",
  "output-ended",
  "input-closed",
  "client-closed",
  "spawn-failed",
  "unusable",
] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** The connection is gone, or can no longer be trusted after an earlier failure. */
export class ClosedError extends WorkbookError {
  readonly code = "closed" as const;
  declare readonly reason: ClosedReason;

  constructor(reason: ClosedReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("ClosedError", CLOSED_REASONS, reason);
    super(reason, wording, options);
  }
}
