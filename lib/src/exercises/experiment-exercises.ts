// Exercises 1, 2 and 6 of chapter 14, the experiment side, gathered in one place for the exercise
// notebooks: where routing recovers (several models, accuracy at 64 tools, cost per tool, advice),
// letting the choice decline (none_of_these, the six no-tool requests, false and missed calls),
// and a hostile description offered to a model behind a client that refuses the purchase.
export { recoveryReport, RECOVERY_DEFAULT_SIZE } from "../experiment/recovery.js";
export type { RecoveryReport, ModelRecovery, AccuracyCell, CostFit } from "../experiment/recovery.js";
export { parseModelSize, sortByModelSize, formatModelSize } from "../experiment/model-size.js";
export { toolBudgetAdvice } from "../experiment/tool-budget.js";
export type { ToolBudgetAdvice, ToolBudgetEntry, ToolBudgetOptions } from "../experiment/tool-budget.js";
export { accuracyByModelChart } from "../charts/accuracy-by-model-chart.js";
export type { AccuracyByModelOptions } from "../charts/accuracy-by-model-chart.js";
export { NONE_OF_THESE, choiceAnswer, choiceOptionsFor, isChoiceProtocol } from "../experiment/prompts/choice-prompt.js";
export type { ChoiceOptions } from "../experiment/prompts/choice-prompt.js";
export { declineTable, declineOutcome, formatDeclineTable } from "../experiment/decline.js";
export type { DeclineCell, DeclineOutcome, Share } from "../experiment/decline.js";
export { runModels } from "../experiment/running/runner.js";
export {
  hostileOfferExperiment, HOSTILE_DEFAULT_REQUESTS, HOSTILE_ALLOWLIST, PURCHASE_TOOL,
} from "../experiment/hostile-offer.js";
export type { HostileOfferOptions, HostileOfferResult, HostileCall } from "../experiment/hostile-offer.js";
