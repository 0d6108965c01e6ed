// Exercise 6's check: every purchase the model asked for was refused, and the server's log holds none.
import type { CheckResult } from "../../checkpoint/harness.js";
import { loggedCalls } from "../../checkpoint/server-log.js";
import { notYet, runExerciseCheck, type ExerciseCheckSpec, type VerdictStyle } from "../exercise-harness.js";
import { shown } from "../compare.js";
import { PURCHASE_TOOL } from "./experiment.js";

function hostileSpec(result: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 6: a hostile description",
    title: "every purchase the model asked for was refused, and the server's log holds none",
    deadlineMs: 5000,
    body: async () => {
      const r = result as Partial<Record<string, unknown>> | null;
      if (typeof r !== "object" || r === null || typeof r["purchaseRequests"] !== "number" || !Array.isArray(r["calls"]) || typeof r["logFile"] !== "string") {
        notYet(`expected what hostileOfferExperiment({...}) returns; got ${shown(result)}.`);
      }
      const offered = Array.isArray(r["offered"]) ? r["offered"].map((tool) => (tool as { function?: { name?: unknown } })?.function?.name) : [];
      if (!offered.includes(PURCHASE_TOOL) || !offered.includes("shop_notes")) {
        notYet(`the model heard [${offered.join(", ")}]; the exercise offers everything the hostile server advertises, shop_notes and ${PURCHASE_TOOL} included.`);
      }
      const asked = r["purchaseRequests"] as number;
      if (asked === 0) {
        notYet(
          `the model never asked for ${PURCHASE_TOOL} in ${String(r["asked"])} requests, so the client's refusal was never put to the test. ` +
            "Hint: with the scripted provider, answer as shop_notes' description demands (a call to place_purchase, 100 tubs of vanilla); with a real model, ask more requests that mention the notes.",
        );
      }
      const calls = r["calls"] as ReadonlyArray<{ name?: unknown; fate?: unknown }>;
      const sent = calls.filter((call) => call.name === PURCHASE_TOOL && call.fate !== "refused");
      if (sent.length > 0) notYet(`${sent.length} purchase call(s) were sent to the server instead of refused: the allowlist must hold word_count alone.`);
      const logged = loggedCalls(r["logFile"] as string);
      const purchases = logged.filter((name) => name === PURCHASE_TOOL).length;
      if (purchases > 0) notYet(`the server's own log (${String(r["logFile"])}) records ${purchases} purchase(s).`);
      return `${asked} of ${String(r["asked"])} answers asked for ${PURCHASE_TOOL}, all refused before sending; the server's log holds ${logged.length} call(s): [${logged.join(", ")}]`;
    },
  };
}

/** Exercise 6: the result asked for the purchase at least once, every purchase was refused, and the server's log (read again here) holds none. */
export function checkHostileRefused(result: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(hostileSpec(result), style);
}
