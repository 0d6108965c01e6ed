// Exercises 1 to 6: analyses, checks, scenarios and reference answers. Provisional barrel (surface
// branch): the names the package root exported from exercises/ before the root was made small; its owner shapes it.
export {
  recoveryReport, RECOVERY_DEFAULT_SIZE, parseModelSize, sortByModelSize, formatModelSize, toolBudgetAdvice,
  NONE_OF_THESE, choiceAnswer, choiceOptionsFor, isChoiceProtocol, declineTable, declineOutcome,
  formatDeclineTable, runModels, hostileOfferExperiment, HOSTILE_DEFAULT_REQUESTS, HOSTILE_ALLOWLIST, PURCHASE_TOOL,
} from "./experiment-exercises.js";
export type {
  RecoveryReport, ModelRecovery, AccuracyCell, CostFit, ToolBudgetAdvice, ToolBudgetEntry, ToolBudgetOptions,
  ChoiceOptions, DeclineCell, DeclineOutcome, Share, HostileOfferOptions, HostileOfferResult, HostileCall,
} from "./experiment-exercises.js";

export { checkRecoveryReport, checkDeclineTable, checkLoopRecovers, checkHostileRefused, IN_FLIGHT_TEXTS } from "./checks.js";
export { checkOutstandingTable, type CountInFlightOver } from "./outstanding-table.js";
export { checkCursorLoop, withLivePages, CURSOR_BOUNDS, type AskPage, type ListBounds, type ListAllTools as CursorLoop } from "./cursor-loop.js";
export { exerciseChecks, runExerciseSection } from "./exercise-section.js";
export type { ExerciseCheck } from "./exercise-section.js";
export type { VerdictStyle } from "./exercise-harness.js";
export { MAX_OFFERED_A_TURN, loopScenarios, runScenario } from "./loop-scenarios.js";
export type { LoopFix, LoopScenario, ScenarioRun } from "./loop-scenarios.js";
export {
  RECOVERY_DESIGN, DECLINE_DESIGN, REFERENCE_LOOP_FIX, referenceRecovery, referenceDecline, referenceCursorLoop, referenceOutstanding,
  obedientScript, referenceHostileOffer,
} from "./reference-solutions.js";

