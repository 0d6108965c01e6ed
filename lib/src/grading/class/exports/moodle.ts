// Moodle's grade import from a CSV file (Grades > Import > CSV file). Moodle asks, on import, which
// column identifies the user ("Map from") and which user field it holds ("Map to": user id, ID
// number, email address or username), and which column is the grade item; a user it cannot find,
// or a row with that cell empty, stops the whole import. A grade cell that is empty or "-" is no
// grade. Read for this: MoodleDocs, "Grade import", https://docs.moodle.org/311/en/Grade_import,
// and Moodle's importer, grade/import/csv/classes/load_data.php (map_user_data_with_value: the
// four user fields; update_grade_item: '' and '-' are no grade), github.com/moodle/moodle.
// So the file holds the roster's user-field column, filled in every row, then the grade column.
import { csvText } from "../../../text/csv.js";
import { UsageError } from "../../../errors/usage-error.js";
import { LEARNER_COLUMN, type Roster } from "./roster.js";
import type { RosterScores } from "./lms-scores.js";

/** The headers Moodle's own export gives the user fields its import can map from, and the field each maps to. */
export const MOODLE_USER_FIELDS: Readonly<Record<string, string>> = {
  "ID number": "useridnumber",
  "Email address": "useremail",
  Username: "username",
  "User ID": "userid",
};

/** The roster's one user-field column, filled in on every line; a UsageError says what is wrong. */
export function moodleUserColumn(roster: Roster): string {
  const fields = roster.columns.filter((name) => Object.hasOwn(MOODLE_USER_FIELDS, name));
  const expected = `a "${LEARNER_COLUMN}" column and one of ${Object.keys(MOODLE_USER_FIELDS)
    .map((name) => `"${name}"`)
    .join(", ")}`;
  if (fields.length !== 1)
    throw new UsageError("arguments", {
      what: `the roster ${roster.path} names ${fields.length === 0 ? "no" : `${fields.length}`} Moodle user field${fields.length > 1 ? "s" : ""}${fields.length > 1 ? ` (${fields.join(", ")})` : ""}`,
      expected: `${expected}: the one Moodle's import matches users on`,
      received: [LEARNER_COLUMN, ...roster.columns].join(","),
    });
  const column = fields[0]!;
  const blank = roster.entries.filter((entry) => (entry.cells[column] ?? "").trim() === "");
  if (blank.length > 0)
    throw new UsageError("arguments", {
      what: `the roster ${roster.path} leaves "${column}" empty for ${blank.map((entry) => JSON.stringify(entry.learner)).join(", ")}`,
      expected: `"${column}" on every line: Moodle stops the whole import at a user it cannot find`,
    });
  return column;
}

/** The import file: the user field, then the assignment's grade ("" is no grade). */
export function moodleCsv(scores: RosterScores, userColumn: string, assignment: string): string {
  return csvText([
    [userColumn, assignment],
    ...scores.scores.map(({ entry, score }) => [entry.cells[userColumn], score]),
  ]);
}
