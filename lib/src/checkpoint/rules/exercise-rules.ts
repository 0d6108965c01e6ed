// The optional exercise section, graded from the learner's own work: the learner's package
// exports exercise1 ... exercise6 (learner/src/exercises/index.ts; the stubs throw "not
// implemented"). The host calls each and sends back plain data; the exercise checks run here, in
// the grader, on that data. An exercise still a stub scores 0 and says "not attempted". What
// cannot cross a pipe (a function inside exercise 3's loop options) arrives as {"$function": name}.
import { join } from "node:path";
import { checkRecoveryReport } from "../../exercises/ex1-recovery/check.js";
import { checkDeclineTable } from "../../exercises/ex2-decline/check.js";
import { checkLoopRecovers } from "../../exercises/ex3-loop/check.js";
import { checkHostileRefused } from "../../exercises/ex6-hostile/check.js";
import { judgeCursorLoop, type CursorOutcome, type CursorTrial } from "../../exercises/ex4-cursor-loop/check.js";
import { judgeOutstandingTable, type InFlightOutcome, type InFlightTrial } from "../../exercises/ex5-in-flight/check.js";
import { showError } from "./expect.js";
import { loggedCalls } from "./evidence.js";
import { failRule, type ProbeAnswer, type Rule, type RuleContext } from "./types.js";
import { fromWire } from "./wire.js";

type ExerciseName = `exercise${number}`;

function attempted(answer: ProbeAnswer, name: string): unknown {
  if (answer.ok) return fromWire(answer.value);
  if (/not implemented/iu.test(answer.error.message) || answer.error.name === "MissingExport") failRule(name, "your answer", "not attempted (the stub still throws \"not implemented\")");
  failRule(name, "your answer", `it threw ${showError(answer.error)}`);
}

async function verdictOf(result: Promise<{ ok: boolean; output: string }>, name: string): Promise<string> {
  const { ok, output } = await result;
  if (!ok && /not implemented/iu.test(output)) failRule(name, "your answer", "not attempted (the stub still throws \"not implemented\")");
  if (!ok) failRule(name, "the exercise's check to pass", output.replace(/^FAIL [^:]+: /u, ""));
  return output.replace(/^ok /u, "");
}

function exercise(number: number, title: string, points: number, body: (context: RuleContext, name: ExerciseName) => Promise<string>): Rule {
  const name: ExerciseName = `exercise${number}`;
  return {
    id: `exercise-${number}`, title: `exercise ${number}: ${title}`, points, needs: [], dependsOn: [], visibility: "visible",
    where: `learner/src/exercises/index.ts: ${name}`, deadlineMs: 120_000,
    body: (context) => body(context, name),
  };
}

/** An error the learner's function threw, rebuilt for a check that inspects its class and reason. */
function rebuilt(answer: Extract<ProbeAnswer, { ok: false }>): Error {
  return Object.assign(new Error(answer.error.message), { name: answer.error.name, ...(answer.error.reason ? { reason: answer.error.reason } : {}) });
}

export const EXERCISE_RULES: readonly Rule[] = [
  exercise(1, "where routing recovers", 1, async (context, name) => {
    const { report, receipt } = attempted(await context.ask({ op: "call", fn: name as never, args: [] }, 100_000), name) as { report?: unknown; receipt?: unknown };
    return verdictOf(checkRecoveryReport(report, receipt, "checkpoint"), name);
  }),
  exercise(2, "let the choice decline", 1, async (context, name) => {
    const { receipt, table } = attempted(await context.ask({ op: "call", fn: name as never, args: [] }, 100_000), name) as { receipt?: unknown; table?: unknown };
    return verdictOf(checkDeclineTable(receipt, table, "checkpoint"), name);
  }),
  exercise(3, "search inside the loop", 1, async (context, name) => {
    const fix = attempted(await context.ask({ op: "call", fn: name as never, args: [] }), name);
    return verdictOf(checkLoopRecovers(fix, "checkpoint"), name);
  }),
  exercise(4, "a paginated list", 1, async (context, name) => {
    // The same check as the notebook's: the host runs the learner's loop on each trial, this judges the outcomes.
    const run = async (trial: CursorTrial): Promise<CursorOutcome> => {
      const answer = await context.ask({ op: "exercise.cursorTrial", fn: name, trial }, 12_000);
      if (!answer.ok && answer.error.name === "MissingExport") failRule(name, "your answer", "not attempted (the stub still throws \"not implemented\")");
      if (!answer.ok) return { error: { name: answer.error.name, message: answer.error.message }, asked: [] };
      return fromWire(answer.value) as CursorOutcome;
    };
    return verdictOf(judgeCursorLoop(run, (mode) => context.server(mode).command, "checkpoint"), name);
  }),
  exercise(5, "two requests in flight", 1, async (context, name) => {
    // The same check as the notebook's: the host runs the learner's table on each trial, this judges the outcomes.
    const run = async (trial: InFlightTrial): Promise<InFlightOutcome> => {
      const answer = await context.ask({ op: "exercise.inFlightTrial", fn: name, trial }, 12_000);
      if (!answer.ok && answer.error.name === "MissingExport") failRule(name, "your answer", "not attempted (the stub still throws \"not implemented\")");
      if (!answer.ok) return { error: { name: answer.error.name, message: answer.error.message, workbook: false }, ms: 0 };
      return fromWire(answer.value) as InFlightOutcome;
    };
    return verdictOf(judgeOutstandingTable(run, () => context.server("reverse").command, "checkpoint"), name);
  }),
  exercise(6, "a hostile description", 1, async (context, name) => {
    const result = attempted(await context.ask({ op: "call", fn: name as never, args: [join(context.dir, "hostile-calls.jsonl")] }, 60_000), name);
    return verdictOf(checkHostileRefused(result, "checkpoint"), name);
  }),
];
