// The experiment namespace (mcp-workbook/experiment): Part A's catalog, providers, prompts, runner,
// receipts and the analyses the Part A notebook shows. Every name is listed: adding one here is
// adding public API. The exercises' analyses (decline, recovery, hostile offer, model size, tool
// budget) are the exercises' namespace, not this one.

// --- catalog: the tools offered and the requests asked ---
export {
  loadCatalogData,
  defaultCatalogDir,
  buildCatalog,
  confusableOrder,
  shuffledFor,
  requestSeed,
  requestCatalog,
  catalogHash,
} from "./catalog/catalog.js";
export type { CatalogData } from "./catalog/catalog.js";
export { SHOP_TOOL_NAMES, CATALOG_KINDS, CATALOG_SIZES } from "./catalog/catalog-schema.js";
export type {
  CatalogSize,
  CatalogRequest,
  CatalogTool,
  ConfusableTool,
  NoToolRequest,
} from "./catalog/catalog-schema.js";
export { catalogTokenSizes, type CatalogTokenSize } from "./catalog/catalog-size.js";

// --- prompts: how the tools are put to a model ---
export {
  choicePrompt,
  choiceSchema,
  choiceAnswer,
  choiceOptionsFor,
  isChoiceProtocol,
  NONE_OF_THESE,
  type ChoiceOptions,
} from "./prompts/choice-prompt.js";
export { renderQwen25Native, renderQwen25Choice } from "./prompts/qwen-template.js";
export { countQwenTokens, QWEN_TOKENIZER_LABEL } from "./prompts/qwen-tokens.js";

// --- providers: what answers (Ollama, Anthropic, the lexical baseline, a script) ---
export type { Ask, Reply, Provider, ProviderName } from "./providers/provider.js";
export { scriptedProvider, type Script, type ScriptStep } from "./providers/scripted-provider.js";
export {
  lexicalProvider,
  lexicalAnswer,
  LEXICAL_LABEL,
  LEXICAL_DEFAULT_MODEL,
  LEXICAL_DEFAULT_MIN_SCORE,
  type LexicalOptions,
} from "./providers/lexical-provider.js";
export { ollamaProvider, type OllamaOptions } from "./providers/ollama-provider.js";
export { toOllamaRequest, fromOllamaResponse, ollamaUnloadRequest } from "./providers/ollama-wire.js";
export { anthropicProvider, type AnthropicOptions } from "./providers/anthropic-provider.js";
export { toAnthropicRequest, fromAnthropicResponse } from "./providers/anthropic-wire.js";
export { ANTHROPIC_REQUEST_RULES, requestRuleFor, type AnthropicRequestRule } from "./providers/anthropic-rules.js";
export { ANTHROPIC_PRICES, priceFor, costUsd } from "./providers/prices.js";

// --- running: designs, the runner, its progress line, the dry run, the protocol's own cost ---
export {
  ALL_KINDS,
  ALL_SIZES,
  ALL_PROTOCOLS,
  CHAPTER_SEARCH_CATALOGS,
  conditionsOf,
  type Design,
  type Condition,
  type SearchSpec,
} from "./running/design.js";
export { runExperiment, runModels, type RunOptions, type RunResult, type Progress } from "./running/runner.js";
export { progressLine, terminalProgress } from "./running/progress.js";
export { dryRunPlan, formatDryRun, CLAUDE_TOKEN_FACTOR, type DryRunPlan } from "./running/dry-run.js";
export { measureProtocolCost, ProtocolCostReceiptSchema, type ProtocolCostReceipt } from "./running/protocol-cost.js";

// --- receipts: the rows, their tables, the file ---
export {
  RECEIPT_SCHEMA,
  ReceiptSchema,
  RowSchema,
  TablesSchema,
  AnswerSchema,
  classify,
  type Receipt,
  type Row,
  type Run,
  type Tables,
  type ConditionCell,
  type TokenFit,
  type Answer,
  type Outcome,
  type Protocol,
  type Price,
} from "./receipts/receipt.js";
export { summarize, searchLabel, makeReceipt } from "./receipts/summarize.js";
export {
  loadReceipt,
  parseReceipt,
  writeReceipt,
  checkReceiptRows,
  RECEIPT_MAX_BYTES,
  type ReceiptLoadOptions,
} from "./receipts/receipt-file.js";
export { ReceiptTablesMismatchError } from "./receipts/receipt-tables-mismatch-error.js";

// --- the chapter's "In a coding agent", measured with our own tools; comparisons computed from both numbers ---
export {
  listingTokens,
  tokenBoundsInBytes,
  comparedWithChapter,
  type ListingTokens,
  type TokenBound,
} from "./analysis/coding-agent.js";
// --- analysis: what the Part A notebook computes from receipts and the catalog ---
export {
  checkTables,
  toolTokenCost,
  pairedOutcomes,
  searchTools,
  searchRecall,
  quoteFigure,
  compareRerun,
} from "./analysis/part-a.js";
export { sharedPrefixLength, promptPrefixByOrder, type PrefixFigures } from "./analysis/prompt-prefix.js";
export type {
  TablesCheck,
  ToolTokenCost,
  ConditionSelector,
  PairedOutcomes,
  ScoredTool,
  SearchRecall,
  RerunComparison,
} from "./analysis/part-a.js";
