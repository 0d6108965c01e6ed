// The one list of exercises (lib/src/exercises/exercise-list.ts) against what is made from it and
// what it stands for: the exercises notebook's check cells, the checkpoint's section, the rules.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXERCISES, exerciseTitle, NOTEBOOK_ANSWERS } from "../../lib/src/exercises/exercise-list.js";
import { exerciseChecks } from "../../lib/src/exercises/exercise-section.js";
import { EXERCISE_RULES } from "../../lib/src/grading/checkpoint/rules/exercise-rules.js";
import { REPO_ROOT } from "../../lib/src/grading/checkpoint/paths.js";

/** Each check cell's call in a notebook, in order: [the check, the answer it is given]. */
function checkCalls(notebook: string): Array<[string, string]> {
  const cells = (JSON.parse(readFileSync(join(REPO_ROOT, notebook), "utf8")) as { cells: { source: string[] }[] })
    .cells;
  return cells.flatMap((cell) =>
    [...cell.source.join("").matchAll(/await (check\w+)\((\w+)\)/gu)].map(
      (call) => [call[1]!, call[2]!] as [string, string],
    ),
  );
}

describe("the list of exercises", () => {
  it("names every answer the exercises notebook checks, with the check its cell runs, in the notebook's order", () => {
    const listed = NOTEBOOK_ANSWERS.map((answer) => [answer.check.name, answer.name]);
    expect(checkCalls("notebooks/masters/exercises-14.ipynb")).toEqual(listed);
  });

  it("gives each exercise its rule, in order, under the same title", () => {
    expect(EXERCISE_RULES.map((rule) => [rule.id, rule.title])).toEqual(
      EXERCISES.map((exercise) => [`exercise-${exercise.number}`, exerciseTitle(exercise)]),
    );
    expect(EXERCISES.map((exercise) => exercise.number)).toEqual(EXERCISES.map((_, index) => index + 1));
  });

  it("puts in the checkpoint's section every exercise the library answers, and only those", () => {
    expect(exerciseChecks.map((check) => check.name)).toEqual(
      EXERCISES.filter((exercise) => "reference" in exercise).map(exerciseTitle),
    );
    expect(exerciseChecks).toHaveLength(6); // the chapter's six; the seventh is the workbook's
  });
});
