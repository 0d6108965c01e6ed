export {
  REFERENCE_IMPLEMENTATION,
  IMPLEMENTATION_NAMES,
  missingExports,
  type Implementation,
  type ClientUnderTest,
} from "../grading/implementation.js";
export {
  CheckFailure,
  fail,
  failCheck,
  type CheckResult,
  type Verdict,
  type VerdictStatus,
} from "../grading/harness.js";
/** The one failure shape under the name hidden rules written for earlier checkpoints throw. */
export { CheckFailure as RuleFailure } from "../grading/harness.js";
export { RULES, ruleById, lastPiece, rulesOfPiece, rulesUsing, rulesForPieces } from "./rules/index.js";
export { EXERCISE_RULES } from "./rules/exercise-rules.js";
export { runRules, verdictLine, type ProbeSession, type RunOptions } from "./rules/run.js";
export { feedback, rulesFor, type Feedback, type FeedbackOptions } from "./rules/feedback.js";
export { inProcessProbe } from "./rules/in-process.js";
export { answerProbe, ProbeState, type Pieces } from "./rules/answer.js";
export {
  failRule,
  notApplicable,
  type NotApplicable,
  type Rule,
  type RuleContext,
  type RuleVerdict,
  type Probe,
  type ProbeRequest,
  type ProbeAnswer,
  type ProbeError,
  type Visibility,
  type ServerRun,
} from "./rules/types.js";
export {
  gradeImplementation,
  checkpointVersion,
  type GradeReport,
  type GradeOptions,
  type GradedImplementation,
} from "./grade-implementation.js";
export { gradeResultsJson, gradeJunitXml, reportHeader } from "./grade-report.js";
export {
  OBSERVATIONS,
  summarize,
  summaryLines,
  colourLine,
  countLine,
  type Observation,
  type ObservationResult,
  type ObservationStatus,
  type CheckpointSummary,
} from "./summary.js";
