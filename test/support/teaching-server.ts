import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { teachingServerCommand } from "../../lib/src/client/teaching-server.js";

/** A fresh, empty log path in a temporary folder, and a reader for the calls it records. */
export function freshLog(): { path: string; calls: () => Array<{ id: unknown; name: string; arguments: unknown }> } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "mcp-log-")), "calls.jsonl");
  return {
    path: file,
    calls: () =>
      existsSync(file)
        ? readFileSync(file, "utf8")
            .split("\n")
            .filter((line) => line.length > 0)
            .map((line) => JSON.parse(line) as { id: unknown; name: string; arguments: unknown })
        : [],
  };
}

export { teachingServerCommand };
