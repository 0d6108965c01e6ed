// The runner: every request under every condition of a design, asked once, classified, and
// appended to a receipt that is rewritten atomically after each row. Rows already in the receipt
// file are not asked again, and a provider that fails mid-run loses none of the rows before it.
// Several models can share one receipt (exercise 1): each is asked the whole design in turn, and
// the six requests that need no tool can join the run (exercise 2).
import { existsSync } from "node:fs";
import { DataError } from "../../errors/data-error.js";
import { ServiceError } from "../../errors/service-error.js";
import { UsageError } from "../../errors/usage-error.js";
import { WorkbookError } from "../../errors/workbook-error.js";
import { bm25Scorer } from "../../tools/bm25.js";
import { topTools, topToolsAsync } from "../../tools/top-tools.js";
import type { AsyncScoreFunction, McpTool } from "../../tools/types.js";
import { buildCatalog, catalogHash, requestSeed, shuffledFor, type CatalogData } from "../catalog/catalog.js";
import { conditionKey, conditionsOf, rowKey, type Condition, type Design } from "./design.js";
import { harnessVersion } from "./harness-version.js";
import { maskSecrets } from "../../http/http-json.js";
import type { Ask, Provider } from "../providers/provider.js";
import { makeReceipt } from "../receipts/summarize.js";
import { classify, type LedgerEntry, type Receipt, type Row, type Run, type RunRecord } from "../receipts/receipt.js";
import { loadReceipt, writeReceipt } from "../receipts/receipt-file.js";
import { omitUndefined } from "./omit-undefined.js";

export type Progress = {
  /** Rows of this design finished so far, including rows of it found in the receipt when resuming. */
  done: number;
  total: number;
  /** Rows taken from an earlier run of the same receipt. */
  resumed: number;
  /** The model being asked (a run may ask several). */
  model: string;
  condition: Condition;
  requestId: string;
  row?: Row;
};

export type RunOptions = {
  provider: Provider;
  /** The model to ask, or several, asked one after another into the same receipt. */
  model: string | readonly string[];
  data: CatalogData;
  design: Design;
  baseSeed: number;
  /** Receipt file: read to resume, rewritten after every row. Without it the run stays in memory. */
  out?: string;
  /** Stop before any request whose worst case could take spending past this, in USD. Required for a provider that bills. */
  maxUsd?: number;
  /** Strings never to store or show (the API key); replaced by a mark in the receipt and in errors. */
  secrets?: readonly string[];
  /** Scorer for "embed" searches (ollamaEmbeddingScorer in the CLI). */
  embedScorer?: AsyncScoreFunction;
  onProgress?: (progress: Progress) => void;
  /** The run's date (ISO); default now. */
  date?: string;
  /** Also ask the requests that need no tool (evidence/catalog/no-tool-requests.json), expected null. */
  noToolRequests?: boolean;
};

/** A request as the runner asks it: the tool it needs, or null when it needs none. */
type RunRequest = { id: string; text: string; expected: string | null };

/** The models of a run, checked: at least one, none empty, none twice. */
export function runModels(model: RunOptions["model"]): string[] {
  const models = typeof model === "string" ? [model] : [...model];
  if (models.length === 0)
    throw new UsageError("models", {
      what: "a run needs at least one model",
      expected: "one model name or more",
      received: "none",
    });
  const empty = models.findIndex((name) => name.trim() === "");
  if (empty !== -1)
    throw new UsageError("models", {
      what: `model ${empty + 1} of ${models.length} is an empty name`,
      expected: "non-empty model names",
    });
  const twice = models.find((name, index) => models.indexOf(name) !== index);
  if (twice !== undefined)
    throw new UsageError("models", {
      what: `model ${JSON.stringify(twice)} is listed twice`,
      expected: "each model once (each is asked once)",
    });
  return models;
}

export type RunResult = {
  receipt: Receipt;
  asked: number;
  resumed: number;
  /** Why the run ended before its design was complete, if it did. */
  stopped?: string;
};

export const SEED_DERIVATION =
  "each row's seed is requestSeed(baseSeed, kind, size, requestId); the catalog is shuffled with shuffledFor(tools, seed)";

/** The earlier receipt at `path`, loaded through the one checking loader, or undefined when there is none. */
function earlierReceipt(path: string, run: Run, data: CatalogData): Receipt | undefined {
  if (!existsSync(path)) return undefined;
  const earlier = loadReceipt(path, { catalog: data });
  const mismatched = (["provider", "catalogHash", "baseSeed"] as const).find(
    (field) => earlier.run[field] !== run[field],
  );
  if (mismatched !== undefined) {
    throw new DataError("mismatch", {
      what: `cannot resume ${path}: its run has ${mismatched} ${JSON.stringify(earlier.run[mismatched])}, this run has ${mismatched} ${JSON.stringify(run[mismatched])}`,
      expected: "a receipt of the same provider, catalog and baseSeed; choose another --out file",
    });
  }
  return earlier;
}

/** The design in a few words, as a receipt's run record keeps it. */
export function designLabel(design: Design, noToolRequests = false): string {
  const searches =
    design.searches.length === 0 ? "none" : design.searches.map((s) => `${s.method} top ${s.top}`).join(",");
  return (
    `kinds ${design.kinds.join(",")}; sizes ${design.sizes.join(",")}; protocols ${design.protocols.join(",")}; searches ${searches}` +
    (noToolRequests ? "; with the requests that need no tool" : "")
  );
}

/** The questions of a design with the most text in them: every catalog kind at its largest size, all tools offered. */
function largestAsks(
  data: CatalogData,
  conditions: readonly Condition[],
  requests: readonly RunRequest[],
  baseSeed: number,
  model: string,
): Ask[] {
  const biggest = new Map<string, Condition>();
  for (const condition of conditions) {
    const key = JSON.stringify([condition.kind, condition.protocol]);
    const seen = biggest.get(key);
    if (seen === undefined || condition.size > seen.size)
      biggest.set(key, { kind: condition.kind, size: condition.size, protocol: condition.protocol });
  }
  const asks: Ask[] = [];
  for (const condition of biggest.values()) {
    const catalog = buildCatalog(data, condition.kind, condition.size);
    for (const request of requests) {
      const offered = shuffledFor(catalog, requestSeed(baseSeed, condition.kind, condition.size, request.id));
      asks.push({ request: request.text, offered, protocol: condition.protocol, model });
    }
  }
  return asks;
}

function conditionText(condition: Condition): string {
  return `${condition.kind}, ${condition.size} tools, ${condition.protocol}${condition.search ? `, ${condition.search.method} top ${condition.search.top}` : ""}`;
}

async function offeredFor(
  condition: Condition,
  catalog: McpTool[],
  request: string,
  options: RunOptions,
): Promise<McpTool[]> {
  const search = condition.search;
  if (search === undefined) return catalog;
  if (search.method === "bm25") return topTools(request, catalog, bm25Scorer(), search.top);
  if (options.embedScorer === undefined) {
    throw new UsageError("search", {
      what: "an embed search needs an embedding scorer",
      expected: "options.embedScorer (Ollama's all-minilm)",
      received: "none",
    });
  }
  return topToolsAsync(request, catalog, options.embedScorer, search.top);
}

/** One row still to ask: the design's rows in order, model by model, condition by condition. */
type PendingAsk = {
  model: string;
  condition: Condition;
  request: RunRequest;
  seed: number;
  /** The whole catalog of the condition, in this row's shuffled order (before any search). */
  shuffled: McpTool[];
};

/** Every row of the design that the receipt does not hold yet, in the order the run asks them. */
function* pendingAsks(
  models: readonly string[],
  conditions: readonly Condition[],
  requests: readonly RunRequest[],
  data: CatalogData,
  baseSeed: number,
  done: ReadonlySet<string>,
): Generator<PendingAsk> {
  for (const model of models)
    for (const condition of conditions) {
      const catalog = buildCatalog(data, condition.kind, condition.size);
      for (const request of requests) {
        if (done.has(conditionKey(model, request.id, condition))) continue;
        const seed = requestSeed(baseSeed, condition.kind, condition.size, request.id);
        yield { model, condition, request, seed, shuffled: shuffledFor(catalog, seed) };
      }
    }
}

/**
 * The receipt while a run writes it: what earlier runs recorded stays as they recorded it; this
 * run adds rows, charges in the ledger, prepared settings, and its own record. What it asked is
 * what it added, so nothing is counted twice.
 */
class ReceiptDraft {
  readonly rows: Row[];
  readonly ledger: LedgerEntry[];
  readonly numCtx: Record<string, number>;
  readonly requestRules: NonNullable<Run["requestRules"]>[number][];
  private readonly earlierRows: number;
  private readonly earlierCharges: number;

  constructor(
    private readonly run: Run,
    private readonly earlier: Receipt | undefined,
    private readonly record: Omit<RunRecord, "asked">,
    private readonly options: Pick<RunOptions, "out" | "maxUsd">,
  ) {
    this.rows = earlier ? [...earlier.rows] : [];
    this.ledger = [...(run.ledger ?? [])];
    this.numCtx = { ...(run.numCtx ?? {}) };
    this.requestRules = [...(run.requestRules ?? [])];
    this.earlierRows = this.rows.length;
    this.earlierCharges = this.ledger.length;
  }

  /** Rows this run asked (each adds one row). */
  get asked(): number {
    return this.rows.length - this.earlierRows;
  }

  spent(): number {
    let spent = 0;
    for (const row of this.rows) spent += row.costUsd ?? 0;
    for (const entry of this.ledger) spent += entry.usd;
    return spent;
  }

  snapshot(stopped?: string): Receipt {
    const spent = this.spent();
    const changed = this.asked > 0 || this.ledger.length > this.earlierCharges;
    const history = [...(this.run.runs ?? []), ...(changed ? [{ ...this.record, asked: this.asked }] : [])];
    const { stopped: _earlierStop, ...header } = this.run;
    const capped = this.run.maxUsd !== undefined || this.options.maxUsd !== undefined;
    return makeReceipt(
      {
        ...header,
        ...omitUndefined({
          runs: history.length > 0 ? history : undefined,
          numCtx: Object.keys(this.numCtx).length > 0 ? this.numCtx : undefined,
          requestRules: this.requestRules.length > 0 ? this.requestRules : undefined,
          ledger: this.ledger.length > 0 ? this.ledger : undefined,
          spentUsd: capped || spent > 0 ? spent : undefined,
          stopped,
        }),
      },
      this.rows,
    );
  }

  /** Writes the receipt, unless this run resumed a file and changed nothing in it. */
  save(stopped?: string): Receipt {
    const receipt = this.snapshot(stopped);
    const changed = this.asked > 0 || this.ledger.length > this.earlierCharges;
    if (this.options.out !== undefined && (this.earlier === undefined || changed))
      writeReceipt(this.options.out, receipt);
    return receipt;
  }
}

/** The error a failed ask ends the run with; the receipt holding the rows before it is already saved. */
function providerFailure(
  error: unknown,
  message: string,
  where: { provider: Provider; pending: PendingAsk; kept: number; out: string | undefined; charge: number },
): WorkbookError {
  // A caller's mistake (a model without a price, say) keeps its own class; anything else is the service failing.
  if (error instanceof WorkbookError && !(error instanceof ServiceError)) return error;
  const { provider, pending, kept, out, charge } = where;
  return new ServiceError(
    error instanceof ServiceError ? error.reason : "unreachable",
    {
      what:
        `${provider.name} failed on request ${pending.request.id} for ${pending.model} (${conditionText(pending.condition)}); ` +
        `the ${kept} rows before it are kept${out ? ` in ${out}` : ""}` +
        (charge > 0 ? `, and up to $${charge.toFixed(4)} it may have been billed is in the receipt's ledger` : ""),
      expected: "an answer to every request",
      received: message,
    },
    { cause: error, ...omitUndefined({ status: error instanceof ServiceError ? error.status : undefined }) },
  );
}

/** The receipt's row for one answered ask. */
function rowFor(pending: PendingAsk, offered: readonly McpTool[], reply: Awaited<ReturnType<Provider["ask"]>>): Row {
  const { model, request, condition, seed } = pending;
  const offeredNames = offered.map((tool) => tool.name);
  return omitUndefined({
    model,
    requestId: request.id,
    request: request.text,
    expected: request.expected,
    kind: condition.kind,
    size: condition.size,
    protocol: condition.protocol,
    // A request that needs no tool has no tool for the search to find: never a hit.
    search: condition.search && {
      ...condition.search,
      hit: request.expected !== null && offeredNames.includes(request.expected),
    },
    offered: offeredNames,
    seed,
    answer: reply.answer,
    stopReason: reply.stopReason,
    outcome: classify(reply.answer, request.expected, offeredNames, reply.stopReason),
    thinkingBlocks: reply.thinkingBlocks,
    promptTokens: reply.promptTokens,
    promptTokensOffline: reply.promptTokensOffline,
    promptTokensReported: reply.promptTokensReported,
    outputTokens: reply.outputTokens,
    prefillMs: reply.prefillMs,
    totalMs: reply.totalMs,
    costUsd: reply.costUsd,
  });
}

/** Run a design against a provider; see the file comment for resume and failure behaviour. */
export async function runExperiment(options: RunOptions): Promise<RunResult> {
  const { provider, data, design, baseSeed } = options;
  const models = runModels(options.model);
  if (provider.prices !== undefined && options.maxUsd === undefined) {
    throw new UsageError("max-usd", {
      what: `${provider.name} bills every request, and this run has no spending cap`,
      expected: "maxUsd (the command line's default is the design's worst case, printed before the run)",
      received: "none",
    });
  }
  const mask = (text: string) => maskSecrets(text, options.secrets);
  const requests: RunRequest[] = [...data.requests, ...(options.noToolRequests ? data.noToolRequests : [])];
  const date = options.date ?? new Date().toISOString();
  const fresh: Run = omitUndefined({
    provider: provider.name,
    providerLabel: provider.label,
    model: models.join(","),
    date,
    harnessVersion: harnessVersion(),
    catalogHash: catalogHash(data),
    baseSeed,
    seeds: SEED_DERIVATION,
    prices: provider.prices && [...provider.prices],
    maxUsd: options.maxUsd,
    tokenizer: provider.tokenizer || undefined,
  });
  const earlier = options.out === undefined ? undefined : earlierReceipt(options.out, fresh, data);
  const draft = new ReceiptDraft(
    earlier ? { ...earlier.run } : fresh,
    earlier,
    { date, models, design: designLabel(design, options.noToolRequests), harnessVersion: harnessVersion() },
    options,
  );
  const conditions = conditionsOf(design);
  const designKeys = new Set<string>();
  for (const model of models)
    for (const condition of conditions)
      for (const request of requests) designKeys.add(conditionKey(model, request.id, condition));
  const total = designKeys.size;
  const resumed = draft.rows.filter((row) => designKeys.has(rowKey(row))).length;
  const prepared = new Set<string>();

  for (const pending of pendingAsks(models, conditions, requests, data, baseSeed, new Set(draft.rows.map(rowKey)))) {
    const { model, condition, request } = pending;
    const offered = await offeredFor(condition, pending.shuffled, request.text, options);
    const ask = { request: request.text, offered, protocol: condition.protocol, model };
    if (options.maxUsd !== undefined && provider.worstCaseUsd !== undefined) {
      const worst = await provider.worstCaseUsd(ask);
      const spent = draft.spent();
      if (spent + worst > options.maxUsd) {
        const stopped =
          `stopped by the spending cap $${options.maxUsd}: spent $${spent.toFixed(4)}, the next request could cost ` +
          `up to $${worst.toFixed(4)}`;
        return { receipt: draft.save(stopped), asked: draft.asked, resumed, stopped };
      }
    }
    if (!prepared.has(model)) {
      const fixed = await provider.prepare?.(model, largestAsks(data, conditions, requests, baseSeed, model));
      if (fixed?.numCtx !== undefined) draft.numCtx[model] ??= fixed.numCtx;
      if (fixed?.requestRule !== undefined && !draft.requestRules.some((rule) => rule.model === model))
        draft.requestRules.push(fixed.requestRule);
      prepared.add(model);
    }
    let reply;
    try {
      reply = await provider.ask(ask);
    } catch (error) {
      const message = mask((error as Error).message);
      const charge = (await provider.possibleCharge?.(ask, error)) ?? 0;
      if (charge > 0)
        draft.ledger.push({
          date: new Date().toISOString(),
          model,
          requestId: request.id,
          condition: conditionText(condition),
          usd: charge,
          reason: message.slice(0, 300),
        });
      draft.save(`provider failed at ${request.id}: ${message}`);
      throw providerFailure(error, message, { provider, pending, kept: draft.rows.length, out: options.out, charge });
    }
    const row = rowFor(pending, offered, reply);
    draft.rows.push(row);
    draft.save();
    options.onProgress?.({ done: resumed + draft.asked, total, resumed, model, condition, requestId: request.id, row });
  }
  return { receipt: draft.save(), asked: draft.asked, resumed };
}
