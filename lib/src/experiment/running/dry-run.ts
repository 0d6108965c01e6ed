// `experiment --dry-run`, and the first thing a paid run prints: the rows a design would ask, what
// each condition's prompts cost offline, and the worst case per model at list price. Nothing is
// contacted. Claude's tokenizer is not available offline, so Claude's input is estimated from the
// qwen2.5 count by CLAUDE_TOKEN_FACTOR; every allowed output token is counted as spent.
import { bm25Scorer } from "../../tools/bm25.js";
import { topTools } from "../../tools/top-tools.js";
import { requestRuleFor } from "../providers/anthropic-rules.js";
import { buildCatalog, requestSeed, shuffledFor, type CatalogData } from "../catalog/catalog.js";
import { conditionsOf, type Condition, type Design } from "./design.js";
import { numCtxFor } from "../providers/ollama-wire.js";
import { offlinePromptTokens } from "../providers/ollama-provider.js";
import { ANTHROPIC_PRICES, costUsd, priceFor } from "../providers/prices.js";

/**
 * Claude's prompt over the qwen2.5 prompt for the same tools: at most 2.10 in the chapter's figures
 * (chapter 14, Part A, figure "Prompt tokens for one request": Sonnet 1,073 and Haiku 1,067 against
 * qwen 511 at 8 tools; 5,204 and 4,133 against 2,700 at 64), rounded up so the estimate stays above.
 */
export const CLAUDE_TOKEN_FACTOR = 2.2;

export type DryRunCondition = {
  condition: Condition;
  rows: number;
  meanOfflineTokens: number;
  maxOfflineTokens: number;
};
export type DryRunModel = {
  model: string;
  rows: number;
  worstUsd?: number;
  inputUsd?: number;
  outputUsd?: number;
  maxTokens?: number;
  numCtx?: number;
};
export type DryRunPlan = {
  provider: string;
  models: string[];
  requests: number;
  rows: number;
  conditions: DryRunCondition[];
  perModel: DryRunModel[];
  /** The sum of the models' worst cases: a paid run's default spending cap. */
  worstUsd?: number;
};

function conditionText(condition: Condition): string {
  return `${condition.kind} ${condition.size} ${condition.protocol}${condition.search ? ` ${condition.search.method} top ${condition.search.top}` : ""}`;
}

/** The plan of a run, computed offline (see the file comment). */
export function dryRunPlan(args: {
  provider: "ollama" | "anthropic" | "lexical";
  models: readonly string[];
  data: CatalogData;
  design: Design;
  baseSeed: number;
  noToolRequests: boolean;
}): DryRunPlan {
  const requests = [...args.data.requests, ...(args.noToolRequests ? args.data.noToolRequests : [])];
  const scorer = bm25Scorer();
  const conditions: DryRunCondition[] = [];
  const tokensPerRow: number[][] = [];
  for (const condition of conditionsOf(args.design)) {
    const catalog = buildCatalog(args.data, condition.kind, condition.size);
    const counts = requests.map((request) => {
      const shuffled = shuffledFor(catalog, requestSeed(args.baseSeed, condition.kind, condition.size, request.id));
      // An embedding search cannot rank offline: BM25's top tools stand in for its prompt size.
      const offered =
        condition.search === undefined ? shuffled : topTools(request.text, shuffled, scorer, condition.search.top);
      return offlinePromptTokens({ request: request.text, offered, protocol: condition.protocol, model: "" });
    });
    tokensPerRow.push(counts);
    conditions.push({
      condition,
      rows: counts.length * args.models.length,
      meanOfflineTokens: counts.reduce((a, b) => a + b, 0) / counts.length,
      maxOfflineTokens: Math.max(...counts),
    });
  }
  const perModelRows = conditions.reduce((sum, c) => sum + c.rows / args.models.length, 0);
  const largest = Math.max(0, ...conditions.map((c) => c.maxOfflineTokens));
  const perModel: DryRunModel[] = args.models.map((model) => {
    if (args.provider === "ollama") return { model, rows: perModelRows, numCtx: numCtxFor(largest) };
    if (args.provider !== "anthropic") return { model, rows: perModelRows };
    const price = priceFor(model, ANTHROPIC_PRICES);
    const rule = requestRuleFor(model);
    if (price === undefined) return { model, rows: perModelRows };
    let inputUsd = 0;
    let outputUsd = 0;
    for (const counts of tokensPerRow) {
      for (const tokens of counts) {
        inputUsd += costUsd(price, Math.ceil(tokens * CLAUDE_TOKEN_FACTOR), 0);
        outputUsd += costUsd(price, 0, rule.maxTokens);
      }
    }
    return {
      model,
      rows: perModelRows,
      inputUsd,
      outputUsd,
      worstUsd: inputUsd + outputUsd,
      maxTokens: rule.maxTokens,
    };
  });
  const priced = perModel.filter((m) => m.worstUsd !== undefined);
  return {
    provider: args.provider,
    models: [...args.models],
    requests: requests.length,
    rows: perModelRows * args.models.length,
    conditions,
    perModel,
    ...(args.provider === "anthropic" ? { worstUsd: priced.reduce((sum, m) => sum + m.worstUsd!, 0) } : {}),
  };
}

const usd = (x: number) => `$${x.toFixed(2)}`;

/** The plan as the command prints it. */
export function formatDryRun(plan: DryRunPlan): string {
  const lines = [
    `${plan.rows} rows: ${plan.models.length} model${plan.models.length === 1 ? "" : "s"} (${plan.models.join(", ")}) × ${plan.conditions.length} conditions × ${plan.requests} requests`,
    "",
    "condition                              rows  qwen2.5 prompt tokens per request, offline (mean, max)",
  ];
  for (const c of plan.conditions) {
    lines.push(
      `  ${conditionText(c.condition).padEnd(36)} ${String(c.rows).padStart(5)}  ${c.meanOfflineTokens.toFixed(0)}, ${c.maxOfflineTokens}`,
    );
  }
  if (plan.conditions.some((c) => c.condition.search?.method === "embed")) {
    lines.push("  (an embedding search cannot rank offline: its prompts are sized with BM25's top tools)");
  }
  lines.push("");
  for (const m of plan.perModel) {
    if (m.numCtx !== undefined)
      lines.push(
        `${m.model}: ${m.rows} rows, loaded with num_ctx ${m.numCtx} (largest prompt plus room for the answer)`,
      );
    else if (m.worstUsd !== undefined) {
      lines.push(
        `${m.model}: ${m.rows} rows, worst case ${usd(m.worstUsd)} at list price ` +
          `(input ${usd(m.inputUsd!)}, estimated as ${CLAUDE_TOKEN_FACTOR} × the qwen2.5 count; output ${usd(m.outputUsd!)}, every one of max_tokens ${m.maxTokens})`,
      );
    } else lines.push(`${m.model}: ${m.rows} rows`);
  }
  if (plan.worstUsd !== undefined)
    lines.push(`worst case in all: ${usd(plan.worstUsd)} (a paid run's spending cap unless --max-usd says otherwise)`);
  return lines.join("\n");
}
