// A receipt: what ran, one row per request and condition, and the tables derived from the rows.
// The rows are the evidence; the tables are a convenience that must always recompute from them
// (summarize.ts computes them, and makeReceipt there puts the two together).
import { z } from "zod";

export const RECEIPT_SCHEMA = "mcp-workbook/receipt@2" as const;

/**
 * How the tools are offered: "native" tool calling, a constrained "choice" of one offered name, or
 * "choice-none", the same choice with a none_of_these option so it can decline (exercise 2).
 */
export const ProtocolSchema = z.enum(["native", "choice", "choice-none"]);
export type Protocol = z.infer<typeof ProtocolSchema>;

export const CatalogKindSchema = z.enum(["unrelated", "confusable"]);
export type CatalogKind = z.infer<typeof CatalogKindSchema>;

export const SearchMethodSchema = z.enum(["bm25", "embed"]);
export type SearchMethod = z.infer<typeof SearchMethodSchema>;

/** What a provider answered: a tool call with arguments, or words and no call. */
export const AnswerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("call"), name: z.string(), arguments: z.record(z.unknown()) }).strict(),
  z.object({ kind: z.literal("text"), text: z.string() }).strict(),
]);
export type Answer = z.infer<typeof AnswerSchema>;

/**
 * For a request that needs a tool: right, wrong, no-call (a missed call) or not-offered. For a
 * request that needs none (expected null, exercise 2): declined (no call, as it should be) or
 * false-call (any call at all, offered or not). Whatever was expected, a reply the service cut
 * short (its output budget or context ran out) is "cut-short" and one it refused is "refused":
 * neither is the model choosing not to call.
 */
export const OutcomeSchema = z.enum([
  "right",
  "wrong",
  "no-call",
  "not-offered",
  "false-call",
  "declined",
  "cut-short",
  "refused",
]);
export type Outcome = z.infer<typeof OutcomeSchema>;

/** A search that chose the offered tools: its method, how many it kept, and whether the expected tool was among them. */
export const RowSearchSchema = z
  .object({ method: SearchMethodSchema, top: z.number().int().positive(), hit: z.boolean() })
  .strict();
export type RowSearch = z.infer<typeof RowSearchSchema>;

export const RowSchema = z
  .object({
    model: z.string(),
    requestId: z.string(),
    request: z.string(),
    /** The tool the request needs; null for a request that needs no tool (exercise 2). */
    expected: z.string().nullable(),
    kind: CatalogKindSchema,
    size: z.number().int().positive(),
    protocol: ProtocolSchema,
    search: RowSearchSchema.optional(),
    offered: z.array(z.string()),
    seed: z.number().int(),
    answer: AnswerSchema,
    /**
     * Why the reply ended, in the service's own words (Anthropic's stop_reason, Ollama's
     * done_reason); null for an answer no service produced (the retrieval baseline, a script).
     */
    stopReason: z.string().nullable(),
    outcome: OutcomeSchema,
    /** Thinking blocks in the reply (their tokens are part of outputTokens, billed as output). */
    thinkingBlocks: z.number().int().nonnegative().optional(),
    promptTokens: z.number().int().nonnegative(),
    /** The prompt counted offline (Ollama: the qwen2.5 template and tokenizer), beside what the service reported. */
    promptTokensOffline: z.number().int().nonnegative().optional(),
    /** What the service reported, when it reported anything (Ollama omits it for a cached prompt). */
    promptTokensReported: z.number().int().nonnegative().nullable().optional(),
    outputTokens: z.number().int().nonnegative(),
    /** Time the model spent reading the prompt, when the provider reports it; null otherwise. */
    prefillMs: z.number().nonnegative().nullable(),
    totalMs: z.number().nonnegative(),
    costUsd: z.number().nonnegative().optional(),
  })
  .strict();
export type Row = z.infer<typeof RowSchema>;

/** One condition's figures: a model, a catalog kind and size, a protocol, and a search (or "all"). */
export const ConditionCellSchema = z
  .object({
    model: z.string(),
    kind: CatalogKindSchema,
    size: z.number().int().positive(),
    protocol: ProtocolSchema,
    /** "all" when every catalog tool was offered, else e.g. "bm25 top 5". */
    search: z.string(),
    n: z.number().int().nonnegative(),
    right: z.number().int().nonnegative(),
    wrong: z.number().int().nonnegative(),
    noCall: z.number().int().nonnegative(),
    notOffered: z.number().int().nonnegative(),
    /** Replies cut short by the service (max_tokens, length) or refused: not a choice, not a "no call". */
    cutShort: z.number().int().nonnegative(),
    refused: z.number().int().nonnegative(),
    /** Share routed right with its 95% Wilson interval. */
    share: z.number(),
    low: z.number(),
    high: z.number(),
    /** Share of requests whose expected tool the search kept (recall@top); null without a search. */
    recall: z.number().nullable(),
    meanPromptTokens: z.number(),
    medianPrefillMs: z.number().nullable(),
    medianTotalMs: z.number(),
    costUsd: z.number().nullable(),
  })
  .strict();
export type ConditionCell = z.infer<typeof ConditionCellSchema>;

/** Prompt tokens against tools offered, fitted per model, kind and protocol (all tools offered only). */
export const TokenFitSchema = z
  .object({
    model: z.string(),
    kind: CatalogKindSchema,
    protocol: ProtocolSchema,
    /** Least-squares slope of mean prompt tokens over catalog size: tokens per tool offered. */
    tokensPerTool: z.number().nullable(),
    intercept: z.number().nullable(),
    /** The chapter's arithmetic: (tokens at the largest size - tokens at the smallest) / (size difference). */
    endpointTokensPerTool: z.number().nullable(),
    sizes: z.array(z.number().int().positive()),
    meanPromptTokens: z.array(z.number()),
  })
  .strict();
export type TokenFit = z.infer<typeof TokenFitSchema>;

export const TablesSchema = z
  .object({ conditions: z.array(ConditionCellSchema), tokensPerTool: z.array(TokenFitSchema) })
  .strict();
export type Tables = z.infer<typeof TablesSchema>;

export const PriceSchema = z
  .object({
    model: z.string(),
    inputUsdPerMTok: z.number().nonnegative(),
    outputUsdPerMTok: z.number().nonnegative(),
    readOn: z.string(),
    source: z.string(),
    verified: z.boolean(),
  })
  .strict();
export type Price = z.infer<typeof PriceSchema>;

/** One invocation of the command that added rows to a receipt: what it asked for, and when. */
export const RunRecordSchema = z
  .object({
    date: z.string(),
    models: z.array(z.string()).min(1),
    /** The design as asked, e.g. "kinds unrelated; sizes 8,16; protocols native; searches none". */
    design: z.string(),
    harnessVersion: z.string(),
    asked: z.number().int().nonnegative(),
  })
  .strict();
export type RunRecord = z.infer<typeof RunRecordSchema>;

/**
 * Spending that produced no row: a request that may have been billed and then timed out or
 * answered a body that could not be read. Never a row; a resume asks it again and counts this.
 */
export const LedgerEntrySchema = z
  .object({
    date: z.string(),
    model: z.string(),
    requestId: z.string(),
    condition: z.string(),
    /** At most this much, at list price (the request's worst case: its input and every allowed output token). */
    usd: z.number().nonnegative(),
    reason: z.string(),
  })
  .strict();
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** How one model was asked: the request rules a run applied, with where they were read. */
export const RequestRuleSchema = z
  .object({
    model: z.string(),
    settings: z.record(z.unknown()),
    readOn: z.string(),
    source: z.string(),
  })
  .strict();

export const RunSchema = z
  .object({
    provider: z.string(),
    /** Plain words for what answered, e.g. "retrieval baseline, not a language model". */
    providerLabel: z.string(),
    model: z.string(),
    /** ISO date-time the run started. */
    date: z.string(),
    harnessVersion: z.string(),
    catalogHash: z.string(),
    baseSeed: z.number().int(),
    /** How each row's seed is derived from baseSeed. */
    seeds: z.string().optional(),
    prices: z.array(PriceSchema).optional(),
    maxUsd: z.number().positive().optional(),
    spentUsd: z.number().nonnegative().optional(),
    /** Why the run ended before its design was complete (e.g. the spending cap). */
    stopped: z.string().optional(),
    /** The tokenizer that counted prompt tokens offline, when the provider did not report them. */
    tokenizer: z.string().optional(),
    /** Every invocation that added rows, oldest first; model and date above are the first one's. */
    runs: z.array(RunRecordSchema).optional(),
    /** Ollama: the context length each model was loaded and asked with (num_ctx). */
    numCtx: z.record(z.number().int().positive()).optional(),
    /** The request rules each model was asked under (Anthropic: thinking, temperature, max_tokens). */
    requestRules: z.array(RequestRuleSchema).optional(),
    ledger: z.array(LedgerEntrySchema).optional(),
  })
  .strict();
export type Run = z.infer<typeof RunSchema>;

export const ReceiptSchema = z
  .object({ schema: z.literal(RECEIPT_SCHEMA), run: RunSchema, rows: z.array(RowSchema), tables: TablesSchema })
  .strict();
export type Receipt = z.infer<typeof ReceiptSchema>;

/**
 * Right tool, wrong tool, no call, or a name that was never offered (checked before right/wrong).
 * When no tool is expected, any call is a false call and words are the right way to decline.
 */
export function classify(
  answer: Answer,
  expected: string | null,
  offered: readonly string[],
  stopReason: string | null = null,
): Outcome {
  const stop = stopKind(stopReason);
  if (stop !== "ended") return stop;
  if (expected === null) return answer.kind === "text" ? "declined" : "false-call";
  if (answer.kind === "text") return "no-call";
  if (!offered.includes(answer.name)) return "not-offered";
  return answer.name === expected ? "right" : "wrong";
}

/** Stop reasons that mean the service cut the reply short: Anthropic's and Ollama's words for it. */
export const CUT_SHORT_STOP_REASONS: readonly string[] = [
  "max_tokens",
  "model_context_window_exceeded",
  "length",
  "pause_turn",
];
export const REFUSED_STOP_REASONS: readonly string[] = ["refusal"];

/** Whether a stop reason ended the reply normally, cut it short, or was a refusal. */
export function stopKind(stopReason: string | null): "ended" | "cut-short" | "refused" {
  if (stopReason === null) return "ended";
  if (CUT_SHORT_STOP_REASONS.includes(stopReason)) return "cut-short";
  if (REFUSED_STOP_REASONS.includes(stopReason)) return "refused";
  return "ended";
}
