// Exercise 1's last question, "how many tools would you offer at once?", answered with arithmetic
// on a recovery report: the largest tested catalog at which routing stayed at or above a floor,
// and the most tools whose prefill stays under a time budget. The smaller of the two is the advice.
import type { AccuracyCell, ModelRecovery, RecoveryReport } from "./analysis.js";
import type { Protocol } from "../../experiment/receipts/receipt.js";
import { UsageError } from "../../errors/usage-error.js";

export type ToolBudgetOptions = {
  /** The most prefill time one request may spend reading tools and request, in ms. */
  maxPrefillMs: number;
  /** The lowest acceptable share routed right (0 to 1), checked at every tested size up to the advice. */
  minAccuracy: number;
};

export type ToolBudgetEntry = {
  model: string;
  protocol: Protocol;
  /** Largest tested size at which it and every smaller tested size routed at least minAccuracy (worst kind); null if none. */
  accuracyLimit: number | null;
  /** Most tools whose fitted prefill stays within maxPrefillMs; null when there is no prefill to fit. */
  prefillLimit: number | null;
  /** The smaller of the two limits (or the one there is); null when routing never met the floor. */
  recommended: number | null;
  /** The arithmetic, one sentence a step. */
  reasons: string[];
};

export type ToolBudgetAdvice = ToolBudgetOptions & { entries: ToolBudgetEntry[]; text: string };

const percent = (x: number) => `${(x * 100).toFixed(0)}%`;

function accuracyLimit(model: ModelRecovery, protocol: Protocol, floor: number, reasons: string[]): number | null {
  const cells = model.bySize.filter((cell) => cell.protocol === protocol);
  const sizes = [...new Set(cells.map((cell) => cell.size))].sort((a, b) => a - b);
  let limit: number | null = null;
  let worstAtLimit: AccuracyCell | undefined;
  for (const size of sizes) {
    const worst = cells.filter((cell) => cell.size === size).reduce((a, b) => (b.share < a.share ? b : a));
    if (worst.share < floor) {
      reasons.push(
        `Routing fell to ${worst.right}/${worst.n} (${percent(worst.share)}) at ${size} ${worst.kind} tools, below ${percent(floor)}` +
          (limit === null
            ? `, already at the smallest size tested: offer a search's few tools instead, or a larger model.`
            : `, so accuracy allows at most ${limit}.`),
      );
      break;
    }
    limit = size;
    worstAtLimit = worst;
  }
  if (limit !== null && limit === sizes[sizes.length - 1]) {
    reasons.push(
      `Routing stayed at or above ${percent(floor)} at every size tested, up to ${limit}; beyond ${limit} was not tested.`,
    );
  }
  // Only the size the advice rests on gets the caveat: one sentence, not one per size.
  if (worstAtLimit !== undefined && worstAtLimit.low < floor) {
    reasons.push(
      `At ${limit} tools the worst kind (${worstAtLimit.kind}) routed ${worstAtLimit.right}/${worstAtLimit.n}, but its 95% interval ` +
        `reaches down to ${percent(worstAtLimit.low)}: with ${worstAtLimit.n} requests that is not settled.`,
    );
  }
  return limit;
}

function prefillLimit(
  model: ModelRecovery,
  protocol: Protocol,
  maxPrefillMs: number,
  reasons: string[],
): number | null {
  const fit = model.costs.find((cost) => cost.protocol === protocol);
  if (fit === undefined || fit.prefillMsPerTool === null || fit.prefillMsIntercept === null) {
    reasons.push(
      "No prefill time was reported (the retrieval baseline and the Messages API report none), so time sets no limit.",
    );
    return null;
  }
  const perTool = fit.prefillMsPerTool;
  const fixed = fit.prefillMsIntercept;
  if (perTool <= 0) {
    reasons.push(
      `Prefill did not grow with tools offered in these rows (${perTool.toFixed(2)} ms per tool), so time sets no limit here.`,
    );
    return null;
  }
  const exact = (maxPrefillMs - fixed) / perTool;
  const limit = Math.max(0, Math.floor(exact));
  reasons.push(
    `Prefill ≈ ${fixed.toFixed(1)} ms + ${perTool.toFixed(2)} ms per tool; (${maxPrefillMs} − ${fixed.toFixed(1)}) / ${perTool.toFixed(2)} = ` +
      `${exact.toFixed(1)}, so at most ${limit} tools stay within ${maxPrefillMs} ms.`,
  );
  return limit;
}

/**
 * How many tools to offer at once, per model and protocol: min(accuracy limit, prefill limit).
 * The accuracy limit is the largest tested catalog size at which every kind, at that size and every
 * smaller one, routed at least minAccuracy; the prefill limit is floor((maxPrefillMs − fixed) /
 * per-tool) from the fitted prefill line. Both come from the report; nothing is measured here.
 */
export function toolBudgetAdvice(report: RecoveryReport, options: ToolBudgetOptions): ToolBudgetAdvice {
  const { maxPrefillMs, minAccuracy } = options;
  if (typeof maxPrefillMs !== "number" || !Number.isFinite(maxPrefillMs) || maxPrefillMs <= 0) {
    throw new UsageError("budget-option", {
      what: "toolBudgetAdvice: invalid maxPrefillMs",
      expected: "a number of ms > 0",
      received: String(maxPrefillMs),
    });
  }
  if (typeof minAccuracy !== "number" || !(minAccuracy >= 0 && minAccuracy <= 1)) {
    throw new UsageError("budget-option", {
      what: "toolBudgetAdvice: invalid minAccuracy",
      expected: "a share from 0 to 1",
      received: String(minAccuracy),
    });
  }
  const entries: ToolBudgetEntry[] = [];
  for (const model of report.models) {
    const protocols = [...new Set(model.bySize.map((cell) => cell.protocol))];
    for (const protocol of protocols) {
      const reasons: string[] = [];
      const byAccuracy = accuracyLimit(model, protocol, minAccuracy, reasons);
      const byPrefill = prefillLimit(model, protocol, maxPrefillMs, reasons);
      const tokens = model.costs.find((cost) => cost.protocol === protocol)?.tokensPerTool ?? null;
      if (tokens !== null)
        reasons.push(`Each tool offered costs about ${tokens.toFixed(1)} prompt tokens (${protocol}).`);
      const recommended =
        byAccuracy === null ? null : byPrefill === null ? byAccuracy : Math.min(byAccuracy, byPrefill);
      entries.push({
        model: model.model,
        protocol,
        accuracyLimit: byAccuracy,
        prefillLimit: byPrefill,
        recommended,
        reasons,
      });
    }
  }
  return { maxPrefillMs, minAccuracy, entries, text: formatAdvice(report, options, entries) };
}

function formatAdvice(report: RecoveryReport, options: ToolBudgetOptions, entries: readonly ToolBudgetEntry[]): string {
  const lines = [
    `### How many tools to offer at once`,
    ``,
    `From ${report.source}. Floor: ${percent(options.minAccuracy)} routed right; prefill budget: ${options.maxPrefillMs} ms.`,
    ``,
  ];
  for (const entry of entries) {
    const verdict =
      entry.recommended === null
        ? "no catalog size tested meets the floor"
        : `offer at most ${entry.recommended} tool${entry.recommended === 1 ? "" : "s"} at once`;
    lines.push(`- **${entry.model}** (${entry.protocol}): ${verdict}.`);
    for (const reason of entry.reasons) lines.push(`  - ${reason}`);
  }
  return lines.join("\n");
}
