// The class gradebook (OUT/grades.csv, written by `checkpoint --class`; its layout:
// grading/gradebook/gradebook-file.ts) read back and checked: one row per learner with `learner`,
// `score`, `max`, `status`, then one column of points per rule ("ids-fresh (2 points)", or the
// bare id of an older gradebook), then columns about the grading that the class view does not need.
// A column is a rule's when it names a rule the caller knows; the rest are kept out. A cell of
// points is a number; an empty cell or a word (such as "n/a") means the rule did not apply to that
// learner, and leaves it out of that rule's share and of the rule they fail first.
import { DataError } from "../errors/data-error.js";
import { preview } from "../errors/wording.js";
import { FIRST_COLUMNS, gradebookRecords, type GradebookRule } from "../grading/gradebook/gradebook-file.js";
import { CsvSyntaxError } from "../text/csv.js";

export type { GradebookRule } from "../grading/gradebook/gradebook-file.js";

export interface GradebookRow {
  readonly learner: string;
  /** "graded", or why the learner could not be graded. */
  readonly status: string;
  readonly score: number;
  readonly max: number;
  /** Rule id -> points earned; a rule that did not apply is absent. */
  readonly points: ReadonlyMap<string, number>;
}

export interface Gradebook {
  /** The rules with a column, in the order of the rules given (the checkpoint's). */
  readonly rules: readonly GradebookRule[];
  readonly rows: readonly GradebookRow[];
}

function invalid(what: string, expected: string, received?: string): DataError {
  return new DataError("invalid", {
    what: `grades.csv: ${what}`,
    expected,
    ...(received === undefined ? {} : { received }),
  });
}

function number(cell: string, what: string): number {
  const value = cell.trim() === "" ? Number.NaN : Number(cell);
  if (!Number.isFinite(value)) throw invalid(`${what} is not a number`, "a number", preview(cell));
  return value;
}

/** The gradebook in `text`, its rule columns being those named in `rules`; a DataError says what is wrong. */
export function readGradebook(text: string, rules: readonly GradebookRule[]): Gradebook {
  if (typeof text !== "string") throw invalid("not text", "the text of grades.csv", typeof text);
  let read;
  try {
    read = gradebookRecords(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw invalid(error.message, "RFC 4180 fields: quotes only around a whole field, every opening quote closed");
  }
  const { header, records } = read;
  if (header.length === 0) throw invalid("empty", `a header row starting ${FIRST_COLUMNS.join(",")}`);
  if (FIRST_COLUMNS.some((name, index) => header[index] !== name))
    throw invalid(
      "the header does not start with the gradebook's columns",
      FIRST_COLUMNS.join(","),
      preview(header.slice(0, 4).join(",")),
    );
  const known = new Map(rules.map((rule) => [rule.id, rule]));
  const ruleColumns = new Map<string, number>();
  for (const { id, column } of read.rules) {
    if (!known.has(id)) continue;
    if (ruleColumns.has(id)) throw invalid(`the rule ${id} has two columns`, "one column per rule");
    ruleColumns.set(id, column);
  }
  if (ruleColumns.size === 0)
    throw invalid(
      "no column names a rule",
      `columns named by rule ids, such as ${rules
        .slice(0, 3)
        .map((rule) => rule.id)
        .join(", ")}`,
      preview(header.slice(FIRST_COLUMNS.length).join(",")),
    );
  const seen = new Set<string>();
  const rows = records.map((record, index) => {
    const line = `row ${index + 2}`;
    if (record.length !== header.length)
      throw invalid(`${line} has ${record.length} fields`, `${header.length}, one per column of the header`);
    const learner = record[0]!;
    // An id is kept exactly as written (a file " .ipynb" is the learner " "): only an empty cell names no one.
    if (learner === "") throw invalid(`${line} names no learner`, "a learner id in the first column");
    if (seen.has(learner)) throw invalid(`${line}: the learner ${learner} has a second row`, "one row per learner");
    seen.add(learner);
    const status = record[3]!;
    const points = new Map<string, number>();
    for (const [id, column] of ruleColumns) {
      const cell = record[column]!.trim();
      if (cell === "" || !/^[-+\d.]/u.test(cell)) continue; // did not apply
      const earned = number(cell, `${line}, ${id}`);
      if (earned < 0 || earned > known.get(id)!.points)
        throw invalid(`${line}: ${id} has ${earned} points`, `0 to ${known.get(id)!.points}`);
      points.set(id, earned);
    }
    const graded = status === "graded";
    return {
      learner,
      status,
      score: graded ? number(record[1]!, `${line}, score`) : 0,
      max: graded ? number(record[2]!, `${line}, max`) : 0,
      points,
    };
  });
  return { rules: rules.filter((rule) => ruleColumns.has(rule.id)), rows };
}
