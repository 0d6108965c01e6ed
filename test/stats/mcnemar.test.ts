import { describe, expect, it } from "vitest";
import { mcnemarExact, pairedCounts } from "../../lib/src/stats/mcnemar.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

describe("mcnemarExact", () => {
  it("gives the exact two-sided binomial p-values", () => {
    // b=0, c=5: 2 · C(5,0)/2⁵ = 2/32
    expect(mcnemarExact(0, 5).pValue).toBeCloseTo(0.0625, 12);
    // b=1, c=9: 2 · (C(10,0) + C(10,1))/2¹⁰ = 22/1024
    expect(mcnemarExact(1, 9).pValue).toBeCloseTo(22 / 1024, 12);
    expect(mcnemarExact(1, 9).pValue).toBeCloseTo(0.0215, 4);
    // b=2, c=8: 2 · (1 + 10 + 45)/1024 = 112/1024
    expect(mcnemarExact(2, 8).pValue).toBeCloseTo(112 / 1024, 12);
    // symmetric, and capped at 1 for an even split
    expect(mcnemarExact(9, 1).pValue).toBe(mcnemarExact(1, 9).pValue);
    expect(mcnemarExact(3, 3).pValue).toBe(1);
    expect(mcnemarExact(0, 0).pValue).toBe(1);
  });

  it("stays finite for many discordant pairs (no underflow of ½ⁿ)", () => {
    const { pValue } = mcnemarExact(600, 600);
    expect(pValue).toBe(1);
    const lopsided = mcnemarExact(480, 720).pValue;
    expect(lopsided).toBeGreaterThan(0);
    expect(lopsided).toBeLessThan(1e-10);
  });

  it("says when this many discordant pairs cannot show a difference at 0.05", () => {
    const r = mcnemarExact(0, 5);
    expect(r.significant).toBe(false);
    expect(r.smallestPossiblePValue).toBe(0.0625);
    expect(r.sentence).toMatchInlineSnapshot(
      `"5 paired requests came out differently (0 right only under the first condition, 5 only under the second); even if all of them had gone one way, p could not fall below 0.0625, so this many pairs cannot show a difference at 0.05."`,
    );
  });

  it("says when the difference is significant, and when it is not", () => {
    expect(mcnemarExact(1, 9)).toMatchObject({ discordant: 10, significant: true });
    expect(mcnemarExact(1, 9).sentence).toContain("p = 0.0215, below 0.05: the two conditions differ");
    expect(mcnemarExact(2, 8)).toMatchObject({ significant: false });
    expect(mcnemarExact(2, 8).sentence).toContain(
      "p = 0.109, not below 0.05: this run cannot tell the two conditions apart",
    );
    expect(mcnemarExact(0, 0).sentence).toMatch(/No paired request came out differently/);
  });

  it("takes another alpha", () => {
    expect(mcnemarExact(0, 5, { alpha: 0.1 }).significant).toBe(true);
  });

  it.each([
    [-1, 3],
    [1.5, 3],
    [2, Number.NaN],
  ])("refuses mcnemarExact(%s, %s) with a typed error", (b, c) => {
    expect(() => mcnemarExact(b, c)).toThrow(UsageError);
    expect(() => mcnemarExact(b, c)).toThrow(expect.objectContaining({ reason: "counts" }));
    expect(() => mcnemarExact(b, c)).toThrow(/expected a whole number of discordant pairs >= 0/);
  });
});

describe("pairedCounts", () => {
  it("counts the 2×2 table of two conditions over the same requests", () => {
    const first = [true, true, false, false, true, false];
    const second = [true, false, true, false, false, true];
    expect(pairedCounts(first, second)).toEqual({ n: 6, bothTrue: 1, bothFalse: 1, b: 2, c: 2 });
  });

  it("feeds mcnemarExact", () => {
    const all = Array.from({ length: 24 }, () => true);
    const five = all.map((_, i) => i >= 5);
    const { b, c } = pairedCounts(all, five);
    expect(mcnemarExact(b, c).pValue).toBe(0.0625);
  });

  it("refuses lists of different lengths", () => {
    expect(() => pairedCounts([true], [true, false])).toThrow(UsageError);
    expect(() => pairedCounts([true], [true, false])).toThrow(expect.objectContaining({ reason: "counts" }));
    expect(() => pairedCounts([true], [true, false])).toThrow(/received 1 and 2 outcomes/);
  });
});
