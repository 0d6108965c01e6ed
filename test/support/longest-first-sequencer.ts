import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readDurations, type FileDurations } from "./file-durations.js";
import { tierOf } from "./tiers.js";

/** A slow-tier file with no record yet: before every recorded file. */
const UNRECORDED_SLOW_SECONDS = 1e9;

/**
 * `files` (paths from the repository's root), the longest first by their recorded seconds,
 * whichever tier they are in. A file with no record yet counts as long in the slow tier (it starts
 * a kernel, a browser or a clone) and as short in the quick one; files of equal time keep their order.
 */
export function longestFirst(files: readonly string[], durations: FileDurations): string[] {
  const seconds = (file: string): number => durations[file] ?? (tierOf(file) === "slow" ? UNRECORDED_SLOW_SECONDS : 0);
  return [...files].sort((a, b) => seconds(b) - seconds(a));
}

/**
 * Starts the longest files first (longestFirst, over file-durations.json): the long files start while
 * the short ones fill the other worker, so no long file starts last. Files that mostly wait (a
 * deadline, a stopped server) still gather near the end, where both workers can wait at once: the
 * record holds each file's time, not the CPU it uses.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const byPath = new Map(sorted.map((spec) => [relative(root, spec.moduleId), spec]));
    return longestFirst([...byPath.keys()], readDurations()).map((path) => byPath.get(path)!);
  }
}
