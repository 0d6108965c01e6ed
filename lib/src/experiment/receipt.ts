// A receipt: what ran, one row per request and condition, and the tables derived from the rows.
// The rows are the evidence; the tables are a convenience that must always recompute from them.
import { z } from "zod";
import { summarize } from "./summarize.js";

export const RECEIPT_SCHEMA = "mcp-workbook/receipt@1" as const;

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
 * false-call (any call at all, offered or not).
 */
export const OutcomeSchema = z.enum(["right", "wrong", "no-call", "not-offered", "false-call", "declined"]);
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
    outcome: OutcomeSchema,
    promptTokens: z.number().int().nonnegative(),
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
export function classify(answer: Answer, expected: string | null, offered: readonly string[]): Outcome {
  if (expected === null) return answer.kind === "text" ? "declined" : "false-call";
  if (answer.kind === "text") return "no-call";
  if (!offered.includes(answer.name)) return "not-offered";
  return answer.name === expected ? "right" : "wrong";
}

/** A receipt with its tables recomputed from its rows. */
export function makeReceipt(run: Run, rows: readonly Row[]): Receipt {
  return { schema: RECEIPT_SCHEMA, run, rows: [...rows], tables: summarize(rows) };
}

export { summarize };
