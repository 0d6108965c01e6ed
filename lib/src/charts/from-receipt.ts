// A receipt's summary tables as chart data. The tables are the ones loadReceipt has already checked
// against the rows, so every number drawn here recomputes from the receipt's own rows.
import type { CatalogKind, ConditionCell, Protocol, Receipt } from "../experiment/receipts/receipt.js";
import { chartModel, modelLabel } from "./models.js";
import { receiptSourceLabel } from "../experiment/receipts/source-label.js";
import type { ChartData, ShareBar, ShareSeries, TokenSeries } from "./series.js";

export interface ReceiptChartOptions {
  /** Which distractors the token and routing lines use (default: unrelated, as the chapter's figures). */
  readonly kind?: CatalogKind;
}

const PROTOCOL_ORDER: readonly Protocol[] = ["native", "choice"];
const INTERVAL_NOTE = "Vertical bars: Wilson 95% intervals";

/**
 * Titles of charts drawn from a receipt say whose numbers they are, so none reads as one of the
 * chapter's figures (those titles are the chapter's own).
 */
function titlePrefix(receipt: Receipt): string {
  return receipt.run.provider === "lexical"
    ? "Retrieval baseline (BM25, not a language model)"
    : `Measured here (${receipt.run.provider})`;
}

/** Cells grouped by model and protocol, models in first-seen order, native before choice, sizes ascending. */
function linesOf(cells: readonly ConditionCell[]): { model: string; protocol: Protocol; cells: ConditionCell[] }[] {
  const models = [...new Set(cells.map((c) => c.model))];
  const lines: { model: string; protocol: Protocol; cells: ConditionCell[] }[] = [];
  for (const model of models) {
    for (const protocol of PROTOCOL_ORDER) {
      const own = cells.filter((c) => c.model === model && c.protocol === protocol).sort((a, b) => a.size - b.size);
      if (own.length > 0) lines.push({ model, protocol, cells: own });
    }
  }
  return lines;
}

/** "bm25 top 5" → "BM25 top 5"; "embed top 5" → "embedding top 5". */
function searchBarLabel(search: string): string {
  return search.replace(/^bm25\b/, "BM25").replace(/^embed\b/, "embedding");
}

function kindOf(cells: readonly ConditionCell[], wanted: CatalogKind | undefined): CatalogKind {
  if (wanted !== undefined) return wanted;
  return cells.some((c) => c.kind === "unrelated" && c.search === "all") ? "unrelated" : "confusable";
}

export function seriesFromReceipt(receipt: Receipt, options: ReceiptChartOptions = {}): ChartData {
  const source = receiptSourceLabel(receipt.run);
  const cells = receipt.tables.conditions;
  const kind = kindOf(cells, options.kind);
  const allTools = cells.filter((c) => c.search === "all" && c.kind === kind);

  const prefix = titlePrefix(receipt);
  const tokenSeries: TokenSeries[] = linesOf(allTools)
    // A provider that reported no tokens (0 everywhere) has no token line to draw.
    .filter((line) => line.cells.some((c) => c.meanPromptTokens > 0))
    .map((line) => ({
      label: modelLabel(line.model),
      protocol: line.protocol,
      points: line.cells.map((c) => ({ x: c.size, tokens: c.meanPromptTokens })),
    }));

  const shareSeries: ShareSeries[] = linesOf(allTools).map((line) => ({
    label: modelLabel(line.model),
    protocol: line.protocol,
    points: line.cells.map((c) => ({ x: c.size, k: c.right, n: c.n })),
  }));

  // Every native answer counts, searches included: the chapter's "of 216" is all of a model's native answers.
  const models = [...new Set(cells.map((c) => c.model))];
  const noCallBars = models.flatMap((model) => {
    const native = cells.filter((c) => c.model === model && c.protocol === "native");
    const n = native.reduce((sum, c) => sum + c.n, 0);
    const cutShort = native.reduce((sum, c) => sum + c.cutShort + c.refused, 0);
    const label = modelLabel(model);
    return n === 0
      ? []
      : [{ label, count: native.reduce((sum, c) => sum + c.noCall, 0), n, ...(cutShort > 0 ? { cutShort } : {}) }];
  });

  // The search chart: the first catalog a search ranked, for the run's model, native if it ran.
  const searched = cells.filter((c) => c.search !== "all");
  const model = searched.some((c) => c.model === receipt.run.model) ? receipt.run.model : searched[0]?.model;
  const first = searched.find((c) => c.model === model);
  let searchBars: ShareBar[] = [];
  let searchTitle = "All tools or a search's top five";
  let recallNote = "";
  if (first !== undefined) {
    const protocol = searched.some(
      (c) => c.model === model && c.kind === first.kind && c.size === first.size && c.protocol === "native",
    )
      ? "native"
      : first.protocol;
    const same = (c: ConditionCell) =>
      c.model === model && c.kind === first.kind && c.size === first.size && c.protocol === protocol;
    const all = cells.find((c) => same(c) && c.search === "all");
    const searches = searched.filter(same);
    searchBars = [
      ...(all === undefined ? [] : [{ label: `All ${all.size}`, k: all.right, n: all.n }]),
      ...searches.map((c) => ({ label: searchBarLabel(c.search), k: c.right, n: c.n })),
    ];
    const tops = [...new Set(searches.map((c) => /top (\d+)$/.exec(c.search)?.[1] ?? "few"))];
    const top = tops.length === 1 ? tops[0]! : "few";
    searchTitle = `${prefix}: ${modelLabel(model!)}, all ${first.size} ${first.kind} tools or a search's top ${top} (${protocol})`;
    recallNote = searches
      .filter((c) => c.recall !== null)
      .map((c) => `${searchBarLabel(c.search)} recall ${c.recall!.toFixed(3)}`)
      .join(", ");
  }

  const tokenizer = receipt.run.tokenizer;
  return {
    promptTokens: {
      source,
      title: `${prefix}: prompt tokens for one request, ${kind} distractors`,
      ...(tokenizer === undefined
        ? {}
        : {
            note: `${chartModel(receipt.run.model)?.languageModel === false ? "The prompt a language model would be sent, counted" : "Counted"} offline: ${tokenizer}`,
          }),
      series: tokenSeries,
    },
    routedRight: {
      source,
      title: `${prefix}: right tool chosen, ${kind} distractors`,
      note: INTERVAL_NOTE,
      series: shareSeries,
    },
    noCall: {
      source,
      title: `${prefix}: native answers with no tool call${new Set(noCallBars.map((b) => b.n)).size === 1 ? `, of ${noCallBars[0]!.n}` : ""}`,
      ...(noCallBars.some((b) => b.cutShort !== undefined)
        ? { note: "Grey: replies the service cut short (max_tokens, length) or refused, not counted as no call" }
        : {}),
      bars: noCallBars,
    },
    search: {
      source,
      title: searchTitle,
      note: recallNote === "" ? INTERVAL_NOTE : `${INTERVAL_NOTE}; ${recallNote}`,
      bars: searchBars,
    },
  };
}
