import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readDurations, type FileDurations } from "./file-durations.js";
import { declaredReason, tierOf } from "./tiers.js";

/** A slow-tier file with no record yet: before every recorded file. */
const UNRECORDED_SLOW_SECONDS = 1e9;

/**
 * A file whose long run mostly waits on processes of its own (the README test on its fresh clone)
 * says so on a line of its own, with its reason:
 *   // Mostly waits: runs the README's lines on a fresh clone, each a process tree of its own.
 */
export function declaredWaitingReason(source: string): string | undefined {
  return declaredReason("Mostly waits", source);
}

/**
 * `files` (paths from the repository's root), the longest first by their recorded seconds,
 * whichever tier they are in. A file with no record yet counts as long in the slow tier (it starts
 * a kernel, a browser or a clone) and as short in the quick one; files of equal time keep their order.
 *
 * A recorded file in `waiting` starts mid-run instead: after as many of the others as, spread over
 * `workers`, fill half of what the run has left once it is taken out. The longest files start at once
 * and keep the cores busy; beside them a file that mostly waits only stretches (the README test took
 * 104 to 152 s there in three fresh-clone runs), while later it fills cores the waiting files leave
 * idle (80 and 95 s in two runs that started it mid-run).
 */
export function longestFirst(
  files: readonly string[],
  durations: FileDurations,
  waiting: ReadonlySet<string> = new Set(),
  workers = 2,
): string[] {
  const seconds = (file: string): number => durations[file] ?? (tierOf(file) === "slow" ? UNRECORDED_SLOW_SECONDS : 0);
  const sorted = [...files].sort((a, b) => seconds(b) - seconds(a));
  const startsLate = (file: string): boolean => waiting.has(file) && file in durations;
  const late = sorted.filter(startsLate);
  const order = sorted.filter((file) => !startsLate(file));
  const recorded = (file: string): number => durations[file] ?? 0;
  const total = sorted.reduce((sum, file) => sum + recorded(file), 0);
  for (const file of late) {
    const before = Math.max(0, (total - recorded(file) * workers) / 2);
    let index = 0;
    for (let filled = 0; index < order.length && filled < before; index += 1) filled += recorded(order[index]!);
    order.splice(index, 0, file);
  }
  return order;
}

/**
 * Starts the longest files first (longestFirst, over file-durations.json): the long files start while
 * the short ones fill the other workers, so no long file starts last. A file that declares it mostly
 * waits (declaredWaitingReason) starts mid-run. Other files that mostly wait (a deadline, a stopped server)
 * still gather near the end, where the workers can wait at once: the record holds each file's time,
 * not the CPU it uses.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const byPath = new Map(sorted.map((spec) => [relative(root, spec.moduleId), spec]));
    const waiting = new Set(
      [...byPath].flatMap(([path, spec]) =>
        declaredWaitingReason(readFileSync(spec.moduleId, "utf8")) === undefined ? [] : [path],
      ),
    );
    const workers = Number(this.ctx.config.maxWorkers) || 2;
    return longestFirst([...byPath.keys()], readDurations(), waiting, workers).map((path) => byPath.get(path)!);
  }
}
