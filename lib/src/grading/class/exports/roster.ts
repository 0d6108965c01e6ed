// The roster an export is written from: a CSV file of the instructor's whose `learner` column holds
// the class folder's ids, beside the columns the school's system knows its students by (Canvas:
// Student, ID, SIS User ID, SIS Login ID, Section; Moodle: the user field it matches on). An id
// is matched exactly as written: "-x" or "@x" in the roster is the learner whose file is -x.ipynb.
import { readFileSync } from "node:fs";
import { UsageError } from "../../../errors/usage-error.js";
import { preview } from "../../../errors/wording.js";
import { CsvSyntaxError, parseCsv } from "../../../text/csv.js";

export const LEARNER_COLUMN = "learner";

export interface RosterEntry {
  readonly learner: string;
  /** The entry's other cells, by column name, as the roster holds them. */
  readonly cells: Readonly<Record<string, string>>;
}

export interface Roster {
  readonly path: string;
  /** Every column but `learner`, in the roster's order. */
  readonly columns: readonly string[];
  readonly entries: readonly RosterEntry[];
}

function refused(path: string, what: string, expected: string, received?: string): UsageError {
  return new UsageError("arguments", {
    what: `the roster ${path}: ${what}`,
    expected,
    ...(received === undefined ? {} : { received }),
  });
}

/** The roster in `text` (read from `path`); a UsageError says what is wrong with it. */
export function parseRoster(path: string, text: string): Roster {
  let records: string[][];
  try {
    records = parseCsv(text).filter((record) => record.some((cell) => cell.trim() !== ""));
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw refused(path, `is not CSV (${error.message})`, "a CSV file with a header row");
  }
  const [header, ...rows] = records;
  if (header === undefined) throw refused(path, "is empty", `a header row naming a "${LEARNER_COLUMN}" column`);
  const at = header.indexOf(LEARNER_COLUMN);
  if (at < 0)
    throw refused(
      path,
      `has no "${LEARNER_COLUMN}" column`,
      `a header naming a "${LEARNER_COLUMN}" column that holds the class folder's ids`,
      preview(header.join(",")),
    );
  const seenColumns = new Set<string>();
  for (const name of header) {
    if (seenColumns.has(name)) throw refused(path, `names the column "${name}" twice`, "each column once");
    seenColumns.add(name);
  }
  const seen = new Map<string, number>();
  const entries = rows.map((record, index): RosterEntry => {
    const line = index + 2;
    if (record.length !== header.length)
      throw refused(path, `line ${line} has ${record.length} fields`, `${header.length}, one per column of the header`);
    const learner = record[at]!;
    if (learner === "")
      throw refused(path, `line ${line} has no learner id`, `an id in the "${LEARNER_COLUMN}" column`);
    const before = seen.get(learner);
    if (before !== undefined)
      throw refused(path, `the learner ${JSON.stringify(learner)} is on lines ${before} and ${line}`, "each id once");
    seen.set(learner, line);
    const cells: Record<string, string> = {};
    header.forEach((name, column) => {
      if (column !== at) cells[name] = record[column]!;
    });
    return { learner, cells };
  });
  return { path, columns: header.filter((name) => name !== LEARNER_COLUMN), entries };
}

/** Reads and parses the roster at `path`. */
export function readRoster(path: string): Roster {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw refused(
      path,
      "cannot be read",
      "a readable CSV file",
      (error as NodeJS.ErrnoException).code ?? String(error),
    );
  }
  return parseRoster(path, text);
}

/** Columns an export needs that the roster lacks; a UsageError names them. */
export function requireColumns(roster: Roster, format: string, needed: readonly string[]): void {
  const missing = needed.filter((name) => !roster.columns.includes(name));
  if (missing.length > 0)
    throw refused(
      roster.path,
      `lacks ${missing.map((name) => `"${name}"`).join(", ")}, which ${format} needs`,
      `the columns ${[LEARNER_COLUMN, ...needed].join(", ")}`,
      preview([LEARNER_COLUMN, ...roster.columns].join(",")),
    );
}
