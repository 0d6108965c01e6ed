/** Stable codes for a misused tool-search function. */
export type ToolSearchErrorCode = "invalid_count" | "invalid_scores" | "invalid_rankings";

/** Raised when tool search is called with arguments it cannot honour; says what was expected. */
export class ToolSearchError extends Error {
  override readonly name = "ToolSearchError";
  readonly code: ToolSearchErrorCode;

  constructor(code: ToolSearchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
