export {
  REFERENCE_IMPLEMENTATION,
  IMPLEMENTATION_NAMES,
  missingExports,
  type Implementation,
  type ClientUnderTest,
} from "./implementation.js";
export { CheckFailure, type CheckResult } from "./harness.js";
export { RULES, PIECES, ruleById } from "./rules/index.js";
export { EXERCISE_RULES } from "./rules/exercise-rules.js";
export { runRules, verdictLine, type ProbeSession, type RunOptions } from "./rules/run.js";
export { feedback, rulesFor, type Feedback, type FeedbackOptions } from "./rules/feedback.js";
export { inProcessProbe } from "./rules/in-process.js";
export { answerProbe, ProbeState, type Pieces } from "./rules/answer.js";
export {
  RuleFailure,
  RuleNotApplicable,
  failRule,
  notApplicable,
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
