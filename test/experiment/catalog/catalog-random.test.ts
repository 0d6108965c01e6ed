import { describe, expect, it } from "vitest";
import { hashToUint32, mulberry32, seededShuffle } from "../../../lib/src/experiment/catalog/catalog-random.js";

/** mulberry32 as it is usually published (int32 arithmetic), to check ours against. */
function referenceMulberry32(a: number): () => number {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("mulberry32", () => {
  it("matches the published generator for several seeds", () => {
    for (const seed of [0, 1, 42, 2759893184, 0xffffffff]) {
      const ours = mulberry32(seed);
      const reference = referenceMulberry32(seed);
      for (let i = 0; i < 100; i++) expect(ours()).toBe(reference());
    }
  });

  it("stays in [0, 1)", () => {
    const random = mulberry32(7);
    for (let i = 0; i < 10_000; i++) {
      const x = random();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe("seededShuffle", () => {
  it("is a permutation, reproducible, and leaves its input alone", () => {
    const items = Array.from({ length: 64 }, (_, i) => i);
    const shuffled = seededShuffle(items, 99);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(seededShuffle(items, 99)).toEqual(shuffled);
    expect(items).toEqual(Array.from({ length: 64 }, (_, i) => i));
    expect(seededShuffle(items, 100)).not.toEqual(shuffled);
  });

  it("pins one small shuffle, so a change of algorithm cannot pass unnoticed", () => {
    // Fisher–Yates from the end with mulberry32(1), whose first draws are 0.627, 0.0027, 0.527:
    // i=3: j = floor(0.627·4) = 2, swap → a b d c; i=2: j = floor(0.0027·3) = 0, swap → d b a c;
    // i=1: j = floor(0.527·2) = 1, no change.
    expect(seededShuffle(["a", "b", "c", "d"], 1)).toEqual(["d", "b", "a", "c"]);
  });

  it("handles empty and single-item lists", () => {
    expect(seededShuffle([], 5)).toEqual([]);
    expect(seededShuffle(["x"], 5)).toEqual(["x"]);
  });
});

describe("hashToUint32", () => {
  it("reads the first four bytes of SHA-256 big-endian", () => {
    // sha256("abc") = ba7816bf 8f01cfea ...
    expect(hashToUint32("abc")).toBe(0xba7816bf);
  });
});
