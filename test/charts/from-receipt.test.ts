import { describe, expect, test } from "vitest";
import { seriesFromReceipt } from "../../lib/src/charts/from-receipt.js";
import { receiptSourceLabel } from "../../lib/src/experiment/receipts/source-label.js";
import { join } from "node:path";
import { seriesFromPublished } from "../../lib/src/charts/from-published.js";
import { noCallChart } from "../../lib/src/charts/no-call-chart.js";
import { loadPublishedFigures } from "../../lib/src/experiment/analysis/published.js";
import { makeReceipt } from "../../lib/src/experiment/receipts/summarize.js";
import { FIXTURE_RUN, fixtureReceipt } from "./receipt-fixture.js";

describe("seriesFromReceipt", () => {
  const receipt = fixtureReceipt();
  const data = seriesFromReceipt(receipt);

  test("labels every chart with the receipt, and a lexical run as a retrieval baseline", () => {
    const label = "receipt: lexical (retrieval baseline, not a language model), bm25-top1, 2025-11-30";
    for (const input of [data.promptTokens, data.routedRight, data.noCall, data.search])
      expect(input.source).toBe(label);
    expect(receiptSourceLabel({ ...FIXTURE_RUN, providerLabel: "bm25" })).toBe(
      "receipt: lexical (retrieval baseline, not a language model), bm25-top1, 2025-11-30",
    );
    expect(
      receiptSourceLabel({ ...FIXTURE_RUN, provider: "ollama", providerLabel: "Ollama", model: "qwen2.5:1.5b" }),
    ).toBe("receipt: ollama (Ollama), qwen2.5:1.5b, 2025-11-30");
  });

  test("prompt tokens: one line per protocol from the unrelated catalog, sizes ascending", () => {
    expect(data.promptTokens.series).toEqual([
      {
        label: "BM25 top-1 baseline",
        protocol: "native",
        points: [8, 16, 32, 64].map((x) => ({ x, tokens: 100 + 40 * x })),
      },
      {
        label: "BM25 top-1 baseline",
        protocol: "choice",
        points: [8, 16, 32, 64].map((x) => ({ x, tokens: 50 + 10 * x })),
      },
    ]);
    expect(data.promptTokens.note).toBe("The prompt a language model would be sent, counted offline: a test tokenizer");
    const confusable = seriesFromReceipt(receipt, { kind: "confusable" });
    expect(confusable.promptTokens.series[0]?.points[0]).toEqual({ x: 8, tokens: 423 });
  });

  test("routed right: counts of right answers over n, per size", () => {
    expect(data.routedRight.series[0]).toEqual({
      label: "BM25 top-1 baseline",
      protocol: "native",
      points: [
        { x: 8, k: 4, n: 4 },
        { x: 16, k: 4, n: 4 },
        { x: 32, k: 4, n: 4 },
        { x: 64, k: 2, n: 4 },
      ],
    });
  });

  test("no call: every native answer of the model counts, searches included", () => {
    // Native: 8 catalogs x 4 requests + the search's 4; declines: 2 at each 64-tool catalog + 1 in the search.
    expect(data.noCall.bars).toEqual([{ label: "BM25 top-1 baseline", count: 5, n: 36 }]);
  });

  test("search: all tools of the searched catalog, then each search, with its recall", () => {
    expect(data.search.bars).toEqual([
      { label: "All 64", k: 2, n: 4 },
      { label: "BM25 top 5", k: 3, n: 4 },
    ]);
    expect(data.search.title).toBe(
      "Retrieval baseline (BM25, not a language model): BM25 top-1 baseline, all 64 confusable tools or a search's top 5 (native)",
    );
    expect(data.search.note).toContain("BM25 top 5 recall 1.000");
  });

  test("never gives a chart a chapter chart's title, and keeps one colour per model and protocol across charts", () => {
    const chapter = seriesFromPublished(
      loadPublishedFigures(join(__dirname, "../../evidence/published/ch14-figures.json")),
    );
    const chapterTitles = new Set(
      [chapter.promptTokens, chapter.routedRight, chapter.noCall, chapter.search].map((c) => c.title),
    );
    const ours = [data.promptTokens, data.routedRight, data.noCall, data.search].map((c) => c.title);
    for (const title of ours) expect(chapterTitles.has(title)).toBe(false);
    // One model keeps one name (and so one colour) in every chart; the protocol is drawn apart.
    expect(data.promptTokens.series.map((s) => [s.label, s.protocol])).toEqual(
      data.routedRight.series.map((s) => [s.label, s.protocol]),
    );
  });

  test("draws a cut-short reply apart from no call", () => {
    const rows = receipt.rows.map((row, i) =>
      i === 0 && row.protocol === "native"
        ? {
            ...row,
            answer: { kind: "text" as const, text: "" },
            stopReason: "max_tokens",
            outcome: "cut-short" as const,
          }
        : row,
    );
    const cut = seriesFromReceipt(makeReceipt(receipt.run, rows));
    expect(cut.noCall.bars).toEqual([{ label: "BM25 top-1 baseline", count: 5, n: 36, cutShort: 1 }]);
    const spec = JSON.stringify(noCallChart(cut.noCall));
    expect(spec).toContain("cut short or refused by the service");
  });

  test("does not modify the receipt", () => {
    const before = JSON.stringify(receipt);
    seriesFromReceipt(receipt);
    expect(JSON.stringify(receipt)).toBe(before);
  });
});
