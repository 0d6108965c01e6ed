// Exercise 2's check: the decline table of a receipt that asked what the exercise asks.
import type { CheckResult } from "../../checkpoint/harness.js";
import { loadCatalogData } from "../../experiment/catalog/catalog.js";
import type { Protocol } from "../../experiment/receipts/receipt.js";
import { notYet, runExerciseCheck, type ExerciseCheckSpec, type VerdictStyle } from "../exercise-harness.js";
import { differences, receiptOf, shown } from "../compare.js";
import { declineTable } from "./analysis.js";

const DECLINE_PROTOCOLS: readonly Protocol[] = ["native", "choice", "choice-none"];

function declineSpec(receiptAnswer: unknown, table: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 2: let the choice decline",
    title: "false calls and missed calls are tabled for every protocol, none_of_these included",
    deadlineMs: 10_000,
    body: async () => {
      const receipt = receiptOf(receiptAnswer, "the first argument");
      const ran = new Set(receipt.rows.map((row) => row.protocol));
      const missing = DECLINE_PROTOCOLS.filter((protocol) => !ran.has(protocol));
      if (missing.length > 0) {
        notYet(
          `the receipt has no rows under ${missing.join(", ")} (it ran ${[...ran].join(", ") || "nothing"}); the exercise compares all three. ` +
            (missing.includes("choice-none") ? `Hint: "choice-none" is the constrained choice with none_of_these added; put it in design.protocols (--decline on the command line).` : "Hint: list every protocol in design.protocols."),
        );
      }
      const sixIds = loadCatalogData().noToolRequests.map((request) => request.id);
      for (const protocol of DECLINE_PROTOCOLS) {
        const asked = new Set(receipt.rows.filter((row) => row.protocol === protocol && row.expected === null).map((row) => row.requestId));
        const unasked = sixIds.filter((id) => !asked.has(id));
        if (unasked.length === sixIds.length) {
          notYet(
            `no request that needs no tool was asked under ${protocol}, so a false call cannot happen and the table cannot show one. ` +
              "Hint: runExperiment's option noToolRequests: true adds the six (--no-tool-requests on the command line).",
          );
        }
        if (unasked.length > 0) notYet(`under ${protocol}, the requests ${unasked.join(", ")} (of the six that need no tool) were never asked.`);
      }
      if (!Array.isArray(table)) notYet(`the second argument should be declineTable(receipt), a list of lines; got ${shown(table)}.`);
      const found = differences(declineTable(receipt), table, "table");
      if (found.length > 0) {
        notYet(`your table does not match declineTable(receipt) from the same receipt: ${found.slice(0, 3).join("; ")}.`);
      }
      const cells = declineTable(receipt);
      const model = cells[0]?.model;
      const summary = cells
        .filter((cell) => cell.model === model)
        .map((cell) => `${cell.protocol}: ${cell.falseCalls}/${cell.noToolAsked} false, ${cell.missedCalls}/${cell.toolAsked} missed`);
      return `${model}: ${summary.join("; ")}`;
    },
  };
}

/** Exercise 2: the receipt ran native, choice and choice-none with the six no-tool requests, and `table` is declineTable(receipt). */
export function checkDeclineTable(receipt: unknown, table: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(declineSpec(receipt, table), style);
}
