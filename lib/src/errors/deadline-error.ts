import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const DEADLINE_REASONS = ["deadline"] as const;
export type DeadlineReason = (typeof DEADLINE_REASONS)[number];

/** An operation's single deadline passed before it finished. */
export class DeadlineError extends WorkbookError {
  readonly code = "deadline" as const;
  declare readonly reason: DeadlineReason;

  constructor(reason: DeadlineReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("DeadlineError", DEADLINE_REASONS, reason);
    super(reason, wording, options);
  }
}
