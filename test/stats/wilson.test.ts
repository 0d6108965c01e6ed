import { describe, expect, it } from "vitest";
import { UsageError } from "../../lib/src/errors/usage-error.js";
import { wilson } from "../../lib/src/stats/wilson.js";

const rounded = (k: number, n: number) => {
  const { low, high } = wilson(k, n);
  return [Number(low.toFixed(2)), Number(high.toFixed(2))];
};

describe("wilson", () => {
  it("reproduces the chapter's intervals (Part A, 24 requests per condition)", () => {
    expect(rounded(23, 24)).toEqual([0.8, 0.99]); // 1.5b, eight tools
    expect(rounded(14, 24)).toEqual([0.39, 0.76]); // 1.5b, sixty-four tools
    expect(rounded(18, 24)).toEqual([0.55, 0.88]); // "an interval around 0.75"
  });

  it("matches the formula to many digits for 23/24", () => {
    // p = 23/24, z² = 3.8416: center = (p + z²/48) / (1 + z²/24), half = 1.96·sqrt(p(1−p)/24 + z²/2304) / (1 + z²/24)
    const p = 23 / 24;
    const d = 1 + 3.8416 / 24;
    const center = (p + 3.8416 / 48) / d;
    const half = (1.96 * Math.sqrt((p * (1 - p)) / 24 + 3.8416 / 2304)) / d;
    const w = wilson(23, 24);
    expect(w.share).toBe(p);
    expect(w.low).toBeCloseTo(center - half, 12);
    expect(w.high).toBeCloseTo(center + half, 12);
  });

  it("keeps a real width at the extremes, with exact ends", () => {
    const none = wilson(0, 24);
    expect(none).toMatchObject({ share: 0, low: 0 });
    expect(none.high).toBeCloseTo(0.138, 3);
    const all = wilson(24, 24);
    expect(all).toMatchObject({ share: 1, high: 1 });
    expect(all.low).toBeCloseTo(0.862, 3);
  });

  it("narrows with a larger sample and widens with a larger z", () => {
    expect(wilson(180, 240).high - wilson(180, 240).low).toBeLessThan(wilson(18, 24).high - wilson(18, 24).low);
    expect(wilson(18, 24, 2.576).low).toBeLessThan(wilson(18, 24).low);
  });

  it.each([
    [5, 0, /invalid n; expected a whole number > 0; received 0/],
    [1.5, 24, /invalid successes; expected a whole number from 0 to n = 24; received 1.5/],
    [25, 24, /received 25/],
    [-1, 24, /received -1/],
    [3, 2.5, /invalid n; expected a whole number > 0; received 2.5/],
    [Number.NaN, 24, /received NaN/],
  ])("refuses wilson(%s, %s) with a typed error", (k, n, message) => {
    expect(() => wilson(k, n)).toThrow(UsageError);
    expect(() => wilson(k, n)).toThrow(expect.objectContaining({ code: "usage", reason: "counts" }));
    expect(() => wilson(k, n)).toThrow(message);
  });

  it("refuses a z that is not a positive finite number", () => {
    expect(() => wilson(1, 2, 0)).toThrow(/invalid z; expected a finite number > 0; received 0/);
    expect(() => wilson(1, 2, 0)).toThrow(expect.objectContaining({ reason: "stats-parameter" }));
  });
});
