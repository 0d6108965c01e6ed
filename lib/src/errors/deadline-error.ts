import { WorkbookError } from "./workbook-error.js";

/** An operation's single deadline passed before it finished. */
export class DeadlineError extends WorkbookError {
  readonly code = "deadline" as const;
  declare readonly reason: "deadline";
}
