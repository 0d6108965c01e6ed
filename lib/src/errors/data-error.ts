import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

export type DataReason = "unreadable" | "invalid" | "tables-mismatch" | "mismatch";

/**
 * A file or record we read cannot be trusted: it could not be read, does not match its schema, or
 * disagrees with itself (stored tables against the rows they come from, a share that is no k/n).
 */
export class DataError extends WorkbookError {
  readonly code = "data" as const;
  declare readonly reason: DataReason;

  constructor(reason: DataReason, wording: Wording, options?: { cause?: unknown }) {
    super(reason, wording, options);
  }
}
