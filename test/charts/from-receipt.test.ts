import { describe, expect, test } from "vitest";
import { seriesFromReceipt } from "../../lib/src/charts/from-receipt.js";
import { receiptSourceLabel } from "../../lib/src/charts/source-label.js";
import { FIXTURE_RUN, fixtureReceipt } from "./receipt-fixture.js";

describe("seriesFromReceipt", () => {
  const receipt = fixtureReceipt();
  const data = seriesFromReceipt(receipt);

  test("labels every chart with the receipt, and a lexical run as a retrieval baseline", () => {
    const label = "receipt: lexical (retrieval baseline, not a language model), bm25-top1, 2025-11-30";
    for (const input of [data.promptTokens, data.routedRight, data.noCall, data.search]) expect(input.source).toBe(label);
    expect(receiptSourceLabel({ ...FIXTURE_RUN, providerLabel: "bm25" })).toBe(
      "receipt: lexical (retrieval baseline, not a language model), bm25-top1, 2025-11-30",
    );
    expect(receiptSourceLabel({ ...FIXTURE_RUN, provider: "ollama", providerLabel: "Ollama", model: "qwen2.5:1.5b" })).toBe(
      "receipt: ollama (Ollama), qwen2.5:1.5b, 2025-11-30",
    );
  });

  test("prompt tokens: one line per protocol from the unrelated catalog, sizes ascending", () => {
    expect(data.promptTokens.series).toEqual([
      { label: "bm25-top1", points: [8, 16, 32, 64].map((x) => ({ x, tokens: 100 + 40 * x })) },
      { label: "bm25-top1 choice", points: [8, 16, 32, 64].map((x) => ({ x, tokens: 50 + 10 * x })) },
    ]);
    expect(data.promptTokens.note).toBe("Counted offline: a test tokenizer");
    const confusable = seriesFromReceipt(receipt, { kind: "confusable" });
    expect(confusable.promptTokens.series[0]?.points[0]).toEqual({ x: 8, tokens: 423 });
  });

  test("routed right: counts of right answers over n, per size", () => {
    expect(data.routedRight.series[0]).toEqual({
      label: "bm25-top1",
      points: [{ x: 8, k: 4, n: 4 }, { x: 16, k: 4, n: 4 }, { x: 32, k: 4, n: 4 }, { x: 64, k: 2, n: 4 }],
    });
  });

  test("no call: every native answer of the model counts, searches included", () => {
    // Native: 8 catalogs x 4 requests + the search's 4; declines: 2 at each 64-tool catalog + 1 in the search.
    expect(data.noCall.bars).toEqual([{ label: "bm25-top1", count: 5, n: 36 }]);
  });

  test("search: all tools of the searched catalog, then each search, with its recall", () => {
    expect(data.search.bars).toEqual([
      { label: "All 64", k: 2, n: 4 },
      { label: "BM25 top 5", k: 3, n: 4 },
    ]);
    expect(data.search.title).toBe("bm25-top1: all 64 confusable tools or a search's top 5 (native)");
    expect(data.search.note).toContain("BM25 top 5 recall 1.000");
  });

  test("does not modify the receipt", () => {
    const before = JSON.stringify(receipt);
    seriesFromReceipt(receipt);
    expect(JSON.stringify(receipt)).toBe(before);
  });
});
