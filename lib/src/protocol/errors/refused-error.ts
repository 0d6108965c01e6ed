import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

export type RefusedReason = "not-allowed" | "not-advertised" | "not-initialized" | "not-listed" | "bad-arguments";

/** The application refused, before a byte reached the server. */
export class RefusedError extends WorkbookError {
  readonly code = "refused" as const;
  declare readonly reason: RefusedReason;

  constructor(reason: RefusedReason, wording: Wording, options?: { cause?: unknown }) {
    super(reason, wording, options);
  }
}
