import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

export type ClosedReason = "server-exited" | "output-ended" | "input-closed" | "client-closed" | "spawn-failed" | "unusable";

/** The connection is gone, or can no longer be trusted after an earlier failure. */
export class ClosedError extends WorkbookError {
  readonly code = "closed" as const;
  declare readonly reason: ClosedReason;

  constructor(reason: ClosedReason, wording: Wording, options?: { cause?: unknown }) {
    super(reason, wording, options);
  }
}
