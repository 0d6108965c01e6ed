// Node's compile cache (module.enableCompileCache) for the grader, which a class starts once per
// learner, each loading the same modules. The cache holds compiled code Node runs without
// compiling the source again, so whoever can write it can run code as the next grader: it is a
// folder only the grader's uid may enter, which the graded code cannot reach (another uid; or, as
// the grader's own uid, a file view whose /tmp is its own) and the hosts never read. Where the
// graded code is not contained (files: not contained) it may write what the grader's uid may, the
// checkout included, as docs/graders.md says. Measured for the hosts, the teaching server and the
// relay in docs/testing.md ("Grading speed").
import { chmodSync, lstatSync, mkdirSync, rmSync } from "node:fs";
import * as nodeModule from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The folder that holds this uid's cache: in the temporary folder, or the one a class hands its
 * jobs' graders (each job has a temporary folder of its own, so each would start cold).
 */
export function compileCacheFolder(): string {
  return process.env[CLASS_COMPILE_CACHE] ?? join(tmpdir(), `workbook-compile-cache-${process.getuid?.() ?? "self"}`);
}

/** The variable a class sets for its jobs' graders: its own cache folder. */
export const CLASS_COMPILE_CACHE = "WORKBOOK_COMPILE_CACHE";

/** A folder only this uid may enter: not a link, owned by it, closed to group and others. */
function ownedAlone(path: string): boolean {
  try {
    const stat = lstatSync(path);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0;
  } catch {
    return false;
  }
}

/** Writes what this process has compiled so far, for the graders a class starts next (not only at its exit). */
export function flushCompileCache(): void {
  (nodeModule as Partial<Pick<typeof nodeModule, "flushCompileCache">>).flushCompileCache?.();
}

/**
 * Turns Node's compile cache on for the modules this process loads from now on, in this uid's
 * folder (made when missing; a folder of that name that others could have written is removed
 * first). Returns whether it is on: not on a Node without it (22.0), nor where the folder cannot
 * be had whole; then the grader compiles as it always did.
 */
export function enableGraderCompileCache(): boolean {
  const cache = nodeModule as Partial<Pick<typeof nodeModule, "enableCompileCache" | "constants">>;
  if (cache.enableCompileCache === undefined || cache.constants === undefined) return false;
  const folder = compileCacheFolder();
  try {
    if (!ownedAlone(folder)) {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(folder, { mode: 0o700 });
      chmodSync(folder, 0o700);
    }
    if (!ownedAlone(folder)) return false;
    if (cache.enableCompileCache(folder).status !== cache.constants.compileCacheStatus.ENABLED) return false;
    return true;
  } catch {
    return false;
  }
}
