// The library's public API. Adding an export here is adding public API: name each one.

// --- protocol: messages, framing, handshake, errors ---
export {
  PROTOCOL_VERSION, DEFAULT_FRAME_LIMIT, MAX_SKIPPED_MESSAGES, MAX_TOOLS,
  requestMessage, notificationMessage, answerFor, isJsonObject,
  encodeFrame, FrameReader, parseFrame, checkInitialize, checkTools, checkToolsPage, resultText,
  WorkbookError, ProtocolError, DeadlineError, ClosedError, ServerError, ToolError, RefusedError, UsageError,
  DataError, ServiceError,
} from "./protocol/index.js";
export type {
  JsonRpcMessage, JsonObject, RequestMessage, NotificationMessage, InitializeResult, McpTool,
  ErrorCode, ProtocolReason, ClosedReason, RefusedReason, DataReason, ServiceReason, Wording,
} from "./protocol/index.js";

// --- client: StdioClient and the teaching server's location ---
export {
  StdioClient, MAX_TIMEOUT_MS, endProcessGroup, processGroupMembers, signalGroup, groupIsEmpty,
  TEACHING_SERVER, teachingServerCommand, OutstandingRequests, closeAllClients, WireTrace,
} from "./client/index.js";
export type { ExitStatus, StdioClientOptions, ToolOutcome, IdMatch, TraceEntry, TraceDecision, TraceDirection, WireTraceOptions, TraceSnapshot } from "./client/index.js";

// --- tools: what the model hears (asModelTool, toolText, topTools, BM25) ---
export {
  asModelTool, toolText, topTools, topToolsAsync, tokenize, Bm25Index, bm25Scorer, BM25_DEFAULT_K1,
  BM25_DEFAULT_B, recallAtK, ollamaEmbeddingScorer, cosineSimilarity,
} from "./tools/index.js";
export type {
  McpInputSchema, ScoreFunction, AsyncScoreFunction, ModelTool, McpToolLike, Bm25Options, Bm25Hit, Ranking,
  RecallAtK, OllamaEmbeddingOptions,
} from "./tools/index.js";

// --- stats: Wilson interval, exact McNemar ---
export { wilson, mcnemarExact, pairedCounts, leastSquares } from "./stats/index.js";
export type { WilsonInterval, McNemarResult, PairedCounts, Line } from "./stats/index.js";

// --- experiment: Part A catalog, providers, runner, receipts ---
export { loadCatalogData, defaultCatalogDir, buildCatalog, confusableOrder, shuffledFor, requestSeed, requestCatalog, catalogHash, SHOP_TOOL_NAMES, CATALOG_KINDS, CATALOG_SIZES, type CatalogData, type CatalogSize, type CatalogRequest, type CatalogTool, type ConfusableTool, type NoToolRequest } from "./experiment/index.js";
export { RECEIPT_SCHEMA, ReceiptSchema, RowSchema, TablesSchema, AnswerSchema, classify, type Receipt, type Row, type Run, type Tables, type ConditionCell, type TokenFit, type Answer, type Outcome, type Protocol, type Price } from "./experiment/receipts/receipt.js";
export { summarize, searchLabel, makeReceipt } from "./experiment/receipts/summarize.js";
export { loadReceipt, parseReceipt, writeReceipt } from "./experiment/receipts/receipt-file.js";
export { ReceiptTablesMismatchError } from "./experiment/receipts/receipt-tables-mismatch-error.js";
export type { Ask, Reply, Provider, ProviderName } from "./experiment/providers/provider.js";
export { scriptedProvider, type Script, type ScriptStep } from "./experiment/providers/scripted-provider.js";
export { lexicalProvider, lexicalAnswer, LEXICAL_LABEL, LEXICAL_DEFAULT_MODEL, LEXICAL_DEFAULT_MIN_SCORE, type LexicalOptions } from "./experiment/providers/lexical-provider.js";
export { ollamaProvider, type OllamaOptions } from "./experiment/providers/ollama-provider.js";
export { toOllamaRequest, fromOllamaResponse, ollamaUnloadRequest } from "./experiment/providers/ollama-wire.js";
export { anthropicProvider, type AnthropicOptions } from "./experiment/providers/anthropic-provider.js";
export { toAnthropicRequest, fromAnthropicResponse } from "./experiment/providers/anthropic-wire.js";
export { ANTHROPIC_PRICES, priceFor, costUsd } from "./experiment/providers/prices.js";
export { choicePrompt, choiceSchema } from "./experiment/prompts/choice-prompt.js";
export { renderQwen25Native, renderQwen25Choice } from "./experiment/prompts/qwen-template.js";
export { countQwenTokens, QWEN_TOKENIZER_LABEL } from "./experiment/prompts/qwen-tokens.js";
export { catalogTokenSizes, type CatalogTokenSize } from "./experiment/catalog/catalog-size.js";
export { dryRunPlan, formatDryRun, CLAUDE_TOKEN_FACTOR, type DryRunPlan } from "./experiment/running/dry-run.js";
export { ANTHROPIC_REQUEST_RULES, requestRuleFor, type AnthropicRequestRule } from "./experiment/providers/anthropic-rules.js";
export { checkReceiptRows, RECEIPT_MAX_BYTES, type ReceiptLoadOptions } from "./experiment/receipts/receipt-file.js";
export { ALL_KINDS, ALL_SIZES, ALL_PROTOCOLS, CHAPTER_SEARCH_CATALOGS, conditionsOf, type Design, type Condition, type SearchSpec } from "./experiment/running/design.js";
export { runExperiment, type RunOptions, type RunResult, type Progress } from "./experiment/running/runner.js";
export { progressLine, terminalProgress } from "./experiment/running/progress.js";
export { measureProtocolCost, ProtocolCostReceiptSchema, type ProtocolCostReceipt } from "./experiment/running/protocol-cost.js";

// --- charts: vega-lite specs from receipts, SVG in Node ---
export { promptTokensChart } from "./charts/prompt-tokens-chart.js";
export { routedRightChart } from "./charts/routed-right-chart.js";
export { noCallChart } from "./charts/no-call-chart.js";
export { searchChart } from "./charts/search-chart.js";
export { accuracyByModelChart, type AccuracyByModelOptions } from "./charts/accuracy-by-model-chart.js";
export { chartsFor } from "./charts/chart-set.js";
export type { ChartName, ChartSet, NamedChart } from "./charts/chart-set.js";
export type {
  ChartData, ChartText, CountBar, NoCallInput, PromptTokensInput, RoutedRightInput, SearchInput, ShareBar, ShareSeries, TokenSeries,
} from "./charts/series.js";
export { seriesFromPublished, countFromShare, PUBLISHED_CHART_FIGURES } from "./charts/from-published.js";
export { seriesFromReceipt } from "./charts/from-receipt.js";
export type { ReceiptChartOptions } from "./charts/from-receipt.js";
export { PUBLISHED_SOURCE_LABEL, receiptSourceLabel } from "./charts/source-label.js";
export { PublishedFiguresSchema, PublishedFigureSchema, loadPublishedFigures, publishedFigure } from "./charts/published.js";
export type { PublishedFigure, PublishedFigures, PublishedSeriesFigure } from "./charts/published.js";
export { renderSvg, renderPng, pngAvailable, chartBundle, toVegaSpec } from "./charts/render.js";
export type { ChartBundle, PngOptions } from "./charts/render.js";
export { displayChart, chartDisplayData, findKernelDisplayWriter, VEGA_LITE_MIME } from "./charts/display.js";
export type { DisplayData } from "./charts/display.js";
export { renderAllCharts } from "./charts/render-all.js";
export type { RenderAllOptions, RenderAllResult } from "./charts/render-all.js";

// --- notebook: small display helpers for the chapter notebooks and the failure gallery ---
export {
  attempt, attemptAsync, keepOne, closeKept, readCallLog, CallRecordSchema, escapeHtml, htmlTable, trickleTimeline, trickleVerdict,
} from "./notebook/index.js";
export type { CallRecord, TrickleTimeline } from "./notebook/index.js";
export { teachingServersStartedBy } from "./client/live-servers.js";
export {
  EXERCISE_MODES, GALLERY_MODES, showMode, runGallery, outcomeLabel, galleryTable, modeReport, showBeside, besideReport, naiveGroupsAlive,
  type GalleryMode, type GalleryOutcome, type BesideRun,
} from "./demo/gallery.js";

// --- the wire, shown: trace tables and sequence diagrams (the demo and the gallery) ---
export { formatTrace, traceTable, traceTablesSideBySide, directionArrow } from "./demo/trace-table.js";
export { traceDiagramSpec, traceDiagramsSideBySide, DIAGRAM_MAX_ROWS } from "./charts/sequence-diagram.js";
export type { ModeOutcome } from "./demo/failure-modes.js";

// --- Part A analyses (experiment/analysis/) ---
export { checkTables, toolTokenCost, pairedOutcomes, searchTools, searchRecall, quoteFigure, compareRerun } from "./experiment/analysis/part-a.js";
export type { TablesCheck, ToolTokenCost, ConditionSelector, PairedOutcomes, ScoredTool, SearchRecall, RerunComparison } from "./experiment/analysis/part-a.js";

// --- checkpoint: one rule per Part B rule, graded in a separate process; feedback over a learner's own functions ---
export {
  REFERENCE_IMPLEMENTATION, IMPLEMENTATION_NAMES, missingExports, CheckFailure,
  RULES, PIECES, EXERCISE_RULES, ruleById, runRules, feedback, rulesFor, inProcessProbe, RuleFailure,
  gradeImplementation, checkpointVersion, gradeResultsJson, gradeJunitXml, reportHeader,
} from "./checkpoint/index.js";
export type {
  Implementation, ClientUnderTest, CheckResult,
  Feedback, FeedbackOptions, Rule, RuleContext, RuleVerdict, Probe, ProbeRequest, ProbeAnswer, ProbeError, Visibility, Pieces, ProbeSession,
  GradeReport, GradeOptions, GradedImplementation,
} from "./checkpoint/index.js";

// --- agent: a small loop that searches tools every turn ---
export {
  runLoop, resolveLoopOptions, DEFAULT_TOP_M, DEFAULT_MAX_TURNS, MAX_MAX_TURNS, completedCalls, refusedCalls, formatTranscript,
  scriptedModel, callIfOffered, toolCall, finalText, providerModel, askFor, askText, inProcessExecutor, clientExecutor, recordCalls,
  shopHandlers, SEARCH_TOOL, SEARCH_TOOL_NAME, notAllowedText, notOfferedText, failedText, foundText, TWO_STEP_REQUEST,
  TWO_STEP_REQUEST_TERSE, DELIVERY_ARGS, MESSAGE_ARGS, MESSAGE_SEARCH_QUERY, twoStepCatalog, twoStepModel,
} from "./agent/index.js";
export type {
  LoopOptions, SearchOn, Keep, ResolvedLoopOptions, AgentModel, ToolExecutor, ModelAnswer, ToolCall, CallOutcome, Message, Turn,
  Transcript, ScriptedTurn, TurnView, ProviderModelOptions, ToolHandler, RecordingExecutor,
} from "./agent/index.js";

// --- exercises 1, 2 and 6: where routing recovers, letting the choice decline, a hostile description ---
export { parseModelSize, sortByModelSize, formatModelSize } from "./experiment/model-size.js";
export { NONE_OF_THESE, choiceAnswer, choiceOptionsFor, isChoiceProtocol } from "./experiment/prompts/choice-prompt.js";
export type { ChoiceOptions } from "./experiment/prompts/choice-prompt.js";
export { runModels } from "./experiment/running/runner.js";
export {
  recoveryReport, RECOVERY_DEFAULT_SIZE, toolBudgetAdvice, declineTable, declineOutcome, formatDeclineTable,
  hostileOfferExperiment, HOSTILE_DEFAULT_REQUESTS, HOSTILE_ALLOWLIST, PURCHASE_TOOL,
} from "./exercises/index.js";
export type {
  RecoveryReport, ModelRecovery, AccuracyCell, CostFit, ToolBudgetAdvice, ToolBudgetEntry, ToolBudgetOptions,
  DeclineCell, DeclineOutcome, Share, HostileOfferOptions, HostileOfferResult, HostileCall,
} from "./exercises/index.js";

// --- exercise checks ---
export {
  checkToolCosts, checkDeclineCounts, checkLoopRecovery, checkPurchaseCounts, TWO_STEPS, IN_FLIGHT_TEXTS,
} from "./exercises/index.js";
export { checkOutstandingTable, type CountInFlightOver } from "./exercises/index.js";
export { readyContextClient, referencePieces } from "./pieces/reference-pieces.js";
export { checkCursorLoop, withLivePages, CURSOR_BOUNDS, type AskPage, type ListBounds, type ListAllTools as CursorLoop } from "./exercises/index.js";
export { exerciseChecks, runExerciseSection } from "./exercises/index.js";
export type { ExerciseCheck } from "./exercises/index.js";
export type { VerdictStyle } from "./exercises/index.js";
export { loopScenarios, runScenario } from "./exercises/index.js";
export type { LoopFix, LoopScenario, ScenarioRun } from "./exercises/index.js";
export { referenceCursorLoop, referenceOutstanding } from "./exercises/index.js";
export type { ToolCosts, DeclineAnalysis, LoopRecovery, PurchaseCounts } from "./exercises/index.js";

// --- build: the Part B build notebook (learners write the pieces; checks, assembled client, reveal) ---
export {
  PIECE_NAMES, PIECE_NEEDS, PIECE_RULES, isPieceName, todo, isTodo, AssembledClient, assembledClient, implementationFrom, viaPiece, wrapPieceError,
  runPieceCheck, NotYet, check, piecesOf, revealAfterTrying, definitionOf, verdictText, meetTheServer, meetMode, meetingSummary, BUILD_MODES, reveal, findDeclaration,
  REFERENCE_OF, LIBRARY_SOURCE, evaluateTranspiled, cellScope,
} from "./pieces/index.js";
export type { PieceName, PieceSet, ClientContext, PieceSource, PieceVerdict } from "./pieces/index.js";
