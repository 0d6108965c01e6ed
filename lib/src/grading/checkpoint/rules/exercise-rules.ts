// The optional exercise section, graded from the learner's own work: the learner's package
// exports exercise1 ... exercise7 (learner/src/exercises/exN.ts, one file each; the stubs throw
// "not implemented"). Each rule needs its own export, so a file that does not compile fails its
// exercise, and only that one. The host calls each and sends back plain data; the exercise checks run here, in
// the grader, on that data, by the notebook's own checks. Exercises 1, 2, 3 and 6 are analyses: the
// grader makes the inputs (varied by --seed), the host calls the learner's function on each, and
// the grader compares with the reference analysis. Exercises 4, 5 and 7 run the learner's function
// on trials given as plain data (scripted pages, servers, replies; exercise 7's scripted probe
// answers, their legacy codes varied by --seed) and judge the outcomes here. An exercise still a stub scores 0 and says
// "not attempted".
import type { AnswerRunner } from "../../../exercises/analysis-judge.js";
import { judgeToolCosts } from "../../../exercises/ex1-recovery/check.js";
import { judgeDeclineCounts } from "../../../exercises/ex2-decline/check.js";
import { judgeLoopRecovery } from "../../../exercises/ex3-loop/check.js";
import { judgePurchaseCounts } from "../../../exercises/ex6-hostile/check.js";
import { judgeCursorLoop, type CursorOutcome, type CursorTrial } from "../../../exercises/ex4-cursor-loop/check.js";
import {
  judgeOutstandingTable,
  type InFlightOutcome,
  type InFlightTrial,
} from "../../../exercises/ex5-in-flight/check.js";
import { judgeDualEraTrials } from "../../../exercises/ex7-dual-era/check.js";
import type { DualEraOutcome, ProbeScript } from "../../../exercises/ex7-dual-era/probe-trial.js";
import { EXERCISES, exerciseTitle, type ExerciseNumber } from "../../../exercises/exercise-list.js";
import { failRule, type Demand, type ProbeAnswer, type ProbeError, type Rule, type RuleContext } from "./types.js";
import { fromWire, toWire } from "./wire.js";

type ExerciseName = `exercise${number}`;

/** The learner's exercise function, called in the host on plain inputs, its outcome handed back as plain data. */
function inHost(context: RuleContext, name: ExerciseName): AnswerRunner {
  return async (args) => {
    const answer = await context.ask({ op: "call", fn: name as never, args: args.map((arg) => toWire(arg)) }, 30_000);
    // A missing export reads as a stub does: not attempted.
    if (!answer.ok && answer.error.name === "MissingExport")
      return { error: { name: "MissingExport", message: `not implemented (${answer.error.message})` } };
    if (!answer.ok) return { error: { name: answer.error.name, message: answer.error.message } };
    return { value: fromWire(answer.value) };
  };
}

type TrialOp = "exercise.cursorTrial" | "exercise.inFlightTrial" | "exercise.dualEraTrial";

/**
 * The learner's function run in the host on one trial given as plain data (`op`), its outcome
 * handed back. A missing export is "not attempted"; any other failure of the host's run becomes
 * the outcome `failed` makes of it, for the check to judge.
 */
function trialInHost<Trial, Outcome>(
  context: RuleContext,
  name: ExerciseName,
  op: TrialOp,
  failed: (error: ProbeError) => Outcome,
): (trial: Trial) => Promise<Outcome> {
  return async (trial) => {
    const answer = await context.ask({ op, fn: name, trial }, 12_000);
    if (!answer.ok && answer.error.name === "MissingExport")
      failRule(name, "your answer", 'not attempted (the stub still throws "not implemented")');
    if (!answer.ok) return failed(answer.error);
    return fromWire(answer.value) as Outcome;
  };
}

async function verdictOf(result: Promise<{ ok: boolean; output: string }>, name: string): Promise<string> {
  const { ok, output } = await result;
  if (!ok && /not implemented/iu.test(output))
    failRule(name, "your answer", 'not attempted (the stub still throws "not implemented")');
  if (!ok) failRule(name, "the exercise's check to pass", output.replace(/^FAIL [^:]+: /u, ""));
  return output.replace(/^ok /u, "");
}

/** Each exercise's task as the chapter sets it (exercise 7 is the workbook's: a client that speaks two versions). */
const EXERCISE_DEMANDS: Readonly<Record<ExerciseNumber, Demand>> = {
  1: {
    says: "Find the model size at which routing among sixty-four tools recovers, and what each extra tool costs.",
    chapterLines: [651, 653],
  },
  2: {
    says: "Let the constrained choice decline, and count the calls it should not make and the ones it declines.",
    chapterLines: [655, 657],
  },
  3: {
    says: "Search inside the loop each turn, and see whether a two-step request recovers a tool the first search missed.",
    chapterLines: [659, 661],
  },
  4: {
    says: "Follow nextCursor with a bound on pages and tools, and refuse a repeated or endless cursor.",
    chapterLines: [663, 665],
  },
  5: {
    says: "Keep a table of outstanding ids for two requests in flight, and decide what a reply after its deadline does.",
    chapterLines: [617, 667, 669],
  },
  6: {
    says: "Count how often a hostile description draws the purchase, and confirm the client refuses every one.",
    chapterLines: [671, 673],
  },
  7: {
    says: "A client that also speaks the server's version may continue when the versions differ.",
    chapterLines: [328],
  },
};

/** How each exercise's rule judges the learner's function: on the seed's inputs, the notebook's own check. */
const JUDGES: Readonly<Record<ExerciseNumber, (context: RuleContext, name: ExerciseName) => Promise<string>>> = {
  // The host runs the learner's analysis on each input; this compares with the reference analysis.
  1: (context, name) => verdictOf(judgeToolCosts(inHost(context, name), context.seed, "checkpoint"), name),
  2: (context, name) => verdictOf(judgeDeclineCounts(inHost(context, name), context.seed, "checkpoint"), name),
  3: (context, name) => verdictOf(judgeLoopRecovery(inHost(context, name), context.seed, "checkpoint"), name),
  // The host runs the learner's loop on each trial; this judges the outcomes.
  4: (context, name) => {
    const run = trialInHost<CursorTrial, CursorOutcome>(context, name, "exercise.cursorTrial", (error) => ({
      error: { name: error.name, message: error.message },
      asked: [],
    }));
    return verdictOf(
      judgeCursorLoop(run, (mode) => context.server(mode).command, context.seed, "checkpoint"),
      name,
    );
  },
  // The host runs the learner's table on each trial; this judges the outcomes.
  5: (context, name) => {
    const run = trialInHost<InFlightTrial, InFlightOutcome>(context, name, "exercise.inFlightTrial", (error) => ({
      error: { name: error.name, message: error.message, workbook: false },
      ms: 0,
    }));
    return verdictOf(
      judgeOutstandingTable(run, () => context.server("reverse").command, context.seed, "checkpoint"),
      name,
    );
  },
  6: (context, name) => verdictOf(judgePurchaseCounts(inHost(context, name), context.seed, "checkpoint"), name),
  // The host runs the learner's connect step on each script; this judges the outcomes.
  7: (context, name) => {
    const run = trialInHost<ProbeScript, DualEraOutcome>(context, name, "exercise.dualEraTrial", (error) => ({
      error: { name: error.name, message: error.message },
      asked: [],
    }));
    return verdictOf(judgeDualEraTrials(run, context.seed, "checkpoint"), name);
  },
};

/** One exercise's rule: a point for the learner's own function, judged on the seed's inputs. */
function exerciseRule(exercise: (typeof EXERCISES)[number]): Rule {
  const name: ExerciseName = `exercise${exercise.number}`;
  return {
    id: `exercise-${exercise.number}`,
    title: exerciseTitle(exercise),
    points: 1,
    // The learner's own function: when its file does not compile, this exercise fails and says so.
    needs: [name],
    pieces: [],
    dependsOn: [],
    visibility: "visible",
    seeded: true,
    where: `learner/src/exercises/ex${exercise.number}.ts: ${name}`,
    demands: [EXERCISE_DEMANDS[exercise.number]],
    freeChoices: [],
    deadlineMs: 120_000,
    // The exercise harness counts the teaching servers this process started (exercise-harness.ts):
    // beside another rule it would count, and end, that rule's servers as its own.
    alone: true,
    body: (context) => JUDGES[exercise.number](context, name),
  };
}

export const EXERCISE_RULES: readonly Rule[] = EXERCISES.map(exerciseRule);
