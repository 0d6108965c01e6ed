// The one reader of the teaching server's call log (`--log FILE`): one JSON line per tools/call it
// received, {id, name, arguments}, appended with its newline before the server answers. The demo,
// the gallery, the naive foil's harness, the checkpoint and the notebooks all read it here.
//
// Strict, because the log is evidence of what reached the server: a line that is not a call
// record is a CallLogError naming the file, the line and what was expected, never skipped. The
// records before that line are not returned (a log with a bad line proves nothing as a whole)
// but travel on the error as `records`, so nothing already read is lost.
import { readFileSync } from "node:fs";
import { preview } from "../errors/wording.js";
import { CallLogError } from "./call-log-error.js";
import { CallRecordSchema, type CallRecord } from "./call-record.js";

export type CallLogOptions = {
  /**
   * The server may still be writing: it is running and a call may be arriving. A last line
   * without its newline is then a record not yet finished: it is left out (the next read has it),
   * not refused. Default false: the server is done, so a cut-short last line means it died
   * writing it, and that is refused like any other bad line.
   */
  stillWriting?: boolean;
};

const NEWLINE = 0x0a;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Every tools/call the teaching server recorded in `file`, in order. An empty file holds none. A
 * missing file also holds none: the server creates its log when it starts, so no file means no
 * server ran with it (a spawn that failed), and no call can have arrived.
 */
export function readCallLog(file: string, options: CallLogOptions = {}): CallRecord[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw new CallLogError(
      "unreadable",
      {
        what: `the call log ${file} cannot be read`,
        expected: "a file the teaching server wrote with --log",
        received: (error as Error).message,
      },
      { file },
      { cause: error },
    );
  }
  const records: CallRecord[] = [];
  function refuse(line: number, what: string, expected: string, received: string, cause?: unknown): never {
    const where = { file, line, records: [...records] };
    throw new CallLogError(
      "invalid",
      { what: `call log ${file} line ${line} ${what}`, expected, received },
      where,
      cause === undefined ? undefined : { cause },
    );
  }
  for (let start = 0, line = 1; start < bytes.length; line += 1) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) {
      if (options.stillWriting === true) break;
      refuse(
        line,
        "is cut short (no newline at its end)",
        "every record ended by its newline: the server writes both at once, so it died while writing this one (pass { stillWriting: true } while it runs)",
        preview(bytes.subarray(start).toString("utf8")),
      );
    }
    const raw = bytes.subarray(start, end);
    start = end + 1;
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch (error) {
      refuse(line, "is not UTF-8 text", "one JSON call record per line, in UTF-8", preview(raw), error);
    }
    if (text.trim() === "")
      refuse(line, "is empty", "one JSON call record per line (the server writes no blank lines)", preview(text));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      refuse(line, "is not JSON", "one JSON call record per line", preview(text), error);
    }
    const parsed = CallRecordSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue === undefined ? "" : ` (${issue.path.join(".") || "the line"}: ${issue.message})`;
      refuse(
        line,
        "is not a call record",
        "{id: number or string, name: string, arguments}",
        `${preview(text)}${where}`,
      );
    }
    records.push(parsed.data);
  }
  return records;
}
