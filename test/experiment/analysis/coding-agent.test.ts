// "In a coding agent" measured with our tools (lib/src/experiment/analysis/coding-agent.ts), and
// comparison sentences whose direction is computed from the two numbers they compare.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildCatalog, loadCatalogData } from "../../../lib/src/experiment/catalog/catalog.js";
import {
  comparedWithChapter,
  listingTokens,
  tokenBoundsInBytes,
} from "../../../lib/src/experiment/analysis/coding-agent.js";

describe("listingTokens", () => {
  it("names only cost a fraction of the full definitions, for both 64-tool catalogs", () => {
    const data = loadCatalogData();
    for (const kind of ["unrelated", "confusable"] as const) {
      const listing = listingTokens(buildCatalog(data, kind, 64));
      expect(listing.tools).toBe(64);
      expect(listing.namesOnly).toBeGreaterThan(64); // at least a token a name, plus the separators
      expect(listing.namesOnly * 4).toBeLessThan(listing.fullDefinitions);
    }
  });
});

describe("tokenBoundsInBytes", () => {
  it("converts bounds at the sample's bytes per token and compares them with the frame limit", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 4 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (sample, bounds, limit) => {
          const sized = tokenBoundsInBytes(sample, bounds, limit);
          expect(sized.bounds.map((bound) => bound.tokens)).toEqual(bounds);
          for (const bound of sized.bounds) {
            expect(bound.bytes).toBe(Math.round(bound.tokens * sized.bytesPerToken));
            expect(bound.overFrameLimit).toBe(bound.bytes > limit);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("comparedWithChapter", () => {
  it("says faster exactly when ours is smaller at the shown precision, slower when larger", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (ours, chapter, digits) => {
          const sentence = comparedWithChapter("x", ours, chapter, digits);
          const same = ours.toFixed(digits) === chapter.toFixed(digits);
          expect(sentence.includes("the same as")).toBe(same);
          expect(sentence.includes("faster than")).toBe(!same && ours < chapter);
          expect(sentence.includes("slower than")).toBe(!same && ours > chapter);
        },
      ),
    );
  });

  it("says what the committed receipt says beside the chapter: faster handshake and median, slower p95", () => {
    expect(comparedWithChapter("start and handshake", 39.6, 44, 1)).toMatch(
      /ours 39\.6 ms is faster than the chapter's 44\.0 ms/u,
    );
    expect(comparedWithChapter("p95 call", 0.2, 0.166, 3)).toMatch(/slower than/u);
  });
});
