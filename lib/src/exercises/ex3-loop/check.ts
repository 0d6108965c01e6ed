// Exercise 3's check: with the learner's loop options, both wordings complete both steps.
import { describeError, type CheckResult } from "../../checkpoint/harness.js";
import { notYet, runExerciseCheck, type ExerciseCheckSpec, type VerdictStyle } from "../exercise-harness.js";
import { shown } from "../compare.js";
import { loopScenarios, MAX_OFFERED_A_TURN, runScenario, type LoopFix } from "./scenarios.js";

function loopSpec(fix: unknown): ExerciseCheckSpec {
  return {
    name: "exercise 3: search inside the loop",
    title: "the loop completes both steps for both wordings, with a handful of tools a turn",
    deadlineMs: 15_000,
    body: async () => {
      if (typeof fix !== "object" || fix === null || Array.isArray(fix)) {
        notYet(`expected loop options such as { searchOn: "request" } or { keep: "used" }; got ${shown(fix)}.`);
      }
      const details: string[] = [];
      for (const scenario of loopScenarios()) {
        const run = await runScenario(scenario, fix as LoopFix).catch((error: unknown) => notYet(`runLoop refused your options: ${describeError(error)}`));
        const widest = run.transcript.turns.reduce((most, turn) => Math.max(most, turn.offered.length), 0);
        if (widest > MAX_OFFERED_A_TURN) {
          notYet(
            `for ${scenario.label}, a turn offered ${widest} tools. That recovers by giving up the search: every tool offered is text the model reads. ` +
              `Keep each turn to at most ${MAX_OFFERED_A_TURN} tools.`,
          );
        }
        if (run.ranBoth) {
          details.push(`${scenario.label}: ${run.done.join(" then ")} in ${run.transcript.turns.length} turns, at most ${widest} tools a turn`);
          continue;
        }
        const lost = run.transcript.turns.find((turn, index) => index > 0 && !turn.offered.includes("send_message_to_lucy")) ?? run.transcript.turns[0];
        notYet(
          `for ${scenario.label} the loop completed [${run.done.join(", ")}]; expected record_delivery then send_message_to_lucy. ` +
            (lost ? `Turn ${lost.turn} searched on ${JSON.stringify(lost.queries.join(" + ").slice(0, 90))} and offered [${lost.offered.join(", ")}], without send_message_to_lucy. ` : "") +
            `Hint: ${scenario.hint}`,
        );
      }
      return details.join("; ");
    },
  };
}

/** Exercise 3: with these loop options, the two-step scenario recovers for both wordings, without offering the whole catalog. */
export function checkLoopRecovers(fix: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return runExerciseCheck(loopSpec(fix), style);
}
