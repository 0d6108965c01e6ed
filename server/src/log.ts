/**
 * The server's own record of every tools/call it received: one JSON line per call, appended
 * synchronously before the reply is written. A test (or a learner) reads it to check what was
 * really arrived, whatever the client says about itself.
 */
import { appendFileSync } from "node:fs";
import type { RequestId } from "./jsonrpc.js";

export class CallLogError extends Error {
  readonly code = "CALL_LOG_UNWRITABLE";
  constructor(file: string, cause: unknown) {
    super(`could not append to the call log ${file}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "CallLogError";
  }
}

export class CallLog {
  constructor(private readonly file: string | undefined) {}

  /** Appends `{"id":..,"name":..,"arguments":..}`; returns only once the line is in the file. */
  record(id: RequestId, name: unknown, args: unknown): void {
    if (this.file === undefined) return;
    const line = `${JSON.stringify({ id, name, arguments: args })}\n`;
    try {
      appendFileSync(this.file, line, "utf8");
    } catch (error) {
      throw new CallLogError(this.file, error);
    }
  }
}
