import { WorkbookError } from "./workbook-error.js";
import { checkReason } from "./usage-error.js";
import type { Wording } from "./wording.js";

export const DATA_REASONS = ["unreadable", "invalid", "tables-mismatch", "mismatch"] as const;
export type DataReason = (typeof DATA_REASONS)[number];

/**
 * A file or record we read cannot be trusted: it could not be read, does not match its schema, or
 * disagrees with itself (stored tables against the rows they come from, a share that is no k/n).
 */
export class DataError extends WorkbookError {
  readonly code = "data" as const;
  declare readonly reason: DataReason;

  constructor(reason: DataReason, wording: Wording, options?: { cause?: unknown }) {
    checkReason("DataError", DATA_REASONS, reason);
    super(reason, wording, options);
  }
}
