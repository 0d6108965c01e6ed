// The `mcp-workbook/exercises` namespace: the chapter's six exercises, each from its own folder
// (its analysis, its check, its reference answer), and the parts they share.

// exercise 1: where routing recovers
export { recoveryReport } from "./ex1-recovery/analysis.js";
export type { RecoveryReport } from "./ex1-recovery/analysis.js";
export { toolBudgetAdvice } from "./ex1-recovery/tool-budget.js";
export { checkToolCosts, judgeToolCosts, toolCostCases } from "./ex1-recovery/check.js";
export type { ToolCosts } from "./ex1-recovery/reference.js";

// exercise 2: let the choice decline
export { declineTable, declineOutcome, formatDeclineTable } from "./ex2-decline/analysis.js";
export type { Share } from "./ex2-decline/analysis.js";
export { checkDeclineCounts, judgeDeclineCounts, declineCases } from "./ex2-decline/check.js";
export type { DeclineAnalysis } from "./ex2-decline/reference.js";
export { checkProtocolChoice, judgeProtocolChoice } from "./ex2-decline/decision.js";
export type { ProtocolCounts, RatherHave } from "./ex2-decline/decision.js";

// exercise 3: search inside the loop
export { loopScenarios, runScenario } from "./ex3-loop/scenarios.js";
export type { LoopFix } from "./ex3-loop/scenarios.js";
export { checkLoopRecovery, judgeLoopRecovery, loopRecoveryCases, TWO_STEPS } from "./ex3-loop/check.js";
export type { LoopRecovery } from "./ex3-loop/reference.js";

// exercise 4: a paginated list
export { checkCursorLoop, withLivePages, CURSOR_BOUNDS } from "./ex4-cursor-loop/check.js";
export type { AskPage, ListBounds } from "./ex4-cursor-loop/check.js";
export { referenceCursorLoop } from "./ex4-cursor-loop/reference.js";

// exercise 5: two requests in flight
export { checkOutstandingTable } from "./ex5-in-flight/check.js";
export { referenceOutstanding } from "./ex5-in-flight/reference.js";

// exercise 6: a hostile description
export { hostileOfferExperiment, HOSTILE_DEFAULT_REQUESTS, PURCHASE_TOOL } from "./ex6-hostile/hostile-offer.js";
export { checkPurchaseCounts, judgePurchaseCounts, purchaseCases } from "./ex6-hostile/check.js";
export type { PurchaseCounts } from "./ex6-hostile/reference.js";
export { checkWhatHeld, judgeWhatHeld } from "./ex6-hostile/decision.js";
export type { PurchaseGuard } from "./ex6-hostile/decision.js";

// exercise 7: the dual-era probe (the workbook's update: notebooks/since-the-chapter-2026-07-28.ipynb)
export { checkDualEra, judgeDualEra } from "./ex7-dual-era/check.js";
export { referenceConnectEitherEra } from "./ex7-dual-era/reference.js";
export type { Ask, EraChoice, ConnectEitherEra } from "./ex7-dual-era/probe-trial.js";

// shared: the analysis judge, how a check runs, the checkpoint's optional section
export { runHere } from "./analysis-judge.js";
export type { AnalysisCase, AnswerRunner } from "./analysis-judge.js";
export { exerciseChecks, runExerciseSection } from "./exercise-section.js";
