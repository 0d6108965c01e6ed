import { WorkbookError } from "./workbook-error.js";
import type { Wording } from "./wording.js";

/** One reason: the class itself says what happened. */
export const TOOL_REASONS = ["is-error"] as const;
export type ToolReason = (typeof TOOL_REASONS)[number];

/** The tool ran and reported failure (isError): an observation of failure, never a result. */
export class ToolError extends WorkbookError {
  readonly code = "tool" as const;
  declare readonly reason: ToolReason;
  /** The tool's own text, joined, so an agent can report it. */
  readonly text: string;

  constructor(text: string, wording: Wording) {
    super("is-error", wording);
    this.text = text;
  }
}
