import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

/** The tool ran and reported failure (isError): an observation of failure, never a result. */
export class ToolError extends WorkbookError {
  readonly code = "tool" as const;
  declare readonly reason: "is-error";
  /** The tool's own text, joined, so an agent can report it. */
  readonly text: string;

  constructor(text: string, wording: Wording) {
    super("is-error", wording);
    this.text = text;
  }
}
