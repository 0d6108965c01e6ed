// What a grading must leave as it was, for the tests of graded code that writes where it must not
// (host/private-files.ts): a folder's files with their contents, and the temporary folders' files
// carrying a test's mark.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** Every file and folder under `dir`, with each file's content. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
    try {
      files[name] = readFileSync(join(dir, name), "utf8");
    } catch {
      files[name] = "(a folder)";
    }
  }
  return files;
}

/**
 * Files whose names begin with `mark` in /tmp, /var/tmp and /dev/shm or a folder right inside them
 * (a host's home is one): none may outlive a grading.
 */
export function leftInTemporaryFolders(mark: string): string[] {
  const marked = (dir: string): string[] => {
    try {
      return readdirSync(dir)
        .filter((name) => name.startsWith(mark))
        .map((name) => join(dir, name));
    } catch {
      return []; // not a folder, or not ours to read
    }
  };
  return ["/tmp", "/var/tmp", "/dev/shm"].flatMap((dir) => [
    ...marked(dir),
    ...readdirSync(dir).flatMap((name) => marked(join(dir, name))),
  ]);
}
