// Each test file's time in its worker at the last recorded complete run, committed in
// file-durations.json, so every machine starts the longest files first, a fresh clone in CI
// included (vitest's own record of durations lives in node_modules and starts empty there).
// `WORKBOOK_RECORD_DURATIONS=1 npm test` rewrites the record from the run (slowest-files-reporter.ts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export const DURATIONS_FILE = join(resolve(__dirname, "../.."), "test", "support", "file-durations.json");

/** Seconds per test file, by its path from the repository's root. */
export type FileDurations = Readonly<Record<string, number>>;

export function readDurations(file = DURATIONS_FILE): FileDurations {
  if (!existsSync(file)) return {};
  const parsed = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new TypeError(`${file}: expected an object of seconds by test file, received ${JSON.stringify(parsed)}`);
  for (const [path, seconds] of Object.entries(parsed))
    if (typeof seconds !== "number" || !(seconds >= 0))
      throw new TypeError(`${file}: ${path}: expected seconds (a number >= 0), received ${JSON.stringify(seconds)}`);
  return parsed as FileDurations;
}

/**
 * The record after a run: the files that ran get this run's seconds (to a tenth), the others keep
 * theirs while they still exist, and the paths are sorted so a change reads as a small diff.
 */
export function mergedDurations(
  before: FileDurations,
  ran: FileDurations,
  exists: (path: string) => boolean,
): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const [path, seconds] of Object.entries({ ...before, ...ran }))
    if (path in ran || exists(path)) merged[path] = Math.round(seconds * 10) / 10;
  return Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export function writeDurations(durations: FileDurations, file = DURATIONS_FILE): void {
  writeFileSync(file, `${JSON.stringify(durations, null, 2)}\n`);
}
