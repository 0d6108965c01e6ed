// The class gradebook (OUT/grades.csv, written by `checkpoint --class`) read back: one row per
// learner with `learner`, `score`, `max`, `status`, then one column of points per rule, then
// columns about the grading (hash, grader version, seconds) that the class view does not need.
// A column is a rule's when its header is the id of a rule the caller knows; the rest are kept
// out. A cell of points is a number; an empty cell or a word (such as "n/a") means the rule did
// not apply to that learner, and leaves it out of that rule's share.
import { DataError } from "../errors/data-error.js";
import { preview } from "../errors/wording.js";

/** A rule as the class view needs it: its id and the points a pass earns. */
export interface GradebookRule {
  readonly id: string;
  readonly points: number;
}

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

const FIRST_COLUMNS = ["learner", "score", "max", "status"] as const;

/** RFC 4180 fields: commas, quoted fields with doubled quotes and line breaks inside, LF or CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      at += 1;
      continue;
    }
    if (char === '"') {
      if (field !== "")
        throw invalid(
          `a quote inside an unquoted field, on line ${records.length + 1}`,
          "quotes only around a whole field",
        );
      quoted = true;
    } else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      if (char === "\r" && text[at + 1] === "\n") at += 1;
    } else field += char;
    at += 1;
  }
  if (quoted) throw invalid("a quoted field that never closes", "every opening quote closed");
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
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
  const records = parseCsv(text.replace(/^\uFEFF/u, "")).filter((record) => record.some((cell) => cell !== ""));
  const header = records[0];
  if (header === undefined) throw invalid("empty", `a header row starting ${FIRST_COLUMNS.join(",")}`);
  if (FIRST_COLUMNS.some((name, index) => header[index] !== name))
    throw invalid(
      "the header does not start with the gradebook's columns",
      FIRST_COLUMNS.join(","),
      preview(header.slice(0, 4).join(",")),
    );
  const known = new Map(rules.map((rule) => [rule.id, rule]));
  const ruleColumns = new Map<string, number>();
  header.forEach((name, index) => {
    if (index < FIRST_COLUMNS.length || !known.has(name)) return;
    if (ruleColumns.has(name)) throw invalid(`the rule ${name} has two columns`, "one column per rule");
    ruleColumns.set(name, index);
  });
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
  const rows = records.slice(1).map((record, index) => {
    const line = `row ${index + 2}`;
    if (record.length !== header.length)
      throw invalid(`${line} has ${record.length} fields`, `${header.length}, one per column of the header`);
    const learner = record[0]!;
    if (learner.trim() === "") throw invalid(`${line} names no learner`, "a learner id in the first column");
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
