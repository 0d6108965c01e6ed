import { describe, expect, it } from "vitest";
import { BM25_DEFAULT_B, BM25_DEFAULT_K1, Bm25Index, bm25Scorer } from "../../lib/src/tools/bm25.js";
import { UsageError } from "../../lib/src/errors/usage-error.js";

// A toy corpus small enough to score by hand.
//   D0 "red apple"        tokens [red, apple]        |D0| = 2
//   D1 "green apple pie"  tokens [green, apple, pie] |D1| = 3
//   D2 "red red wine"     tokens [red, red, wine]    |D2| = 3
// N = 3, avgdl = 8/3.
// idf(t) = ln(1 + (N − n + 0.5)/(n + 0.5)):
//   red (n=2), apple (n=2): ln(1 + 1.5/2.5) = ln 1.6 = 0.470004
//   wine (n=1):             ln(1 + 2.5/1.5) = ln(8/3) = 0.980829
// Length factor L = 1 − b + b·|d|/avgdl with b = 0.75:
//   |d| = 2: 0.25 + 0.75·0.75  = 0.8125  → k1·L = 0.975
//   |d| = 3: 0.25 + 0.75·1.125 = 1.09375 → k1·L = 1.3125
// Term score = idf · f·(k1 + 1)/(f + k1·L), k1 = 1.2:
//   query "red apple":
//     D0: red f=1 and apple f=1, each ln1.6 · 2.2/1.975 → 2 · 0.470004 · 1.113924 = 1.047097
//     D1: apple f=1:               ln1.6 · 2.2/2.3125   → 0.470004 · 0.951351      = 0.447139
//     D2: red f=2:                 ln1.6 · 4.4/3.3125   → 0.470004 · 1.328302      = 0.624307
//   query "wine":
//     D2: wine f=1:                ln(8/3) · 2.2/2.3125 → 0.980829 · 0.951351      = 0.933113
const corpus = ["red apple", "green apple pie", "red red wine"];

describe("BM25 on a hand-computed corpus", () => {
  const index = new Bm25Index(corpus);

  it("scores every document as the arithmetic above", () => {
    const [d0, d1, d2] = index.scores("red apple");
    expect(d0).toBeCloseTo(1.047097, 6);
    expect(d1).toBeCloseTo(0.447139, 6);
    expect(d2).toBeCloseTo(0.624307, 6);
    expect(d0).toBeCloseTo((2 * Math.log(1.6) * 2.2) / 1.975, 12);
    expect(index.scores("wine")).toEqual([0, 0, expect.closeTo(0.933113, 6)]);
    expect(index.averageLength).toBeCloseTo(8 / 3, 12);
  });

  it("counts a repeated query token once per occurrence and ignores case and punctuation", () => {
    const once = index.scores("wine")[2] as number;
    expect(index.scores("WINE, wine!")[2]).toBeCloseTo(2 * once, 12);
  });

  it("scores 0 for words no document has, and for an empty query", () => {
    expect(index.scores("vanilla")).toEqual([0, 0, 0]);
    expect(index.scores("")).toEqual([0, 0, 0]);
  });

  it("with k1 = 0 ignores term frequency: a match is worth exactly its idf", () => {
    const flat = new Bm25Index(corpus, { k1: 0 });
    expect(flat.scores("red")).toEqual([expect.closeTo(Math.log(1.6), 12), 0, expect.closeTo(Math.log(1.6), 12)]);
  });

  it("with b = 0 ignores document length", () => {
    const noLength = new Bm25Index(corpus, { b: 0 });
    // apple f=1 in D0 (2 tokens) and D1 (3 tokens): both ln1.6 · 2.2/2.2
    const [d0, d1] = noLength.scores("apple");
    expect(d0).toBeCloseTo(Math.log(1.6), 12);
    expect(d1).toBeCloseTo(Math.log(1.6), 12);
  });

  it("keeps idf positive for a term in every document (Lucene's form)", () => {
    const everywhere = new Bm25Index(["the cat", "the dog", "the cow"]);
    for (const score of everywhere.scores("the")) expect(score).toBeGreaterThan(0);
  });

  it("top(m) ranks best first, ties and zero scores in corpus order", () => {
    expect(index.top("red apple", 2)).toEqual([
      { index: 0, score: expect.closeTo(1.047097, 6) },
      { index: 2, score: expect.closeTo(0.624307, 6) },
    ]);
    expect(index.top("wine", 3).map((hit) => hit.index)).toEqual([2, 0, 1]);
    expect(index.top("wine", 0)).toEqual([]);
    expect(index.top("wine", 10)).toHaveLength(3);
    const tied = new Bm25Index(["blue", "red", "blue", "red"]);
    expect(tied.top("red", 4).map((hit) => hit.index)).toEqual([1, 3, 0, 2]);
  });

  it("top agrees with sorting scores, whichever selection path it takes", () => {
    const docs = Array.from(
      { length: 200 },
      (_, i) => `tool ${i % 7} alpha ${i % 3 === 0 ? "beta" : "gamma"} ${"x ".repeat(i % 5)}`,
    );
    const big = new Bm25Index(docs);
    const scores = big.scores("alpha beta 3");
    const expected = scores
      .map((score, index) => ({ index, score }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    for (const m of [1, 5, 30, 200]) expect(big.top("alpha beta 3", m)).toEqual(expected.slice(0, m));
  });

  it("gives the same answer to a query however many queries came before it", () => {
    const reused = new Bm25Index(corpus);
    const first = reused.top("red apple", 3);
    reused.top("wine red", 1);
    reused.top("green pie apple", 2);
    expect(reused.top("red apple", 3)).toEqual(first);
    expect(reused.top("wine", 3)).toEqual(new Bm25Index(corpus).top("wine", 3));
  });

  it("handles an empty corpus and empty documents", () => {
    expect(new Bm25Index([]).top("x", 5)).toEqual([]);
    expect(new Bm25Index(["", ""]).scores("x")).toEqual([0, 0]);
  });
});

describe("bm25Scorer", () => {
  it("gives the index's scores for whatever documents it is handed", () => {
    expect(bm25Scorer()("red apple", corpus)).toEqual(new Bm25Index(corpus).scores("red apple"));
  });

  it("documents its defaults", () => {
    expect([BM25_DEFAULT_K1, BM25_DEFAULT_B]).toEqual([1.2, 0.75]);
    const index = new Bm25Index(corpus);
    expect([index.k1, index.b]).toEqual([1.2, 0.75]);
  });

  it.each([
    [{ k1: -0.1 }, "BM25 parameter k1 out of range; expected a finite number >= 0 (usually 1.2 to 2.0); received -0.1"],
    [
      { k1: Number.POSITIVE_INFINITY },
      "BM25 parameter k1 out of range; expected a finite number >= 0 (usually 1.2 to 2.0); received Infinity",
    ],
    [{ b: 1.5 }, "BM25 parameter b out of range; expected a number in [0, 1]; received 1.5"],
    [{ b: Number.NaN }, "BM25 parameter b out of range; expected a number in [0, 1]; received NaN"],
  ])("refuses %o when the scorer is made, naming the range", (options, message) => {
    expect(() => bm25Scorer(options)).toThrow(UsageError);
    expect(() => bm25Scorer(options)).toThrow(expect.objectContaining({ code: "usage", reason: "bm25-parameter" }));
    expect(() => bm25Scorer(options)).toThrow(message);
  });
});
