// Exercise 1, "where routing recovers": for each model in a receipt, how well it routed with every
// tool offered at the largest catalog, and what each extra tool cost it in prompt tokens and in
// prefill time. Everything is recomputed from the receipt's rows; nothing is measured here.
import { receiptSourceLabel } from "../../experiment/receipts/source-label.js";
import { leastSquares } from "../../stats/least-squares.js";
import { wilson } from "../../stats/wilson.js";
import { parseModelSize, sortByModelSize } from "../../experiment/model-size.js";
import type { CatalogKind, Protocol, Receipt, Row } from "../../experiment/receipts/receipt.js";

/** The chapter's question is asked at sixty-four tools. */
export const RECOVERY_DEFAULT_SIZE = 64;

/** Routing at one catalog kind, size and protocol, all tools offered: k right of n, with a 95% Wilson interval. */
export type AccuracyCell = {
  kind: CatalogKind;
  size: number;
  protocol: Protocol;
  n: number;
  right: number;
  share: number;
  low: number;
  high: number;
};

/** A least-squares line y = intercept + perTool · tools, fitted over rows; null where it cannot be fitted. */
export type CostFit = {
  protocol: Protocol;
  /** Prompt tokens per tool offered (slope), and the tokens with no tools (intercept). */
  tokensPerTool: number | null;
  tokensIntercept: number | null;
  /** Prefill milliseconds per tool offered; null when the provider reported no prefill (e.g. the retrieval baseline). */
  prefillMsPerTool: number | null;
  prefillMsIntercept: number | null;
  /** Tools-offered values the fit saw, ascending, and how many rows. */
  sizes: number[];
  rows: number;
};

export type ModelRecovery = {
  model: string;
  /** Parameters parsed from the name (qwen2.5:7b → 7e9), or null when the name does not say. */
  parameters: number | null;
  /** Accuracy at the report's size, per kind and protocol. */
  atSize: AccuracyCell[];
  /** Accuracy at every size the receipt ran with all tools offered, per kind and protocol. */
  bySize: AccuracyCell[];
  /** Cost per tool offered, per protocol (kinds pooled: a tool costs what its text costs). */
  costs: CostFit[];
};

export type RecoveryReport = {
  /** Where the numbers come from: "receipt: <provider>, <model(s)>, <date>". */
  source: string;
  /** The catalog size accuracy is reported at (64 unless asked otherwise). */
  size: number;
  /** One entry per model, smallest parsed size first, unsized names after. */
  models: ModelRecovery[];
};

const KIND_ORDER: readonly CatalogKind[] = ["unrelated", "confusable"];
const PROTOCOL_ORDER: readonly Protocol[] = ["native", "choice", "choice-none"];

function accuracyCells(rows: readonly Row[]): AccuracyCell[] {
  const cells: AccuracyCell[] = [];
  const sizes = [...new Set(rows.map((row) => row.size))].sort((a, b) => a - b);
  for (const kind of KIND_ORDER)
    for (const size of sizes)
      for (const protocol of PROTOCOL_ORDER) {
        const own = rows.filter((row) => row.kind === kind && row.size === size && row.protocol === protocol);
        if (own.length === 0) continue;
        const right = own.filter((row) => row.outcome === "right").length;
        cells.push({ kind, size, protocol, n: own.length, right, ...wilson(right, own.length) });
      }
  return cells;
}

function costFit(protocol: Protocol, rows: readonly Row[]): CostFit {
  const xs = rows.map((row) => row.offered.length);
  const tokens = leastSquares(
    xs,
    rows.map((row) => row.promptTokens),
  );
  const timed = rows.filter((row) => row.prefillMs !== null);
  const prefill = leastSquares(
    timed.map((row) => row.offered.length),
    timed.map((row) => row.prefillMs!),
  );
  // A provider that reports no tokens (0 on every row) has no token cost to fit.
  const counted = rows.some((row) => row.promptTokens > 0);
  return {
    protocol,
    tokensPerTool: counted ? (tokens?.slope ?? null) : null,
    tokensIntercept: counted ? (tokens?.intercept ?? null) : null,
    prefillMsPerTool: prefill?.slope ?? null,
    prefillMsIntercept: prefill?.intercept ?? null,
    sizes: [...new Set(xs)].sort((a, b) => a - b),
    rows: rows.length,
  };
}

/**
 * Per model: accuracy at `size` tools (default 64) and at every size, each with its Wilson
 * interval, per kind and protocol; and the cost of one more tool offered, per protocol, as the
 * slope of prompt tokens and of prefill milliseconds against tools offered. Only rows that
 * offered every catalog tool (no search) and needed a tool count for accuracy; the cost fits use
 * every no-search row, since a prompt costs the same whether or not the request needs a tool.
 */
export function recoveryReport(
  receipt: Pick<Receipt, "run" | "rows">,
  options: { size?: number } = {},
): RecoveryReport {
  const size = options.size ?? RECOVERY_DEFAULT_SIZE;
  const allTools = receipt.rows.filter((row) => row.search === undefined);
  const models = sortByModelSize([...new Set(receipt.rows.map((row) => row.model))]);
  return {
    source: receiptSourceLabel(receipt.run),
    size,
    models: models.map((model) => {
      const own = allTools.filter((row) => row.model === model);
      const bySize = accuracyCells(own.filter((row) => row.expected !== null));
      const costs = PROTOCOL_ORDER.flatMap((protocol) => {
        const rows = own.filter((row) => row.protocol === protocol);
        return rows.length === 0 ? [] : [costFit(protocol, rows)];
      });
      return {
        model,
        parameters: parseModelSize(model),
        atSize: bySize.filter((cell) => cell.size === size),
        bySize,
        costs,
      };
    }),
  };
}
