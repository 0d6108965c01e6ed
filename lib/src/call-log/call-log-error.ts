import { DataError } from "../errors/data-error.js";
import type { Wording } from "../errors/wording.js";
import type { CallRecord } from "./call-record.js";

/**
 * The teaching server's call log could not be read ("unreadable") or holds a line that is no call
 * record ("invalid"). It names the file and the line, and keeps every record read before that
 * line, so nothing already read is lost.
 */
export class CallLogError extends DataError {
  declare readonly reason: "unreadable" | "invalid";
  readonly file: string;
  /** The 1-based line that is not a record; undefined when the file itself could not be read. */
  readonly line: number | undefined;
  /** Every record before the bad line, in order. */
  readonly records: readonly CallRecord[];

  constructor(
    reason: "unreadable" | "invalid",
    wording: Wording,
    where: { file: string; line?: number; records?: readonly CallRecord[] },
    options?: { cause?: unknown },
  ) {
    super(reason, wording, options);
    this.file = where.file;
    this.line = where.line;
    this.records = where.records ?? [];
  }
}
