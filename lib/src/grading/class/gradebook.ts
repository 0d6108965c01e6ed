// OUT/grades.csv on disk (its columns and text: grading/gradebook/gradebook-file.ts). It is
// rewritten whole (a temporary file, then a rename) each time a learner finishes, so a class
// stopped at any moment keeps every finished row, and read back when the class is graded again.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  gradebookCsv,
  gradebookRecords,
  gradebookRows,
  type GradebookRow,
  type GradebookRule,
} from "../gradebook/gradebook-file.js";

export { GRADED, gradebookCsv, type GradebookRow, type GradebookRule } from "../gradebook/gradebook-file.js";

/** Writes the gradebook whole: never half a file, whenever the class is stopped. */
export function writeGradebook(out: string, rules: readonly GradebookRule[], rows: readonly GradebookRow[]): void {
  const path = join(out, "grades.csv");
  const temporary = join(out, `.grades.csv.${process.pid}.tmp`);
  writeFileSync(temporary, gradebookCsv(rules, rows));
  renameSync(temporary, path);
}

/**
 * The rows of an earlier gradebook (a resumed class keeps those still true), or none. A gradebook
 * whose rule headers do not say their points was written before a rule that did not apply was an
 * empty cell (it may hold a 0 for one): its learners are all graded again.
 */
export function readGradebook(out: string): GradebookRow[] {
  let text: string;
  try {
    text = readFileSync(join(out, "grades.csv"), "utf8");
  } catch {
    return [];
  }
  try {
    if (gradebookRecords(text).rules.some((rule) => rule.points === undefined)) return [];
    return gradebookRows(text);
  } catch {
    return []; // not CSV: every learner is graded again
  }
}
