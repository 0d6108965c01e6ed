// The class's gradebook, OUT/grades.csv: one row per learner, sorted by learner; the columns
// learner, score, max, status, one per rule (the points it gave), then the submission's hash, the
// grader's version and the seconds the grading took. It is rewritten whole (a temporary file, then
// a rename) each time a learner finishes, so a class stopped at any moment keeps every finished row.
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const GRADED = "graded";

export interface GradebookRow {
  readonly learner: string;
  readonly score: number | undefined;
  readonly max: number | undefined;
  /** "graded", or why the learner's work could not be graded. */
  readonly status: string;
  /** Rule id -> points given; a rule the submission was not graded by has no entry. */
  readonly points: Readonly<Record<string, number>>;
  readonly hash: string;
  readonly grader: string;
  readonly seconds: number | undefined;
}

const TAIL = ["submission_hash", "grader_version", "seconds"] as const;

function cell(value: string | number | undefined): string {
  const text = value === undefined ? "" : String(value);
  return /[",\n\r]/u.test(text) ? `"${text.replace(/"/gu, '""')}"` : text;
}

/** The gradebook's text: header, then the rows sorted by learner. */
export function gradebookCsv(ruleIds: readonly string[], rows: readonly GradebookRow[]): string {
  const sorted = [...rows].sort((a, b) => (a.learner < b.learner ? -1 : a.learner > b.learner ? 1 : 0));
  const lines = [
    ["learner", "score", "max", "status", ...ruleIds, ...TAIL].join(","),
    ...sorted.map((row) =>
      [
        row.learner,
        row.score,
        row.max,
        row.status,
        ...ruleIds.map((id) => row.points[id]),
        row.hash,
        row.grader,
        row.seconds === undefined ? undefined : row.seconds.toFixed(1),
      ]
        .map(cell)
        .join(","),
    ),
  ];
  return `${lines.join("\n")}\n`;
}

/** Writes the gradebook whole: never half a file, whenever the class is stopped. */
export function writeGradebook(out: string, ruleIds: readonly string[], rows: readonly GradebookRow[]): void {
  const path = join(out, "grades.csv");
  const temporary = join(out, `.grades.csv.${process.pid}.tmp`);
  writeFileSync(temporary, gradebookCsv(ruleIds, rows));
  renameSync(temporary, path);
}

/** CSV records (RFC 4180: quoted fields may hold commas, quotes doubled, newlines). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(field);
      field = "";
    } else if (char === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else if (char !== "\r") field += char;
  }
  if (field !== "" || record.length > 0) records.push([...record, field]);
  return records;
}

/** The rows of an earlier gradebook (a resumed class keeps those still true), or none. */
export function readGradebook(out: string): GradebookRow[] {
  let text: string;
  try {
    text = readFileSync(join(out, "grades.csv"), "utf8");
  } catch {
    return [];
  }
  const [header, ...records] = parseCsv(text);
  if (header === undefined || header[0] !== "learner") return [];
  const at = (name: string): number => header.indexOf(name);
  const ruleIds = header.slice(4, header.length - TAIL.length);
  const number = (text: string | undefined): number | undefined =>
    text === undefined || text === "" ? undefined : Number(text);
  return records
    .filter((record) => record.length === header.length)
    .map((record) => {
      const points: Record<string, number> = {};
      ruleIds.forEach((id, index) => {
        const value = number(record[4 + index]);
        if (value !== undefined) points[id] = value;
      });
      return {
        learner: record[0]!,
        score: number(record[1]),
        max: number(record[2]),
        status: record[3]!,
        points,
        hash: record[at("submission_hash")]!,
        grader: record[at("grader_version")]!,
        seconds: number(record[at("seconds")]),
      };
    });
}
