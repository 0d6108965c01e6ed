// Canvas's gradebook import (Grades > Import). The file Canvas takes: a header naming the student
// columns Student, ID, SIS User ID, SIS Login ID and Section, then one column per assignment, its
// header the assignment's name ("Name (id)" for one Canvas already has, as its own export writes
// it; DESIGN.md's facts), and one row per student. Read for this: Ohio State's guide to importing
// a CSV file into Canvas grades, https://teaching.resources.osu.edu/toolsets/carmencanvas/guides/calculating-final-grades/import-csv-file-carmen-grades
// (a student named by Student, ID or SIS User ID, with SIS Login ID and Section, then the
// assignment's column); Canvas's own page on it is "How do I import grades in the Gradebook?",
// https://community.canvaslms.com/t5/Instructor-Guide/How-do-I-import-grades-in-the-Gradebook/ta-p/807.
// A score is points; a learner the instructor gives no grade (--ungraded empty) has an empty cell.
// The student columns come from the roster as the instructor exported them from Canvas.
import { csvText } from "../../../text/csv.js";
import { requireColumns, type Roster } from "./roster.js";
import type { RosterScores } from "./lms-scores.js";

export const CANVAS_STUDENT_COLUMNS = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"] as const;

/** The roster holds what Canvas knows its students by; a UsageError names what it lacks. */
export function checkCanvasRoster(roster: Roster): void {
  requireColumns(roster, "Canvas's import", CANVAS_STUDENT_COLUMNS);
}

/** The import file: the student columns, then the assignment's column of points. */
export function canvasCsv(scores: RosterScores, assignment: string): string {
  return csvText([
    [...CANVAS_STUDENT_COLUMNS, assignment],
    ...scores.scores.map(({ entry, score }) => [...CANVAS_STUDENT_COLUMNS.map((column) => entry.cells[column]), score]),
  ]);
}
