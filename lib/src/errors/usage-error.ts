import { WorkbookError } from "./workbook-error.js";

/**
 * The caller asked for something out of range: a bad option, an empty command, a message that
 * cannot be encoded or does not fit the frame limit. Nothing was sent; a client stays usable.
 */
export class UsageError extends WorkbookError {
  readonly code = "usage" as const;
}
