// Exercise 1's check: the recovery report must recompute from the receipt it came with.
import type { CheckResult } from "../../checkpoint/harness.js";
import { notYet, runExerciseCheck, type ExerciseCheckSpec, type VerdictStyle } from "../exercise-harness.js";
import { differences, receiptOf, shown } from "../compare.js";
import { recoveryReport, RECOVERY_DEFAULT_SIZE } from "./analysis.js";

function recoverySpec(report: unknown, receiptAnswer: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 1: where routing recovers",
    title: "the recovery report recomputes from the receipt",
    deadlineMs: 10_000,
    body: async () => {
      const receipt = receiptOf(receiptAnswer, "the second argument");
      const allTools = receipt.rows.filter((row) => row.search === undefined);
      const sizes = [...new Set(allTools.map((row) => row.size))].sort((a, b) => a - b);
      if (!sizes.includes(RECOVERY_DEFAULT_SIZE)) {
        notYet(
          `the receipt never offered all ${RECOVERY_DEFAULT_SIZE} tools (its sizes: ${sizes.join(", ") || "none"}), and the chapter asks where routing recovers at sixty-four. ` +
            `Hint: put ${RECOVERY_DEFAULT_SIZE} in design.sizes (or --sizes on the command line).`,
        );
      }
      if (sizes.length < 2) {
        notYet(`a cost per tool is a slope, and the receipt has one catalog size (${sizes.join(", ")}). Hint: add a smaller size, such as 8, to design.sizes.`);
      }
      if (typeof report !== "object" || report === null || !Array.isArray((report as { models?: unknown }).models)) {
        notYet(`the first argument should be recoveryReport(receipt): an object with a models list; got ${shown(report)}.`);
      }
      const expected = recoveryReport(receipt);
      const found = differences(expected, report, "report");
      if (found.length > 0) {
        notYet(
          `your report does not match recoveryReport(receipt) recomputed from the same receipt: ${found.slice(0, 3).join("; ")}. ` +
            "Hint: compute the report from the very receipt you pass here, at the default size (64).",
        );
      }
      const baseline = receipt.run.provider === "lexical" || receipt.run.provider === "scripted";
      const perModel = expected.models.map((model) => {
        const cell = model.atSize.find((c) => c.protocol === "native") ?? model.atSize[0];
        const tokens = model.costs.find((c) => c.protocol === "native")?.tokensPerTool;
        const accuracy = cell ? `${cell.right}/${cell.n} at ${cell.size} ${cell.kind} (${cell.protocol})` : `nothing at ${expected.size}`;
        return `${model.model}: ${accuracy}${tokens != null ? `, ${tokens.toFixed(1)} tokens per tool` : ""}`;
      });
      return `${perModel.join("; ")}${baseline ? `; ${receipt.run.providerLabel}` : ""}`;
    },
  };
}

/** Exercise 1: `report` must be recoveryReport(receipt) of a receipt that offered 64 tools and at least one smaller size. */
export function checkRecoveryReport(report: unknown, receipt: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(recoverySpec(report, receipt), style);
}
