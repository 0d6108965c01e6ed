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
export { SHOP_TOOL_NAMES, CATALOG_SIZES } from "./catalog/catalog-schema.js";
export type { CatalogSize } from "./catalog/catalog-schema.js";
export { catalogTokenSizes } from "./catalog/catalog-size.js";

// --- prompts: how the tools are put to a model ---
export { choicePrompt, choiceSchema, choiceAnswer, NONE_OF_THESE } from "./prompts/choice-prompt.js";
export { renderQwen25Native, renderQwen25Choice } from "./prompts/qwen-template.js";
export { countQwenTokens, QWEN_TOKENIZER_LABEL } from "./prompts/qwen-tokens.js";

// --- providers: what answers (Ollama, Anthropic, the lexical baseline, a script) ---
export type { Ask, Reply, Provider, ProviderName } from "./providers/provider.js";
export { scriptedProvider } from "./providers/scripted-provider.js";
export {
  lexicalProvider,
  lexicalAnswer,
  LEXICAL_DEFAULT_MODEL,
  LEXICAL_DEFAULT_MIN_SCORE,
} from "./providers/lexical-provider.js";
export { ollamaProvider } from "./providers/ollama-provider.js";
export { toOllamaRequest, fromOllamaResponse, ollamaUnloadRequest } from "./providers/ollama-wire.js";
export { anthropicProvider } from "./providers/anthropic-provider.js";
export { toAnthropicRequest, fromAnthropicResponse } from "./providers/anthropic-wire.js";
export { ANTHROPIC_REQUEST_RULES, requestRuleFor } from "./providers/anthropic-rules.js";
export { ANTHROPIC_PRICES, priceFor, costUsd } from "./providers/prices.js";

// --- running: designs, the runner, its progress line, the dry run, the protocol's own cost ---
export {
  ALL_KINDS,
  ALL_SIZES,
  ALL_PROTOCOLS,
  CHAPTER_SEARCH_CATALOGS,
  type Design,
  type SearchSpec,
} from "./running/design.js";
export { runExperiment, type Progress } from "./running/runner.js";
export { progressLine, terminalProgress } from "./running/progress.js";
export { dryRunPlan, formatDryRun, CLAUDE_TOKEN_FACTOR } from "./running/dry-run.js";
export { measureProtocolCost, ProtocolCostReceiptSchema } from "./running/protocol-cost.js";

// --- receipts: the rows, their tables, the file ---
export {
  classify,
  type Receipt,
  type Row,
  type Run,
  type Tables,
  type Answer,
  type Outcome,
  type Protocol,
} from "./receipts/receipt.js";
export { summarize, makeReceipt } from "./receipts/summarize.js";
export { loadReceipt, parseReceipt, writeReceipt } from "./receipts/receipt-file.js";
export { ReceiptTablesMismatchError } from "./receipts/receipt-tables-mismatch-error.js";

// --- the chapter's "In a coding agent", measured with our own tools; comparisons computed from both numbers ---
export { listingTokens, tokenBoundsInBytes, comparedWithChapter } from "./analysis/coding-agent.js";
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
export { sharedPrefixLength, promptPrefixByOrder } from "./analysis/prompt-prefix.js";
