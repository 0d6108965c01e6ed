import { sentence, type Wording } from "./wording.js";

/** The closed set of stable codes; one class each. */
export type ErrorCode =
  "protocol" | "deadline" | "closed" | "server" | "tool" | "refused" | "usage" | "data" | "service";

/**
 * The root of the library's errors. `code` is stable and meant for programs (the CLI's --json,
 * the checkpoint); `reason` says which check failed; `message` is for people.
 */
export abstract class WorkbookError extends Error {
  abstract readonly code: ErrorCode;
  readonly reason: string;
  readonly wording: Wording;

  constructor(reason: string, wording: Wording, options?: { cause?: unknown }) {
    super(sentence(wording), options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = reason;
    this.wording = wording;
  }

  override get name(): string {
    return this.constructor.name;
  }

  /** The one-line JSON shape the CLI prints and graders read. */
  toJSON(): { error: string; code: ErrorCode; reason: string; message: string } {
    return { error: this.name, code: this.code, reason: this.reason, message: this.message };
  }
}
