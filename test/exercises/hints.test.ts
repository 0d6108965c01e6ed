// Every hint an exercise check gives names the idea, never a library function, type or option: the
// learner should find the code, not be handed its name. Checked against every name the library
// exports (the pinned public surface: the root and each namespace) and the options a learner could
// be told to set.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";
import { TOOL_COST_EXERCISE } from "../../lib/src/exercises/ex1-recovery/check.js";
import { DECLINE_EXERCISE } from "../../lib/src/exercises/ex2-decline/check.js";
import { LOOP_RECOVERY_EXERCISE } from "../../lib/src/exercises/ex3-loop/check.js";
import { CHAIN_HINTS } from "../../lib/src/exercises/ex4-cursor-loop/judge-chains.js";
import { STREAM_HINTS } from "../../lib/src/exercises/ex5-in-flight/streams.js";
import { PURCHASE_EXERCISE } from "../../lib/src/exercises/ex6-hostile/check.js";
import { PROTOCOL_CHOICE_EXERCISE } from "../../lib/src/exercises/ex2-decline/decision.js";
import { WHAT_HELD_EXERCISE } from "../../lib/src/exercises/ex6-hostile/decision.js";

/** Every exported name, values and types, from the pinned surface. */
const EXPORTED = readFileSync(join(REPO_ROOT, "test", "surface", "public-surface.txt"), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("  "))
  .map((line) => line.trim().replace(/^type /u, ""));

/** Exported names that are also plain English words, and read as such in a hint. */
const ENGLISH = new Set(["attempt"]);

/** Options of the client, the loop and the experiment that would do an exercise's work if named. */
const OPTIONS = [
  "timeoutMs",
  "frameLimit",
  "searchOn",
  "searchTool",
  "maxTurns",
  "noToolRequests",
  "allowed",
  "design",
];

const HINTS: ReadonlyArray<[string, string]> = [
  ...[
    TOOL_COST_EXERCISE,
    DECLINE_EXERCISE,
    PROTOCOL_CHOICE_EXERCISE,
    LOOP_RECOVERY_EXERCISE,
    PURCHASE_EXERCISE,
    WHAT_HELD_EXERCISE,
  ].flatMap((exercise) => [
    ...Object.entries(exercise.hints).map(([field, hint]): [string, string] => [`${exercise.name}: ${field}`, hint]),
    [`${exercise.name}: shape`, exercise.shapeHint] as [string, string],
  ]),
  ...Object.entries(CHAIN_HINTS).map(([kind, hint]): [string, string] => [`exercise 4: ${kind}`, hint]),
  ...Object.entries(STREAM_HINTS).map(([kind, hint]): [string, string] => [`exercise 5: ${kind}`, hint]),
];

describe("exercise hints", () => {
  it("cover every exercise", () => {
    expect(new Set(HINTS.map(([where]) => where.split(":")[0]!.replace(/^exercise (\d).*/u, "$1")))).toEqual(
      new Set(["1", "2", "3", "4", "5", "6"]),
    );
    expect(EXPORTED.length).toBeGreaterThan(200);
  });

  it.each(HINTS)("%s names the idea, never a library name or option", (_where, hint) => {
    const words = new Set(hint.match(/[A-Za-z_][A-Za-z0-9_]*/gu));
    expect(EXPORTED.filter((name) => words.has(name) && !ENGLISH.has(name))).toEqual([]);
    expect(OPTIONS.filter((name) => words.has(name))).toEqual([]);
    // An idea takes a sentence: a hint is more than a name.
    expect(hint.split(" ").length).toBeGreaterThan(8);
  });
});
