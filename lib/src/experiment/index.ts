// Part A: the catalog, providers, the runner and receipts. Provisional barrel (surface branch): the
// names the package root exported from experiment/ before the root was made small; its owner shapes it.
export { loadCatalogData, defaultCatalogDir, buildCatalog, confusableOrder, shuffledFor, requestSeed, requestCatalog, catalogHash, SHOP_TOOL_NAMES, CATALOG_KINDS, CATALOG_SIZES, type CatalogData, type CatalogSize, type CatalogRequest, type CatalogTool, type ConfusableTool, type NoToolRequest } from "./catalog-index.js";
export { RECEIPT_SCHEMA, ReceiptSchema, RowSchema, TablesSchema, AnswerSchema, classify, makeReceipt, type Receipt, type Row, type Run, type Tables, type ConditionCell, type TokenFit, type Answer, type Outcome, type Protocol, type Price } from "./receipt.js";
export { summarize, searchLabel } from "./summarize.js";
export { loadReceipt, parseReceipt, writeReceipt } from "./receipt-file.js";
export { ReceiptTablesMismatchError } from "./receipt-tables-mismatch-error.js";
export type { Ask, Reply, Provider, ProviderName } from "./provider.js";
export { scriptedProvider, type Script, type ScriptStep } from "./scripted-provider.js";
export { lexicalProvider, lexicalAnswer, LEXICAL_LABEL, LEXICAL_DEFAULT_MODEL, LEXICAL_DEFAULT_MIN_SCORE, type LexicalOptions } from "./lexical-provider.js";
export { ollamaProvider, type OllamaOptions } from "./ollama-provider.js";
export { toOllamaRequest, fromOllamaResponse, ollamaUnloadRequest } from "./ollama-wire.js";
export { anthropicProvider, type AnthropicOptions } from "./anthropic-provider.js";
export { toAnthropicRequest, fromAnthropicResponse } from "./anthropic-wire.js";
export { ANTHROPIC_PRICES, priceFor, costUsd } from "./prices.js";
export { choicePrompt, choiceSchema } from "./choice-prompt.js";
export { renderQwen25Native, renderQwen25Choice } from "./qwen-template.js";
export { countQwenTokens, QWEN_TOKENIZER_LABEL } from "./qwen-tokens.js";
export { catalogTokenSizes, type CatalogTokenSize } from "./catalog-size.js";
export { dryRunPlan, formatDryRun, CLAUDE_TOKEN_FACTOR, type DryRunPlan } from "./dry-run.js";
export { ANTHROPIC_REQUEST_RULES, requestRuleFor, type AnthropicRequestRule } from "./anthropic-rules.js";
export { checkReceiptRows, RECEIPT_MAX_BYTES, type ReceiptLoadOptions } from "./receipt-file.js";
export { ALL_KINDS, ALL_SIZES, ALL_PROTOCOLS, CHAPTER_SEARCH_CATALOGS, conditionsOf, type Design, type Condition, type SearchSpec } from "./design.js";
export { runExperiment, type RunOptions, type RunResult, type Progress } from "./runner.js";
export { progressLine, terminalProgress } from "./progress.js";
export { measureProtocolCost, ProtocolCostReceiptSchema, type ProtocolCostReceipt } from "./protocol-cost.js";
