// The checkpoint's optional exercise section: each exercise check run against the reference
// answers in this library, with the checkpoint's wording ("ok ..." or "FAIL <name>: ..."). A
// grader switches it on; the six chapter checks do not depend on it.
import type { CheckResult } from "../grading/trials/harness.js";
import { EXERCISES, exerciseTitle } from "./exercise-list.js";

export interface ExerciseCheck {
  /** The report's name, as the check itself names it: "exercise 4: a paginated list". */
  readonly name: string;
  /** Runs the check against the reference answer; resolves to one verdict and never throws. */
  readonly run: () => Promise<CheckResult>;
}

/** A reference answer that could not even be produced is that exercise's FAIL, not a crash of the section. */
async function guarded(name: string, run: () => Promise<CheckResult>): Promise<CheckResult> {
  const started = performance.now();
  try {
    return await run();
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      name,
      ok: false,
      output: `FAIL ${name}: the reference answer could not be produced: ${message}`,
      ms: Math.round(performance.now() - started),
    };
  }
}

/** Each exercise the library answers (the chapter's six), in order, each against that answer. */
export const exerciseChecks: readonly ExerciseCheck[] = EXERCISES.flatMap((exercise) => {
  const [answer] = exercise.answers;
  if (!("reference" in exercise) || answer === undefined) return [];
  const name = exerciseTitle(exercise);
  return [{ name, run: () => guarded(name, () => answer.check(exercise.reference, "checkpoint")) }];
});

/** Every exercise check, one after another (they start servers on a shared machine). */
export async function runExerciseSection(): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of exerciseChecks) results.push(await check.run());
  return results;
}
