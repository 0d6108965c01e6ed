import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import { renderQwen25Native } from "../../../lib/src/experiment/prompts/qwen-template.js";
import { countQwenTokens } from "../../../lib/src/experiment/prompts/qwen-tokens.js";
import { loadReceipt } from "../../../lib/src/experiment/receipts/receipt-file.js";
import type { Receipt } from "../../../lib/src/experiment/receipts/receipt.js";
import { loadPublishedFigures } from "../../../lib/src/experiment/analysis/published.js";
import {
  checkTables,
  compareRerun,
  pairedOutcomes,
  quoteFigure,
  searchRecall,
  searchTools,
  toolTokenCost,
} from "../../../lib/src/experiment/analysis/part-a.js";

const REPO = join(__dirname, "../../..");
const receipt = loadReceipt(join(REPO, "evidence/receipts/lexical-baseline.json"));
const data = loadCatalogData(join(REPO, "evidence/catalog"));
const tool = (name: string) => data.shopTools.find((t) => t.name === name)!;

describe("checkTables", () => {
  it("finds the stored tables equal to the ones its rows recompute", () => {
    const check = checkTables(receipt);
    expect(check).toMatchObject({ match: true, rows: receipt.rows.length, difference: null });
    expect(check.conditions).toBe(receipt.tables.conditions.length);
  });

  it("names the first field that differs when one row's outcome is changed", () => {
    const edited: Receipt = structuredClone(receipt);
    const row = edited.rows.findIndex((r) => r.outcome === "right");
    edited.rows[row] = { ...edited.rows[row]!, outcome: "wrong" };
    const check = checkTables(edited);
    expect(check.match).toBe(false);
    expect(check.difference?.path).toMatch(/^tables\.conditions\[\d+\]\.right$/);
    expect((check.difference!.stored as number) - (check.difference!.recomputed as number)).toBe(1);
  });
});

describe("toolTokenCost", () => {
  const request = "How many tubs of vanilla do we have in stock?";

  it("counts what one more tool adds to the prompt, the schema making the native form dearer", () => {
    const cost = toolTokenCost(tool("stock_level"), request, [tool("word_count")]);
    const before = countQwenTokens(renderQwen25Native(request, [tool("word_count")]));
    const after = countQwenTokens(renderQwen25Native(request, [tool("word_count"), tool("stock_level")]));
    expect(cost.native).toBe(after - before);
    expect(cost.choice).toBeGreaterThan(cost.description);
    expect(cost.native).toBeGreaterThan(cost.choice);
    expect(cost.nativeText).toMatch(/^\{"type": "function", "function": \{"name":"stock_level"/);
    expect(cost.choiceText).toBe(`- stock_level: ${tool("stock_level").description}`);
  });

  it("refuses a tool that is already among the others", () => {
    expect(() => toolTokenCost(tool("stock_level"), request, [tool("stock_level")])).toThrow(
      /already among the other tools/,
    );
  });
});

describe("pairedOutcomes", () => {
  it("pairs the same requests under two conditions, in one order", () => {
    const paired = pairedOutcomes(
      receipt.rows,
      { kind: "unrelated", size: 8, protocol: "native" },
      { kind: "unrelated", size: 64, protocol: "native" },
    );
    expect(paired.requestIds).toHaveLength(24);
    expect(new Set(paired.requestIds).size).toBe(24);
    const cell = (size: number) =>
      receipt.tables.conditions.find(
        (c) => c.kind === "unrelated" && c.size === size && c.protocol === "native" && c.search === "all",
      )!;
    expect(paired.first.filter(Boolean)).toHaveLength(cell(8).right);
    expect(paired.second.filter(Boolean)).toHaveLength(cell(64).right);
    const id = paired.requestIds[5];
    const row64 = receipt.rows.find(
      (r) => r.requestId === id && r.kind === "unrelated" && r.size === 64 && r.protocol === "native" && !r.search,
    )!;
    expect(paired.second[5]).toBe(row64.outcome === "right");
  });

  it("says which condition has no rows", () => {
    expect(() =>
      pairedOutcomes(
        receipt.rows,
        { kind: "unrelated", size: 8, protocol: "native" },
        { kind: "unrelated", size: 12, protocol: "native" },
      ),
    ).toThrow(/no rows for unrelated 12 native all/);
  });
});

describe("tool search", () => {
  it("ranks by BM25 score, best first, and keeps m", () => {
    const hits = searchTools("Draft a restock order for 40 tubs of vanilla.", data.shopTools, 3);
    expect(hits).toHaveLength(3);
    expect(hits[0]!.name).toBe("draft_restock");
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(() => searchTools("x", data.shopTools, 0)).toThrow(/invalid m; expected a whole number >= 1; received 0/);
    expect(() => searchTools("x", data.shopTools, 0)).toThrow(
      expect.objectContaining({ code: "usage", reason: "count" }),
    );
  });

  it("reproduces the recall the receipt's BM25 top-5 search recorded", () => {
    const recall = searchRecall(data, { kind: "confusable", size: 64, m: 5, baseSeed: receipt.run.baseSeed });
    const cell = receipt.tables.conditions.find((c) => c.search === "bm25 top 5" && c.protocol === "native")!;
    expect(recall.recall).toBe(cell.recall);
    expect(recall.misses).toHaveLength(recall.total - recall.hits);
    for (const miss of recall.misses) expect(miss.offered).not.toContain(miss.expected);
  });
});

describe("quoteFigure", () => {
  const published = loadPublishedFigures(join(REPO, "evidence/published/ch14-figures.json"));

  it("quotes the chapter's own wording with a short location", () => {
    expect(quoteFigure(published, "protocol-start-handshake-ms")).toBe(
      '"44 ms" (chapter 14, Part A: Every tool is paid for in tokens)',
    );
  });

  it("refuses an unknown id and a figure without wording", () => {
    expect(() => quoteFigure(published, "no-such-figure")).toThrow(/no figure "no-such-figure"/);
    expect(() => quoteFigure(published, "no-such-figure")).toThrow(
      expect.objectContaining({ code: "usage", reason: "figure" }),
    );
    expect(() => quoteFigure(published, "prompt-tokens")).toThrow(/is a series; it has no wording to quote/);
  });
});

describe("compareRerun", () => {
  const native8 = receipt.rows.filter(
    (r) => r.kind === "unrelated" && r.size === 8 && r.protocol === "native" && !r.search,
  );

  it("counts rows that repeat the stored ones, timings aside", () => {
    const rerun = native8.map((row) => ({ ...row, totalMs: row.totalMs + 5 }));
    expect(compareRerun(receipt.rows, rerun)).toEqual({ compared: 24, matching: 24, differing: [] });
  });

  it("names a row whose outcome, offer order or tokens changed", () => {
    const rerun = native8.map((row, i) =>
      i === 0
        ? { ...row, offered: [...row.offered].reverse() }
        : i === 1
          ? { ...row, promptTokens: row.promptTokens + 1 }
          : row,
    );
    const comparison = compareRerun(receipt.rows, rerun);
    expect(comparison.matching).toBe(22);
    expect(comparison.differing).toHaveLength(2);
    expect(comparison.differing[0]).toContain(native8[0]!.requestId);
  });
});
