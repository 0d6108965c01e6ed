import { existsSync, readFileSync } from "node:fs";
import { z } from "zod";
import { UsageError } from "../errors/usage-error.js";
import { preview } from "../errors/wording.js";

/** One line of the teaching server's --log file: a tools/call it received. */
export const CallRecordSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  arguments: z.unknown(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;

/**
 * Every tools/call the teaching server recorded in `file`, in order. A missing file means no
 * call arrived (the server creates it on the first one). A line that is not a call record is
 * refused (UsageError, reason "call-log") with its line number, never skipped: the log is the evidence.
 */
export function readCallLog(file: string): CallRecord[] {
  if (!existsSync(file)) return [];
  const lines = readFileSync(file, "utf8").split("\n").filter((line) => line.length > 0);
  return lines.map((line, index) => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new UsageError("call-log", { what: `call log line ${index + 1} is not JSON`, expected: "one JSON call record per line", received: preview(line) }, { cause: error });
    }
    const parsed = CallRecordSchema.safeParse(value);
    if (!parsed.success) {
      throw new UsageError("call-log", { what: `call log line ${index + 1} is not a call record`, expected: "{id, name, arguments}", received: preview(line) });
    }
    return parsed.data;
  });
}
