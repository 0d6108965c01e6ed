// Exercises 1, 2, 3 and 6 ask for an analysis: the learner writes a function over plain data
// (receipt rows, a loop's transcript, the server's call log) and the judge compares what it
// returns with the reference analysis of the same inputs, case by case. The inputs change with
// the seed, so an answer written down from one run does not pass another. Each call of the
// learner's function is plain data in and out (AnswerRunner), so the notebook runs it in its own
// kernel and the checkpoint in its isolated host, judged here by the same check.
import type { CheckResult } from "../grading/trials/harness.js";
import { differences, shown } from "./compare.js";
import { notYet, runExerciseCheck, type VerdictStyle } from "./exercise-harness.js";

/** What one call of the learner's function gave: its value, or the error it threw. */
export interface AnswerOutcome {
  readonly value?: unknown;
  readonly error?: { readonly name: string; readonly message: string };
}

/** Calls the learner's function with `args` wherever it lives, and hands back the outcome. */
export type AnswerRunner = (args: readonly unknown[]) => Promise<AnswerOutcome>;

/** One input to the learner's function, with the reference answer on it. */
export interface AnalysisCase {
  /** What the input is, for the verdict: "the baseline's receipt, sizes 8, 16 and 64". */
  readonly label: string;
  readonly args: readonly unknown[];
  readonly expected: unknown;
}

export interface AnalysisExercise {
  /** The report's name: "exercise 1: where routing recovers". */
  readonly name: string;
  readonly title: string;
  /** The inputs for a seed (0: the public ones), each with its reference answer. */
  readonly cases: (seed: number) => Promise<readonly AnalysisCase[]>;
  /** The idea behind each answer field, keyed by the field's name; the first field that differs picks the hint. */
  readonly hints: Readonly<Record<string, string>>;
  /** The hint when no field names one (the answer has the wrong shape). */
  readonly shapeHint: string;
  /** The ok line's detail, from the cases. */
  readonly summary: (cases: readonly AnalysisCase[]) => string;
}

/** Runs the learner's function here, in this process; never throws. */
export async function runHere(fn: unknown, args: readonly unknown[]): Promise<AnswerOutcome> {
  try {
    if (typeof fn !== "function") throw new TypeError(`expected your function; got ${shown(fn, 60)}`);
    return { value: await (fn as (...a: unknown[]) => unknown)(...args) };
  } catch (error) {
    return {
      error:
        error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: typeof error, message: String(error) },
    };
  }
}

/** The hint for the first difference: the last field name in its path that has one. */
function hintFor(exercise: AnalysisExercise, difference: string): string {
  const path = difference.split(":")[0] ?? "";
  const fields = path
    .split(/[.[\]]+/u)
    .filter((part) => part !== "")
    .reverse();
  for (const field of fields) {
    const hint = exercise.hints[field];
    if (hint !== undefined) return hint;
  }
  return exercise.shapeHint;
}

/** Exercise `exercise`'s one check, wherever the learner's function runs. */
export function judgeAnalysis(
  exercise: AnalysisExercise,
  run: AnswerRunner,
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return runExerciseCheck(
    {
      name: exercise.name,
      title: exercise.title,
      deadlineMs: 60_000,
      body: async (context) => {
        const cases = await exercise.cases(seed);
        for (const each of cases) {
          const outcome = await context.within(15_000, `your function on ${each.label}`, () => run(each.args));
          if (outcome.error !== undefined) {
            notYet(
              `on ${each.label}, your function threw ${outcome.error.name}: ${outcome.error.message}. Hint: ${exercise.shapeHint}`,
            );
          }
          const found = differences(each.expected, outcome.value, "answer", 3);
          if (found.length > 0) notYet(`on ${each.label}: ${found.join("; ")}. Hint: ${hintFor(exercise, found[0]!)}`);
        }
        return exercise.summary(cases);
      },
    },
    style,
  );
}
