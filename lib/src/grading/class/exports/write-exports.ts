// `checkpoint --class DIR --report-dir OUT --export canvas|moodle|prairielearn[,...]`: the graded
// class in the school's own format, beside grades.csv. Canvas and Moodle need the roster
// (--roster FILE) that ties the class folder's ids to the school's students; PrairieLearn gets a
// results.json per learner. Nobody is dropped: OUT/roster-check.csv names every learner the
// roster lacks and every roster entry with no submission, and the command prints them too.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../../../errors/usage-error.js";
import { csvText, inertCell } from "../../../text/csv.js";
import type { RulesResultsJson } from "../../checkpoint/grade-report.js";
import type { GradebookRow } from "../../gradebook/gradebook-file.js";
import { canvasCsv, CANVAS_STUDENT_COLUMNS, checkCanvasRoster } from "./canvas.js";
import { rosterScores, type ScoreOptions } from "./lms-scores.js";
import { moodleCsv, moodleUserColumn } from "./moodle.js";
import { prairieLearnResults } from "./prairielearn.js";
import { readRoster, type Roster } from "./roster.js";

export const EXPORT_FORMATS = ["canvas", "moodle", "prairielearn"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions extends ScoreOptions {
  readonly formats: readonly ExportFormat[];
  /** The roster's path (needed by canvas and moodle). */
  readonly roster?: string;
  /** The assignment's column header in the school's gradebook. */
  readonly assignment: string;
}

/** The formats `--export` names (a comma-separated list); a UsageError for one we do not write. */
export function exportFormats(list: string): ExportFormat[] {
  const names = list.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !(EXPORT_FORMATS as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError("arguments", {
      what: `--export names ${unknown.map((name) => JSON.stringify(name)).join(", ") || "nothing"}`,
      expected: `one or more of ${EXPORT_FORMATS.join(", ")}, separated by commas`,
      received: JSON.stringify(list),
    });
  return [...new Set(names as ExportFormat[])];
}

/** Reads the roster and checks it against every format asked for, before any grading starts. */
export function prepareRoster(options: ExportOptions): Roster | undefined {
  const needsRoster = options.formats.filter((format) => format !== "prairielearn");
  if (needsRoster.length === 0) return options.roster === undefined ? undefined : readRoster(options.roster);
  if (options.roster === undefined)
    throw new UsageError("arguments", {
      what: `--export ${needsRoster.join(",")} needs --roster FILE`,
      expected: `a CSV file whose "learner" column holds the class folder's ids, beside ${needsRoster.includes("canvas") ? `Canvas's ${CANVAS_STUDENT_COLUMNS.join(", ")}` : "Moodle's user field"}`,
    });
  const roster = readRoster(options.roster);
  if (needsRoster.includes("canvas")) checkCanvasRoster(roster);
  if (needsRoster.includes("moodle")) moodleUserColumn(roster);
  return roster;
}

/** A file written whole (a temporary file, then a rename): an importer never meets half of one. */
function writeWhole(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Writes every export of `rows` into `out`; returns the lines to print (files written, then who to look at). */
export function writeExports(
  out: string,
  rows: readonly GradebookRow[],
  options: ExportOptions,
  roster: Roster | undefined,
): string[] {
  const lines: string[] = [];
  if (options.formats.includes("prairielearn")) {
    for (const row of rows) {
      const folder = join(out, "learners", row.learner);
      const resultsPath = join(folder, "results.json");
      const results = existsSync(resultsPath)
        ? (JSON.parse(readFileSync(resultsPath, "utf8")) as RulesResultsJson)
        : undefined;
      mkdirSync(folder, { recursive: true });
      writeWhole(
        join(folder, "prairielearn-results.json"),
        `${JSON.stringify(prairieLearnResults(row, results), null, 2)}\n`,
      );
    }
    lines.push(
      `prairielearn: ${rows.length} results file(s), ${join(out, "learners", "<id>", "prairielearn-results.json")}`,
    );
  }
  if (roster === undefined) return lines;
  const scores = rosterScores(roster, rows, options);
  if (options.formats.includes("canvas")) {
    writeWhole(join(out, "canvas.csv"), canvasCsv(scores, options.assignment));
    lines.push(
      `canvas: ${join(out, "canvas.csv")} (${scores.scores.length} students, "${options.assignment}" out of ${options.points})`,
    );
  }
  if (options.formats.includes("moodle")) {
    const column = moodleUserColumn(roster);
    writeWhole(join(out, "moodle.csv"), moodleCsv(scores, column, options.assignment));
    lines.push(
      `moodle: ${join(out, "moodle.csv")} (${scores.scores.length} users; on import map "${column}" to ${column}, "${options.assignment}" to the grade item)`,
    );
  }
  const check: Array<[string, string]> = [
    ...scores.notInRoster.map((row): [string, string] => [
      row.learner,
      `not in the roster ${roster.path}: in no export file (${row.status})`,
    ]),
    ...scores.scores.flatMap(({ entry, row, note }): Array<[string, string]> =>
      row === undefined
        ? [[entry.learner, `in the roster, no submission in the class folder: written ${options.ungraded}`]]
        : note === undefined
          ? []
          : [[entry.learner, note]],
    ),
    // A school id a spreadsheet would read as a formula is written inert, which the importer will not match.
    ...scores.scores.flatMap(({ entry }): Array<[string, string]> =>
      Object.entries(entry.cells)
        .filter(([, value]) => inertCell(value) !== value)
        .map(([column, value]): [string, string] => [
          entry.learner,
          `${column} ${JSON.stringify(value)} begins like a formula and is written with a quote before it: enter this grade by hand`,
        ]),
    ),
  ];
  writeWhole(join(out, "roster-check.csv"), csvText([["learner", "check"], ...check]));
  lines.push(
    check.length === 0
      ? `roster: every learner matched (${join(out, "roster-check.csv")})`
      : `roster: ${check.length} to look at (${join(out, "roster-check.csv")}):`,
    ...check.map(([learner, what]) => `  ${learner}: ${what}`),
  );
  return lines;
}
