// The checkpoint's optional exercise section: each exercise check run against the reference
// answers in this library, with the checkpoint's wording ("ok ..." or "FAIL <name>: ..."). A
// grader switches it on; the six chapter checks do not depend on it.
import type { CheckResult } from "../grading/trials/harness.js";
import { checkToolCosts } from "./ex1-recovery/check.js";
import { referenceToolCosts } from "./ex1-recovery/reference.js";
import { checkDeclineCounts } from "./ex2-decline/check.js";
import { referenceDeclineCounts } from "./ex2-decline/reference.js";
import { checkLoopRecovery } from "./ex3-loop/check.js";
import { referenceLoopRecovery } from "./ex3-loop/reference.js";
import { checkCursorLoop } from "./ex4-cursor-loop/check.js";
import { referenceCursorLoop } from "./ex4-cursor-loop/reference.js";
import { checkOutstandingTable } from "./ex5-in-flight/check.js";
import { referenceOutstanding } from "./ex5-in-flight/reference.js";
import { checkPurchaseCounts } from "./ex6-hostile/check.js";
import { referencePurchaseCounts } from "./ex6-hostile/reference.js";

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

/** Exercises 1 to 6 of chapter 14, in order, each against the library's reference answer. */
export const exerciseChecks: readonly ExerciseCheck[] = [
  { name: "exercise 1: where routing recovers", run: () => checkToolCosts(referenceToolCosts, "checkpoint") },
  { name: "exercise 2: let the choice decline", run: () => checkDeclineCounts(referenceDeclineCounts, "checkpoint") },
  { name: "exercise 3: search inside the loop", run: () => checkLoopRecovery(referenceLoopRecovery, "checkpoint") },
  { name: "exercise 4: a paginated list", run: () => checkCursorLoop(referenceCursorLoop, "checkpoint") },
  { name: "exercise 5: two requests in flight", run: () => checkOutstandingTable(referenceOutstanding, "checkpoint") },
  { name: "exercise 6: a hostile description", run: () => checkPurchaseCounts(referencePurchaseCounts, "checkpoint") },
].map((check) => ({ name: check.name, run: () => guarded(check.name, check.run) }));

/** Every exercise check, one after another (they start servers on a shared machine). */
export async function runExerciseSection(): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of exerciseChecks) results.push(await check.run());
  return results;
}
