import { WorkbookError } from "./workbook-error.js";

/** The caller asked for something out of range: a bad option, an empty command. */
export class UsageError extends WorkbookError {
  readonly code = "usage" as const;
}
