// Exercise 1's check: the learner's toolCosts(rows, floor) against the reference analysis, on the
// committed baseline receipt's rows (real rows, measured by this repo's code; a retrieval
// baseline, not a language model) and on a part of them that the seed picks.
import { resolve } from "node:path";
import type { CheckResult } from "../../grading/trials/harness.js";
import { seededInt } from "../../grading/trials/seeded.js";
import { loadReceipt } from "../../experiment/receipts/receipt-file.js";
import type { Row } from "../../experiment/receipts/receipt.js";
import {
  judgeAnalysis,
  runHere,
  type AnalysisCase,
  type AnalysisExercise,
  type AnswerRunner,
} from "../analysis-judge.js";
import type { VerdictStyle } from "../exercise-harness.js";
import { referenceToolCosts, type ToolCosts } from "./reference.js";

/** The baseline receipt every checkout holds (evidence/receipts). */
export const TOOL_COST_RECEIPT = resolve(__dirname, "../../../../evidence/receipts/lexical-baseline.json");

let cachedRows: readonly Row[] | undefined;
function receiptRows(): readonly Row[] {
  cachedRows ??= loadReceipt(TOOL_COST_RECEIPT).rows;
  return cachedRows;
}

/** The inputs: every row at a floor, then the rows without one middle size and a few requests, at another floor. */
export async function toolCostCases(seed: number): Promise<AnalysisCase[]> {
  const rows = receiptRows();
  const requestIds = [...new Set(rows.map((row) => row.requestId))];
  const dropSize = seededInt(seed, "ex1:size", 0, 1) === 0 ? 32 : 16;
  const dropCount = seededInt(seed, "ex1:drop", 3, 8);
  const start = seededInt(seed, "ex1:start", 0, requestIds.length - 1);
  const dropped = new Set(
    Array.from({ length: dropCount }, (_, index) => requestIds[(start + index * 5) % requestIds.length]!),
  );
  const part = rows.filter((row) => row.size !== dropSize && !dropped.has(row.requestId));
  const floors = [0.5 + seededInt(seed, "ex1:floor1", 0, 3) / 10, 0.5 + seededInt(seed, "ex1:floor2", 1, 4) / 10];
  // "Reaches" means at least: a floor exactly at a model's share at 64 tells >= from >.
  const shares = Object.values(referenceToolCosts(part, 0)).filter((cost) => cost.askedAt64 > 0);
  const share = shares[seededInt(seed, "ex1:at-floor", 0, Math.max(0, shares.length - 1))];
  const atFloor =
    share === undefined
      ? []
      : [
          {
            label: `the same ${part.length} rows, with the floor exactly at the share routed right at 64 (${share.rightAt64}/${share.askedAt64})`,
            args: [part, share.rightAt64 / share.askedAt64],
            expected: referenceToolCosts(part, share.rightAt64 / share.askedAt64),
          },
        ];
  return [
    {
      label: `the baseline receipt's ${rows.length} rows, floor ${floors[0]}`,
      args: [rows, floors[0]],
      expected: referenceToolCosts(rows, floors[0]!),
    },
    {
      label: `its ${part.length} rows without size ${dropSize} and ${dropped.size} requests, floor ${floors[1]}`,
      args: [part, floors[1]],
      expected: referenceToolCosts(part, floors[1]!),
    },
    ...atFloor,
  ];
}

export const TOOL_COST_EXERCISE: AnalysisExercise = {
  name: "exercise 1: where routing recovers",
  title: "tokens per tool and routing at 64 match the reference analysis of the same rows",
  cases: toolCostCases,
  hints: {
    tokensPerTool:
      "what one more tool costs is the slope of the least-squares line through every (tools offered, prompt tokens) point, one per row, " +
      "over the rows that offered every catalog tool under native tool calling: not the line through the two ends, not another protocol's rows, not a search's few tools.",
    rightAt64:
      "routing at 64 counts the requests that need a tool, asked with all 64 tools offered under native tool calling, both catalog kinds (unrelated and confusable) pooled; " +
      "a search's rows have size 64 too, but were offered only a few tools, so they stay out.",
    askedAt64:
      "count the requests that need a tool (expected is a tool's name), asked with every one of 64 tools offered, under native tool calling, both catalog kinds pooled.",
    recovers:
      "routing recovers for a model when the share it routed right at 64 tools (right / asked) reaches the floor you were given: a share exactly at the floor reaches it.",
  },
  shapeHint: "return one entry per model in the rows: { [model]: { tokensPerTool, rightAt64, askedAt64, recovers } }.",
  summary: (cases) => {
    const first = cases[0]!.expected as ToolCosts;
    return Object.entries(first)
      .map(
        ([model, cost]) =>
          `${model}: ${cost.tokensPerTool?.toFixed(1) ?? "no"} tokens per tool, ${cost.rightAt64}/${cost.askedAt64} right at 64`,
      )
      .join("; ");
  },
};

/** Exercise 1's one check, wherever the learner's function runs (`run`), on the seed's inputs. */
export function judgeToolCosts(run: AnswerRunner, seed: number, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeAnalysis(TOOL_COST_EXERCISE, run, seed, style);
}

/** Exercise 1 in the notebook: the learner's toolCosts(rows, floor), run here, on the public inputs. */
export function checkToolCosts(toolCosts: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeToolCosts((args) => runHere(toolCosts, args), 0, style);
}
