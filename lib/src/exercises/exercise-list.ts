// The exercises, one record each: the chapter's six and the workbook's seventh. Every list of them is
// made from this one: the exercises notebook's answers that its validation runs through their checks
// (assign/assignments.ts), the checkpoint's optional section over the library's own answers
// (exercise-section.ts), and the rules that grade a learner's (grading/checkpoint/rules/exercise-rules.ts,
// which must give every number here a judge and a demand, or it does not compile).
import type { CheckResult } from "../grading/trials/harness.js";
import type { VerdictStyle } from "./exercise-harness.js";
import { checkToolCosts } from "./ex1-recovery/check.js";
import { referenceToolCosts } from "./ex1-recovery/reference.js";
import { checkDeclineCounts } from "./ex2-decline/check.js";
import { checkProtocolChoice } from "./ex2-decline/decision.js";
import { referenceDeclineCounts } from "./ex2-decline/reference.js";
import { checkLoopRecovery } from "./ex3-loop/check.js";
import { referenceLoopRecovery } from "./ex3-loop/reference.js";
import { checkCursorLoop } from "./ex4-cursor-loop/check.js";
import { referenceCursorLoop } from "./ex4-cursor-loop/reference.js";
import { checkOutstandingTable } from "./ex5-in-flight/check.js";
import { referenceOutstanding } from "./ex5-in-flight/reference.js";
import { checkPurchaseCounts } from "./ex6-hostile/check.js";
import { checkWhatHeld } from "./ex6-hostile/decision.js";
import { referencePurchaseCounts } from "./ex6-hostile/reference.js";

/** A value the exercises notebook's cells define, and the check its check cell runs on it. */
export interface NotebookAnswer {
  /** The name the cell gives it: `toolCosts`. */
  readonly name: string;
  readonly check: (answer: unknown, style: VerdictStyle) => Promise<CheckResult>;
}

export interface Exercise {
  readonly number: number;
  /** As the report names it after "exercise N: ". */
  readonly title: string;
  /** What its cells in the exercises notebook define, in the notebook's order (none: it is taught elsewhere). */
  readonly answers: readonly NotebookAnswer[];
  /** The library's own answer to the first of them, for the checkpoint's optional section (none: no such answer). */
  readonly reference?: unknown;
}

export const EXERCISES = [
  {
    number: 1,
    title: "where routing recovers",
    answers: [{ name: "toolCosts", check: checkToolCosts }],
    reference: referenceToolCosts,
  },
  {
    number: 2,
    title: "let the choice decline",
    answers: [
      { name: "declineCounts", check: checkDeclineCounts },
      { name: "protocolFor", check: checkProtocolChoice },
    ],
    reference: referenceDeclineCounts,
  },
  {
    number: 3,
    title: "search inside the loop",
    answers: [{ name: "loopRecovery", check: checkLoopRecovery }],
    reference: referenceLoopRecovery,
  },
  {
    number: 4,
    title: "a paginated list",
    answers: [{ name: "listAllTools", check: checkCursorLoop }],
    reference: referenceCursorLoop,
  },
  {
    number: 5,
    title: "two requests in flight",
    answers: [{ name: "countInFlight", check: checkOutstandingTable }],
    reference: referenceOutstanding,
  },
  {
    number: 6,
    title: "a hostile description",
    answers: [
      { name: "purchaseCounts", check: checkPurchaseCounts },
      { name: "whatHeld", check: checkWhatHeld },
    ],
    reference: referencePurchaseCounts,
  },
  // The workbook's: taught and checked in notebooks/since-the-chapter-2026-07-28.ipynb, graded by its rule.
  { number: 7, title: "the dual-era probe (MCP 2026-07-28)", answers: [] },
] as const satisfies readonly Exercise[];

/** Every answer the exercises notebook checks, in its order. */
export const NOTEBOOK_ANSWERS: readonly NotebookAnswer[] = EXERCISES.flatMap(
  (exercise): readonly NotebookAnswer[] => exercise.answers,
);

/** An exercise's number: a record keyed by it must hold every exercise. */
export type ExerciseNumber = (typeof EXERCISES)[number]["number"];

/** "exercise 4: a paginated list", as the section and the rules name it. */
export const exerciseTitle = (exercise: Exercise): string => `exercise ${exercise.number}: ${exercise.title}`;
