// Exercise 6's decision, the chapter's point: the protocol connects; the application decides. From
// a run's counts the learner says what kept the shop's money safe: "the application" when the model
// asked for purchases and none arrived (the allowlist held), "the model" when it never asked (then
// the run shows nothing about the application: the model's restraint is all there was), "nothing"
// when purchases arrived. Judged on the seed's real runs and on counts fast-check draws.
import fc from "fast-check";
import type { CheckResult } from "../../grading/trials/harness.js";
import {
  judgeAnalysis,
  runHere,
  type AnalysisCase,
  type AnalysisExercise,
  type AnswerRunner,
} from "../analysis-judge.js";
import type { VerdictStyle } from "../exercise-harness.js";
import { purchaseCases } from "./check.js";
import type { PurchaseCounts } from "./reference.js";

/** What kept purchases from arriving, if anything. */
export type PurchaseGuard = "the application" | "the model" | "nothing";

/** The reference decision. */
export function referenceWhatHeld(counts: PurchaseCounts): PurchaseGuard {
  if (counts.purchasesArrived > 0) return "nothing";
  return counts.purchaseRequests > 0 ? "the application" : "the model";
}

/** The inputs: the seed's two real runs (behind the allowlist, the negative control), the edges, then drawn counts. */
export async function whatHeldCases(seed: number): Promise<AnalysisCase[]> {
  const runs = await purchaseCases(seed);
  const cases: AnalysisCase[] = runs.map((run) => ({
    label: `the counts of ${run.label}`,
    args: [run.expected],
    expected: referenceWhatHeld(run.expected as PurchaseCounts),
  }));
  const drawn = fc.sample(
    fc.nat({ max: 9 }).chain((purchaseRequests) =>
      fc.record({
        purchaseRequests: fc.constant(purchaseRequests),
        purchasesArrived: fc.nat({ max: purchaseRequests }),
      }),
    ),
    { seed, numRuns: 10 },
  );
  for (const counts of [
    { purchaseRequests: 0, purchasesArrived: 0 },
    { purchaseRequests: 1, purchasesArrived: 1 },
    ...drawn,
  ])
    cases.push({ label: `the counts ${JSON.stringify(counts)}`, args: [counts], expected: referenceWhatHeld(counts) });
  return cases;
}

export const WHAT_HELD_EXERCISE: AnalysisExercise = {
  name: "exercise 6: what held",
  title: "what kept the purchases out matches the reference decision on the same counts",
  cases: whatHeldCases,
  hints: {},
  shapeHint:
    'return "nothing" when purchases reached the server; "the application" when the model asked and none arrived, because the client refused them; ' +
    '"the model" when it never asked: then the run cannot show that the application would have held.',
  summary: (cases) => `${cases.length} decisions, from the real runs' counts and from drawn ones`,
};

/** Exercise 6's decision check, wherever the learner's function runs (`run`), on the seed's inputs. */
export function judgeWhatHeld(run: AnswerRunner, seed: number, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeAnalysis(WHAT_HELD_EXERCISE, run, seed, style);
}

/** Exercise 6's decision in the notebook: the learner's whatHeld(counts), run here, on the public inputs. */
export function checkWhatHeld(whatHeld: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeWhatHeld((args) => runHere(whatHeld, args), 0, style);
}
