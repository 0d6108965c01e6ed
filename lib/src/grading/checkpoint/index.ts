export { REFERENCE_IMPLEMENTATION, IMPLEMENTATION_NAMES, type Implementation } from "../trials/implementation.js";
export { CheckFailure, fail, type Verdict } from "../trials/harness.js";
/** The one failure shape under the name hidden rules written for earlier checkpoints throw. */
export { CheckFailure as RuleFailure } from "../trials/harness.js";
export { RULES, ruleById, lastPiece, rulesOfPiece, rulesUsing, rulesForPieces } from "./rules/index.js";
export { EXERCISE_RULES } from "./rules/exercise-rules.js";
export { runRules, verdictLine } from "./rules/run.js";
export { feedback, rulesFor, type Feedback } from "./rules/feedback.js";
export { inProcessProbe } from "./rules/in-process.js";
export { type Pieces } from "./rules/answer.js";
export { failRule, notApplicable, type Rule, type RuleContext, type RuleVerdict, type Probe } from "./rules/types.js";
export { gradeImplementation, type GradeReport } from "./grade-implementation.js";
export { gradeResultsJson, gradeJunitXml, reportHeader } from "./grade-report.js";
export { OBSERVATIONS, summarize, summaryLines, colourLine, countLine } from "./summary.js";
