// A checkpoint rule for tests of the machinery that runs rules (runRules, lanes, verdicts, bounds):
// every field a rule needs, the body and what a test varies given.
import type { Rule } from "../../lib/src/grading/checkpoint/rules/types.js";

export function stubRule(id: string, body: Rule["body"], fields: Partial<Rule> = {}): Rule {
  return {
    id,
    title: `${id} holds`,
    points: 1,
    needs: [],
    pieces: ["answerFor"],
    demands: [],
    freeChoices: [],
    dependsOn: [],
    visibility: "visible",
    where: "learner/src/messages.ts",
    deadlineMs: 5000,
    body,
    ...fields,
  };
}
