/**
 * The server's own record of every tools/call it received: one JSON line per call, appended
 * synchronously before the reply is written. A test (or a learner) reads it to check what
 * really arrived, whatever the client says about itself.
 *
 * The file is checked and opened when the server starts, so a bad --log is a usage error at
 * once rather than a surprise at the first call. It must be a regular file (or not exist yet,
 * in a directory that does): a FIFO would block the whole server on its first write, pings
 * included, and a directory or a device is no log.
 */
import { closeSync, constants, openSync, statSync, writeSync } from "node:fs";
import type { Era } from "./era.js";
import type { RequestId } from "./jsonrpc.js";

export type Recorded =
  { readonly ok: true } | { readonly ok: false; readonly tooDeep: boolean; readonly message: string };

export class CallLog {
  private constructor(
    private readonly file: string | undefined,
    private fd: number | undefined,
  ) {}

  /** No --log: nothing is recorded. */
  static none(): CallLog {
    return new CallLog(undefined, undefined);
  }

  /**
   * Opens `file` for appending, creating it if needed. Returns the reason in words when it
   * cannot be a log, for the usage error.
   */
  static open(file: string): CallLog | { readonly problem: string } {
    const kind = fileKind(file);
    if (kind !== "missing" && kind !== "file")
      return { problem: `--log ${JSON.stringify(file)} is ${kind}, not a regular file` };
    try {
      // O_NONBLOCK: should the path turn into a FIFO after the check, opening fails instead of hanging.
      const fd = openSync(
        file,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NONBLOCK,
        0o644,
      );
      return new CallLog(file, fd);
    } catch (error) {
      return {
        problem: `--log ${JSON.stringify(file)} cannot be written: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Appends `{"id":..,"name":..,"arguments":..,"era":..}`; returns only once the line is in the file. */
  record(id: RequestId, name: string, args: unknown, era: Era): Recorded {
    if (this.fd === undefined) return { ok: true };
    let line: string;
    try {
      line = `${JSON.stringify({ id, name, arguments: args, era })}\n`;
    } catch (error) {
      // JSON.stringify recurses: arguments nested deep enough overflow its stack.
      return {
        ok: false,
        tooDeep: error instanceof RangeError,
        message: `could not record a call in ${this.file}: its arguments are nested too deeply to write as JSON`,
      };
    }
    try {
      const bytes = Buffer.from(line, "utf8");
      for (let written = 0; written < bytes.length;) written += writeSync(this.fd, bytes, written);
      return { ok: true };
    } catch (error) {
      return {
        ok: false,
        tooDeep: false,
        message: `could not append to the call log ${this.file}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }

  /** Closes the file once; a record after it records nothing (its number may be another file's by then). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function fileKind(file: string): string {
  let stats;
  try {
    stats = statSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "missing" : `unreadable (${code ?? String(error)})`;
  }
  if (stats.isFile() || file === "/dev/null") return "file"; // /dev/null: a log nobody keeps
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO (a named pipe, which would block the server until something reads it)";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  return "not a regular file";
}
