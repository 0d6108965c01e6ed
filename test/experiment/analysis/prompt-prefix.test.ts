import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import { promptPrefixByOrder, sharedPrefixLength } from "../../../lib/src/experiment/analysis/prompt-prefix.js";

describe("sharedPrefixLength", () => {
  it("is the length of the longest common prefix", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(5)), fc.array(fc.nat(5)), fc.array(fc.nat(5)), (common, a, b) => {
        const shared = sharedPrefixLength([...common, ...a], [...common, ...b]);
        expect(shared).toBeGreaterThanOrEqual(common.length);
        const x = [...common, ...a];
        const y = [...common, ...b];
        expect(x.slice(0, shared)).toEqual(y.slice(0, shared));
        if (shared < Math.min(x.length, y.length)) expect(x[shared]).not.toBe(y[shared]);
      }),
    );
  });
});

describe("promptPrefixByOrder", () => {
  it("a fixed tool order shares the whole tools block between prompts; a shuffle shares only the start", () => {
    const [fixed, shuffled] = promptPrefixByOrder(loadCatalogData(), "confusable", 8, 7, 2);
    expect(fixed.meanPromptTokens).toBe(shuffled.meanPromptTokens); // the same tools, only their order moves
    expect(fixed.meanSharedTokens).toBeGreaterThan(shuffled.meanSharedTokens);
    expect(fixed.sharedShare).toBeGreaterThan(0.9); // all but the request itself
    expect(shuffled.sharedShare).toBeLessThan(0.5);
  });
});
