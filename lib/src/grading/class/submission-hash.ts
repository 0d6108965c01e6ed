// What a submission's hash covers: every file of it (a notebook, a module, or a learner folder's
// files but node_modules and hidden ones), by relative path and bytes. The gradebook keeps it so a
// resumed class re-grades exactly the learners whose work changed.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

function filesOf(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.name === "node_modules" || entry.name.startsWith(".") ? [] : filesOf(join(path, entry.name)),
  );
}

/** sha256 of the submission at `path` (a file or a folder), first 16 hex digits. */
export function submissionHash(path: string): string {
  const hash = createHash("sha256");
  for (const file of filesOf(path).sort())
    hash
      .update(`${relative(path, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  return hash.digest("hex").slice(0, 16);
}
