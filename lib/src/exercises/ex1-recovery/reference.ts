// Exercise 1's reference answer: the analysis the learner's toolCosts(rows, floor) is compared with.
import type { Row } from "../../experiment/receipts/receipt.js";
import { leastSquares } from "../../stats/least-squares.js";

/** Exercise 1's analysis, per model: what one more tool costs in prompt tokens, and routing at 64 tools. */
export type ModelToolCost = {
  /** Least-squares slope of prompt tokens over tools offered; null with fewer than two sizes. */
  tokensPerTool: number | null;
  /** Requests that need a tool, asked with all 64 tools offered, and how many were routed right. */
  rightAt64: number;
  askedAt64: number;
  /** Routing recovered: asked at all, and right / asked reached the floor. */
  recovers: boolean;
};
export type ToolCosts = Record<string, ModelToolCost>;

/**
 * The reference analysis, written out: under native tool calling and with every catalog tool
 * offered (no search), the slope of prompt tokens over tools offered through every row (a prompt
 * costs the same whether or not its request needs a tool), and routing at 64 over the requests
 * that need a tool.
 */
export function referenceToolCosts(rows: readonly Row[], floor: number): ToolCosts {
  const costs: ToolCosts = {};
  for (const model of [...new Set(rows.map((row) => row.model))]) {
    const all = rows.filter((row) => row.model === model && row.protocol === "native" && row.search === undefined);
    const fit = leastSquares(
      all.map((row) => row.offered.length),
      all.map((row) => row.promptTokens),
    );
    const at64 = all.filter((row) => row.size === 64 && row.expected !== null);
    const rightAt64 = at64.filter((row) => row.outcome === "right").length;
    costs[model] = {
      tokensPerTool: fit?.slope ?? null,
      rightAt64,
      askedAt64: at64.length,
      recovers: at64.length > 0 && rightAt64 / at64.length >= floor,
    };
  }
  return costs;
}
