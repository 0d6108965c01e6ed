// What a school's gradebook gets for each learner on the roster, whatever its format: the score
// scaled to the points the course gives the assignment (--points), or, where the checkpoint gave
// none, the empty cell or the zero the instructor chose (--ungraded). A learner graded 47 of 47
// (a rule that did not apply counts 0 of 0) and one graded 50 of 50 both get full points.
// Nobody is dropped: learners the roster lacks and roster entries with no submission are listed.
import { GRADED, type GradebookRow } from "../../gradebook/gradebook-file.js";
import { isGraderFault } from "../grade-learner.js";
import type { Roster, RosterEntry } from "./roster.js";

/** What a learner the checkpoint could not score gets: the LMS's empty cell (no grade) or 0. */
export type UngradedAs = "empty" | "zero";
export const UNGRADED_CHOICES: readonly UngradedAs[] = ["empty", "zero"];

export interface ScoreOptions {
  /** The points the assignment is worth in the school's gradebook. */
  readonly points: number;
  readonly ungraded: UngradedAs;
}

export interface RosterScore {
  readonly entry: RosterEntry;
  /** The gradebook's row, or undefined when the learner handed nothing in. */
  readonly row: GradebookRow | undefined;
  /** The cell to write: points, or undefined for the LMS's empty cell. */
  readonly score: number | undefined;
  /** Why the score is not the checkpoint's, in words (undefined when it is). */
  readonly note: string | undefined;
}

export interface RosterScores {
  readonly scores: readonly RosterScore[];
  /** Learners graded (or not) in the class folder whom the roster does not name: in no export file. */
  readonly notInRoster: readonly GradebookRow[];
}

/** The score scaled to `points`, to two decimals. */
export function scaled(score: number, max: number, points: number): number {
  return max === 0 ? 0 : Math.round((score / max) * points * 100) / 100;
}

function scoreOf(row: GradebookRow | undefined, options: ScoreOptions): { score: number | undefined; note?: string } {
  const chosen = options.ungraded === "zero" ? 0 : undefined;
  if (row === undefined) return { score: chosen, note: `no submission in the class folder: ${options.ungraded}` };
  if (row.status === GRADED && row.score !== undefined && row.max !== undefined)
    return { score: scaled(row.score, row.max, options.points) };
  if (isGraderFault(row.status)) return { score: chosen, note: `${row.status} (written ${options.ungraded})` };
  // The submission itself could not be graded (an empty notebook, a call that never returns): it earned nothing.
  return { score: 0, note: `${row.status} (written 0)` };
}

/** Each roster entry's score, in the roster's order, and the learners it does not name. */
export function rosterScores(roster: Roster, rows: readonly GradebookRow[], options: ScoreOptions): RosterScores {
  const byLearner = new Map(rows.map((row) => [row.learner, row]));
  const named = new Set(roster.entries.map((entry) => entry.learner));
  return {
    scores: roster.entries.map((entry) => {
      const row = byLearner.get(entry.learner);
      const { score, note } = scoreOf(row, options);
      return { entry, row, score, note };
    }),
    notInRoster: rows.filter((row) => !named.has(row.learner)),
  };
}
