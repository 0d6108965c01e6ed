// Exercise 3's check: the learner's loopRecovery(transcript, steps) against the reference analysis,
// on transcripts of the search-every-turn loop (runLoop with in-process shop tools and scripted
// models, not language models): both wordings, loop options that recover and ones that do not, a
// model that calls a tool it was not offered, and one that does the steps out of order.
import { runLoop } from "../../agent/loop.js";
import { finalText, scriptedModel, toolCall } from "../../agent/scripted-model.js";
import { inProcessExecutor } from "../../agent/executors.js";
import { shopHandlers } from "../../agent/shop-handlers.js";
import type { Transcript } from "../../agent/transcript.js";
import {
  DELIVERY_ARGS,
  MESSAGE_ARGS,
  TWO_STEP_REQUEST,
  TWO_STEP_REQUEST_TERSE,
  twoStepCatalog,
} from "../../agent/two-step.js";
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
import { referenceLoopRecovery, type LoopRecovery } from "./reference.js";
import { loopScenarios, runScenario, type LoopFix } from "./scenarios.js";

/** The two-step request's steps, in its order. */
export const TWO_STEPS: readonly string[] = ["record_delivery", "send_message_to_lucy"];

const FIXES: ReadonlyArray<[string, LoopFix]> = [
  ["the plain loop", {}],
  ['searchOn "request"', { searchOn: "request" }],
  ['keep "offered"', { keep: "offered" }],
  ["searchTool", { searchTool: true }],
];

/** A scripted run of the loop over the two-step catalog: `calls` in turn, then a final text. */
async function scriptedRun(
  request: string,
  calls: ReadonlyArray<[string, Record<string, unknown>]>,
  fix: LoopFix,
): Promise<Transcript> {
  const catalog = twoStepCatalog();
  return runLoop(request, {
    ...fix,
    tools: catalog,
    allowed: catalog.map((tool) => tool.name),
    model: scriptedModel([
      ...calls.map(
        ([name, args]) =>
          () =>
            toolCall(name, args),
      ),
      () => finalText("Done: the delivery is recorded and Lucy has been told."),
    ]),
    executor: inProcessExecutor(shopHandlers()),
  });
}

/** The inputs: the seed picks how many tools a search offers and which option runs on which wording. */
export async function loopRecoveryCases(seed: number): Promise<AnalysisCase[]> {
  const m = seededInt(seed, "ex3:m", 5, 6);
  const runs: Array<[string, Transcript]> = [];
  const scenarios = loopScenarios();
  for (const [index, [label, fix]] of FIXES.entries()) {
    const scenario = scenarios[(index + seededInt(seed, "ex3:wording", 0, 1)) % scenarios.length]!;
    runs.push([
      `${label} on ${scenario.label}, ${m} tools a search`,
      (await runScenario(scenario, { ...fix, m })).transcript,
    ]);
  }
  const terse = seededInt(seed, "ex3:reckless", 0, 1) === 1;
  runs.push([
    `a model that calls send_message_to_lucy whether offered or not, on ${terse ? "the terse wording" : "the chapter's wording"}`,
    await scriptedRun(
      terse ? TWO_STEP_REQUEST_TERSE : TWO_STEP_REQUEST,
      [
        ["record_delivery", { ...DELIVERY_ARGS }],
        ["send_message_to_lucy", { ...MESSAGE_ARGS }],
      ],
      { m },
    ),
  ]);
  runs.push([
    "a model that messages Lucy before recording the delivery, the request searched every turn",
    await scriptedRun(
      TWO_STEP_REQUEST,
      [
        ["send_message_to_lucy", { ...MESSAGE_ARGS }],
        ["record_delivery", { ...DELIVERY_ARGS }],
      ],
      { searchOn: "request", m },
    ),
  ]);
  return runs.map(([label, transcript]) => ({
    label: `the transcript of ${label}`,
    args: [transcript, TWO_STEPS],
    expected: referenceLoopRecovery(transcript, TWO_STEPS),
  }));
}

export const LOOP_RECOVERY_EXERCISE: AnalysisExercise = {
  name: "exercise 3: search inside the loop",
  title: "what each loop run got done matches the reference analysis of its transcript",
  cases: loopRecoveryCases,
  hints: {
    done:
      "a step is done when its call ran and answered with a result. A call the loop refused (the tool was not offered that turn) never ran, " +
      "and search_tools is the loop's own tool, not one of the request's steps.",
    recovered:
      'the loop recovered when every step got done, in the request\'s order. A final text that says "done" does not make it so.',
    firstMissing:
      "compare position by position: the first step done must be the first step asked, the second the second. The first missing step is the one asked for " +
      "at the first position where they differ or nothing was done: steps done in the order send, record leave record missing, though both ran. null when the loop recovered.",
  },
  shapeHint:
    "return { done: string[], recovered: boolean, firstMissing: string | null } for the transcript and the steps you are given.",
  summary: (cases) =>
    cases
      .map((each) => {
        const answer = each.expected as LoopRecovery;
        return `${answer.recovered ? "recovered" : `lost ${answer.firstMissing}`}`;
      })
      .join(", ") + ` over ${cases.length} transcripts`,
};

/** Exercise 3's one check, wherever the learner's function runs (`run`), on the seed's inputs. */
export function judgeLoopRecovery(
  run: AnswerRunner,
  seed: number,
  style: VerdictStyle = "learner",
): Promise<CheckResult> {
  return judgeAnalysis(LOOP_RECOVERY_EXERCISE, run, seed, style);
}

/** Exercise 3 in the notebook: the learner's loopRecovery(transcript, steps), run here, on the public inputs. */
export function checkLoopRecovery(loopRecovery: unknown, style: VerdictStyle = "learner"): Promise<CheckResult> {
  return judgeLoopRecovery((args) => runHere(loopRecovery, args), 0, style);
}
