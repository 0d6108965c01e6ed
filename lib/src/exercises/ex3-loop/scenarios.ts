// Exercise 3's scenarios: the two-step request (record a delivery, then message Lucy) in the
// chapter's wording and in a terser one, each run through runLoop with the learner's options, the
// scripted two-step model, the 64-tool confusable catalog and in-process shop tools.
import { inProcessExecutor, type RecordingExecutor } from "../../agent/executors.js";
import { runLoop } from "../../agent/loop.js";
import type { LoopOptions } from "../../agent/options.js";
import { shopHandlers } from "../../agent/shop-handlers.js";
import { completedCalls, type Transcript } from "../../agent/transcript.js";
import { TWO_STEP_REQUEST, TWO_STEP_REQUEST_TERSE, twoStepCatalog, twoStepModel } from "../../agent/two-step.js";

/** What a learner may change about the loop; the check supplies the tools, the allowlist, the model and the executor. */
export type LoopFix = Partial<Pick<LoopOptions, "m" | "maxTurns" | "score" | "searchOn" | "keep" | "searchTool">>;

const FIX_KEYS = ["m", "maxTurns", "score", "searchOn", "keep", "searchTool"] as const;

export type LoopScenario = { readonly label: string; readonly request: string; readonly hint: string };

export function loopScenarios(): LoopScenario[] {
  return [
    {
      label: "the chapter's wording",
      request: TWO_STEP_REQUEST,
      hint:
        "after the first call, the plain loop searches on the delivery's result, which never mentions Lucy. " +
        "Search on the request as well (searchOn), keep tools already offered (keep), or let the model search in its own words (searchTool).",
    },
    {
      label: "the terse wording",
      request: TWO_STEP_REQUEST_TERSE,
      hint:
        '"phone the boss" shares only the word "phone" with send_message_to_lucy, so searches on the request alone leave it out of the top five. ' +
        "Only the model knows it now needs a messaging tool: let it search in its own words (searchTool: true).",
    },
  ];
}

export type ScenarioRun = {
  transcript: Transcript;
  executor: RecordingExecutor;
  /** Calls that ran and answered, search_tools included. */
  done: string[];
  /** The shop's tools ran exactly record_delivery, then send_message_to_lucy. */
  ranBoth: boolean;
};

/** Runs one scenario with the learner's options (fields other than LoopFix's are ignored). */
export async function runScenario(scenario: LoopScenario, fix: LoopFix): Promise<ScenarioRun> {
  const chosen: Record<string, unknown> = {};
  for (const key of FIX_KEYS) if (fix[key] !== undefined) chosen[key] = fix[key];
  const catalog = twoStepCatalog();
  const executor = inProcessExecutor(shopHandlers());
  const transcript = await runLoop(scenario.request, {
    ...(chosen as LoopFix),
    tools: catalog,
    allowed: catalog.map((tool) => tool.name),
    model: twoStepModel(),
    executor,
  });
  const ran = executor.calls.map((call) => call.name);
  return {
    transcript,
    executor,
    done: completedCalls(transcript),
    ranBoth: ran.join(",") === "record_delivery,send_message_to_lucy",
  };
}
