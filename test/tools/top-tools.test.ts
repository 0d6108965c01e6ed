import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bm25Scorer } from "../../lib/src/tools/bm25.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { topTools, topToolsAsync } from "../../lib/src/tools/top-tools.js";
import type { McpTool } from "../../lib/src/tools/types.js";

const tool = (name: string, description: string): McpTool => ({ name, description, inputSchema: { type: "object" } });
const catalog = [
  tool("stock_level", "How many units of a product the shop holds."),
  tool("word_count", "Count the words in a piece of text."),
  tool("character_count", "Count the characters in a piece of text."),
  tool("sales_today", "Total sales since opening time today."),
];
/** A scorer from a fixed table, so ties are under the test's control. */
const fixed = (scores: number[]) => () => scores.slice();

describe("topTools", () => {
  it("keeps the m best, best first", () => {
    const best = topTools("count the words", catalog, bm25Scorer(), 2);
    expect(best.map((t) => t.name)).toEqual(["word_count", "character_count"]);
  });

  it("hands the scorer each tool's text and the request", () => {
    const seen: Array<[string, readonly string[]]> = [];
    topTools("vanilla", catalog.slice(0, 2), (q, docs) => (seen.push([q, docs]), [0, 0]), 1);
    expect(seen).toEqual([
      [
        "vanilla",
        ["stock level. How many units of a product the shop holds.", "word count. Count the words in a piece of text."],
      ],
    ]);
  });

  it("keeps catalog order among equal scores", () => {
    expect(topTools("x", catalog, fixed([1, 2, 2, 1]), 4).map((t) => t.name)).toEqual([
      "word_count",
      "character_count",
      "stock_level",
      "sales_today",
    ]);
    expect(topTools("x", catalog, fixed([0, 0, 0, 0]), 3).map((t) => t.name)).toEqual([
      "stock_level",
      "word_count",
      "character_count",
    ]);
  });

  it("returns the same tool objects in a new array and changes nothing", () => {
    const before = structuredClone(catalog);
    const input = catalog.slice();
    const best = topTools("count", input, bm25Scorer(), 4);
    expect(input).toEqual(catalog);
    expect(catalog).toEqual(before);
    expect(best).not.toBe(input);
    expect(best.every((t) => catalog.includes(t))).toBe(true);
  });

  it("returns every tool when m is larger than the catalog, and none for m = 0", () => {
    expect(topTools("x", catalog, fixed([1, 2, 3, 4]), 10)).toHaveLength(4);
    expect(topTools("x", catalog, fixed([1, 2, 3, 4]), 0)).toEqual([]);
  });

  it("refuses a bad m and a scorer that does not give one number per tool", () => {
    expect(() => topTools("x", catalog, fixed([1, 2, 3, 4]), -1)).toThrow(UsageError);
    expect(() => topTools("x", catalog, fixed([1, 2, 3, 4]), -1)).toThrow(expect.objectContaining({ reason: "count" }));
    expect(() => topTools("x", catalog, fixed([1, 2, 3, 4]), 1.5)).toThrow(
      /m out of range; expected a whole number of tools >= 0; received 1.5/,
    );
    expect(() => topTools("x", catalog, fixed([1, 2]), 1)).toThrow(expect.objectContaining({ reason: "scores" }));
    expect(() => topTools("x", catalog, fixed([1, 2]), 1)).toThrow(
      /expected one number per tool \(4\); received 2 scores/,
    );
    expect(() => topTools("x", catalog, fixed([1, Number.NaN, 3, 4]), 1)).toThrow(/score 1 is not a number/);
  });

  it("returns a prefix of a permutation of the catalog, ranked by score, ties in catalog order (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 30 }), fc.nat({ max: 35 }), (scores, m) => {
        const tools = scores.map((_, i) => tool(`t${i}`, ""));
        const best = topTools("q", tools, fixed(scores), m);
        expect(best).toHaveLength(Math.min(m, tools.length));
        expect(new Set(best).size).toBe(best.length);
        const positions = best.map((t) => tools.indexOf(t));
        expect(positions.every((p) => p >= 0)).toBe(true);
        for (let i = 1; i < positions.length; i++) {
          const [a, b] = [positions[i - 1] as number, positions[i] as number];
          const [sa, sb] = [scores[a] as number, scores[b] as number];
          expect(sa > sb || (sa === sb && a < b)).toBe(true);
        }
        // Nothing left out scores higher than what was kept.
        const lowestKept = best.length === 0 ? Infinity : (scores[positions.at(-1) as number] as number);
        tools.forEach((t, i) => {
          if (!best.includes(t)) expect(scores[i] as number).toBeLessThanOrEqual(lowestKept);
        });
        // A longer list begins with the shorter one.
        expect(topTools("q", tools, fixed(scores), tools.length).slice(0, best.length)).toEqual(best);
      }),
    );
  });
});

describe("topToolsAsync", () => {
  it("awaits a scorer that returns a promise and ranks like topTools", async () => {
    const asyncScorer = async (q: string, docs: readonly string[]) => bm25Scorer()(q, docs);
    const best = await topToolsAsync("count the characters", catalog, asyncScorer, 2);
    expect(best).toEqual(topTools("count the characters", catalog, bm25Scorer(), 2));
    expect(best[0]?.name).toBe("character_count");
  });

  it("takes a synchronous scorer too, and refuses bad scores the same way", async () => {
    expect((await topToolsAsync("x", catalog, fixed([0, 0, 5, 0]), 1))[0]?.name).toBe("character_count");
    await expect(topToolsAsync("x", catalog, fixed([1]), 1)).rejects.toThrow(UsageError);
    await expect(topToolsAsync("x", catalog, fixed([1]), 1)).rejects.toMatchObject({ reason: "scores" });
  });
});
