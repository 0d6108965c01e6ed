import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readCallLog } from "../../lib/src/call-log/call-log.js";
import type { CallRecord } from "../../lib/src/call-log/call-record.js";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";

/** A fresh, empty log path in a temporary folder, and a reader for the calls it records (the library's one reader). */
export function freshLog(): { path: string; calls: () => CallRecord[] } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "mcp-log-")), "calls.jsonl");
  return { path: file, calls: () => readCallLog(file) };
}

export { teachingServerCommand };
