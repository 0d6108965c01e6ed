// Exercise 2's check: the learner's declineCounts(rows) against the reference analysis, on the
// receipts of two retrieval routers (not language models) that the seed varies.
import type { CheckResult } from "../../grading/trials/harness.js";
import { seededInt } from "../../grading/trials/seeded.js";
import {
  judgeAnalysis,
  runHere,
  type AnalysisCase,
  type AnalysisExercise,
  type AnswerRunner,
} from "../analysis-judge.js";
import type { VerdictStyle } from "../exercise-harness.js";
import { declineReceipt } from "./inputs.js";
import { referenceDeclineCounts, type DeclineAnalysis } from "./reference.js";

/** The inputs: the seed's catalog kind, then both kinds. */
export async function declineCases(seed: number): Promise<AnalysisCase[]> {
  const kind = seededInt(seed, "ex2:kind", 0, 1) === 0 ? "unrelated" : "confusable";
  const { rows } = await declineReceipt(seed);
  const cases: AnalysisCase[] = [];
  for (const [kinds, own] of [
    [kind, rows.filter((row) => row.kind === kind)],
    ["unrelated and confusable", rows],
  ] as const) {
    cases.push({
      label: `${own.length} rows of two routers over the ${kinds} catalogs`,
      args: [own],
      expected: referenceDeclineCounts(own),
    });
  }
  return cases;
}

export const DECLINE_EXERCISE: AnalysisExercise = {
  name: "exercise 2: let the choice decline",
  title: "false calls and missed calls match the reference analysis of the same rows, per model and protocol",
  cases: declineCases,
  hints: {
    falseCalls:
      "a false call is a call, to any tool, made for a request that needs no tool (its expected is null). Declining such a request is right, " +
      "and a request that needed a tool can never be a false call, whatever came of it.",
    missedCalls:
      "a missed call is a request that needs a tool, answered without any call at all. Calling the wrong tool is a wrong call, not a missed one, " +
      "and declining a request that needs no tool is no miss.",
    noToolAsked: "count, for each model and protocol on its own, the requests that need no tool (expected null).",
    toolAsked: "count, for each model and protocol on its own, the requests that need a tool (expected names one).",
  },
  shapeHint:
    "return { [model]: { [protocol]: { falseCalls, noToolAsked, missedCalls, toolAsked } } }, one entry for every model and protocol in the rows.",
  summary: (cases) => {
    const first = cases[0]!.expected as DeclineAnalysis;
    return Object.entries(first)
      .map(
        ([model, protocols]) =>
          `${model}: ${Object.entries(protocols)
            .map(
              ([protocol, c]) =>
                `${protocol} ${c!.falseCalls}/${c!.noToolAsked} false, ${c!.missedCalls}/${c!.toolAsked} missed`,
            )
            .join(", ")}`,
      )
      .join("; ");
  },
};

/** Exercise 2's one check, wherever the learner's function runs (`run`), on the seed's inputs. */
export function judgeDeclineCounts(
  run: AnswerRunner,
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return judgeAnalysis(DECLINE_EXERCISE, run, seed, style);
}

/** Exercise 2 in the notebook: the learner's declineCounts(rows), run here, on the public inputs. */
export function checkDeclineCounts(declineCounts: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeDeclineCounts((args) => runHere(declineCounts, args), 0, style);
}
