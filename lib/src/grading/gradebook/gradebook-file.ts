// The class's gradebook file, grades.csv, said once: its columns, its text, and its records read
// back. The class command writes it (grading/class), resumes from it, exports it to a school's
// format, and the class view reads it (class-view); all four meet the file here.
//
// Columns: learner, score, max, status, one per rule, then submission_hash, grader_version and
// seconds. A rule's header says its full marks, "ids-fresh (2 points)", so the file alone says
// what a 0 means. A rule's cell holds the points it gave, and is empty when it gave none because
// it did not apply (costs-recompute without a paid receipt) or the submission was not graded by
// it: never a 0 that would read as a fail. Every text cell is made inert (text/csv.ts), so a
// learner who names a file "=1+2.ipynb" writes no formula.
import { csvText, parseCsv, readCell } from "../../text/csv.js";

export const GRADED = "graded";
export const FIRST_COLUMNS = ["learner", "score", "max", "status"] as const;
export const TAIL_COLUMNS = ["submission_hash", "grader_version", "seconds"] as const;

/** A rule as the gradebook needs it: its id and the points a pass earns. */
export interface GradebookRule {
  readonly id: string;
  readonly points: number;
}

export interface GradebookRow {
  readonly learner: string;
  readonly score: number | undefined;
  readonly max: number | undefined;
  /** "graded", or why the learner's work could not be graded. */
  readonly status: string;
  /** Rule id -> points given; a rule that did not apply, or did not grade this submission, has no entry. */
  readonly points: Readonly<Record<string, number>>;
  readonly hash: string;
  readonly grader: string;
  readonly seconds: number | undefined;
}

/** A rule's header: "ids-fresh (2 points)". */
export function ruleColumn(rule: GradebookRule): string {
  return `${rule.id} (${rule.points} point${rule.points === 1 ? "" : "s"})`;
}

/** The rule a header names, with its full marks; a bare id (a gradebook written before headers said them) has none. */
export function columnRule(header: string): { readonly id: string; readonly points?: number } {
  const match = /^(\S+) \((\d+(?:\.\d+)?) points?\)$/u.exec(header);
  return match === null ? { id: header } : { id: match[1]!, points: Number(match[2]) };
}

const byLearner = (a: GradebookRow, b: GradebookRow): number =>
  a.learner < b.learner ? -1 : a.learner > b.learner ? 1 : 0;

/** The gradebook's text: header, then the rows sorted by learner. */
export function gradebookCsv(rules: readonly GradebookRule[], rows: readonly GradebookRow[]): string {
  return csvText([
    [...FIRST_COLUMNS, ...rules.map(ruleColumn), ...TAIL_COLUMNS],
    ...[...rows]
      .sort(byLearner)
      .map((row) => [
        row.learner,
        row.score,
        row.max,
        row.status,
        ...rules.map((rule) => row.points[rule.id]),
        row.hash,
        row.grader,
        row.seconds === undefined ? undefined : row.seconds.toFixed(1),
      ]),
  ]);
}

export interface GradebookRecords {
  /** The header as written. */
  readonly header: readonly string[];
  /** Each rule column: its index, its id, and the full marks its header says. */
  readonly rules: ReadonlyArray<{ readonly column: number; readonly id: string; readonly points?: number }>;
  /** Every record after the header with at least one cell, each cell as it was before it was made inert. */
  readonly records: readonly string[][];
}

/** The records of a gradebook's text (a CsvSyntaxError when it is no CSV); the caller judges the header. */
export function gradebookRecords(text: string): GradebookRecords {
  const [header = [], ...rest] = parseCsv(text).filter((record) => record.some((cell) => cell !== ""));
  const tail =
    header.length >= TAIL_COLUMNS.length &&
    TAIL_COLUMNS.every((name, index) => header[header.length - TAIL_COLUMNS.length + index] === name);
  const ruleEnd = tail ? header.length - TAIL_COLUMNS.length : header.length;
  const rules = header
    .slice(FIRST_COLUMNS.length, ruleEnd)
    .map((name, index) => ({ column: FIRST_COLUMNS.length + index, ...columnRule(name) }));
  return { header, rules, records: rest.map((record) => record.map(readCell)) };
}

/** The rows of a gradebook this command wrote (a resumed class keeps those still true); a record that does not fit is left out. */
export function gradebookRows(text: string): GradebookRow[] {
  const { header, rules, records } = gradebookRecords(text);
  if (header[0] !== FIRST_COLUMNS[0]) return [];
  const at = (name: string): number => header.indexOf(name);
  const number = (cell: string | undefined): number | undefined =>
    cell === undefined || cell === "" ? undefined : Number(cell);
  return records
    .filter((record) => record.length === header.length)
    .map((record) => {
      const points: Record<string, number> = {};
      for (const rule of rules) {
        const value = number(record[rule.column]);
        if (value !== undefined) points[rule.id] = value;
      }
      return {
        learner: record[0]!,
        score: number(record[1]),
        max: number(record[2]),
        status: record[3]!,
        points,
        hash: record[at(TAIL_COLUMNS[0])] ?? "",
        grader: record[at(TAIL_COLUMNS[1])] ?? "",
        seconds: number(record[at(TAIL_COLUMNS[2])]),
      };
    });
}
