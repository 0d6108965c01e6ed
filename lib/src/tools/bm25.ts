import { UsageError } from "../errors/usage-error.js";
import { tokenize } from "./tokenize.js";
import type { ScoreFunction } from "./types.js";

/**
 * Okapi BM25 over short documents (tool texts).
 *
 * For a query q and a document d of length |d| (in tokens), over a corpus of N documents whose
 * average length is avgdl:
 *
 *   score(q, d) = Σ over query tokens t of  idf(t) · f(t,d) · (k1 + 1) / (f(t,d) + k1 · (1 − b + b · |d| / avgdl))
 *   idf(t)      = ln(1 + (N − n(t) + 0.5) / (n(t) + 0.5))
 *
 * f(t,d) is how often t occurs in d, n(t) how many documents contain t. This idf is Lucene's: it
 * stays positive even for a term in every document (the original Robertson–Spärck Jones form goes
 * negative there). A query token that repeats counts once per occurrence, as in rank_bm25 and in
 * Lucene's boolean query. Tokens come from `tokenize` (lowercase, split on non-alphanumerics, no
 * stemming).
 *
 * Parameters:
 * - k1 (default 1.2, must be >= 0; 1.2 to 2.0 is the usual range) bounds what repeating a term in
 *   a document can add: 0 ignores term frequency, larger values let it count for longer.
 * - b (default 0.75, in [0, 1]) is how much a long document is penalised: 0 not at all, 1 fully in
 *   proportion to its length over the average.
 */
export type Bm25Options = { k1?: number; b?: number };

export const BM25_DEFAULT_K1 = 1.2;
export const BM25_DEFAULT_B = 0.75;

/** A ranked hit: the document's index in the corpus and its score. */
export type Bm25Hit = { index: number; score: number };

type Postings = { docs: Int32Array; weights: Float64Array };

/**
 * An inverted index built once over a corpus. Each posting stores its document's full BM25 weight
 * for that term (idf and length normalisation already applied), so a query only adds numbers for
 * the documents that share a term with it; documents that share none score 0 without being visited.
 */
export class Bm25Index {
  readonly size: number;
  readonly k1: number;
  readonly b: number;
  readonly averageLength: number;
  private readonly lengths: Float64Array;
  private readonly postings = new Map<string, Postings>();
  /** Reused by top(): zero outside a call, so a query need not allocate one float per document. */
  private readonly scratch: Float64Array;

  constructor(documents: readonly string[], options: Bm25Options = {}) {
    const { k1, b } = checkedParameters(options);
    this.k1 = k1;
    this.b = b;
    this.size = documents.length;
    this.lengths = new Float64Array(documents.length);
    this.scratch = new Float64Array(documents.length);

    // First pass: term frequencies per document, document lengths.
    const frequencies = new Map<string, { docs: number[]; counts: number[] }>();
    let totalLength = 0;
    documents.forEach((document, index) => {
      const counts = new Map<string, number>();
      const tokens = tokenize(document);
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      this.lengths[index] = tokens.length;
      totalLength += tokens.length;
      for (const [term, count] of counts) {
        let entry = frequencies.get(term);
        if (entry === undefined) frequencies.set(term, (entry = { docs: [], counts: [] }));
        entry.docs.push(index);
        entry.counts.push(count);
      }
    });
    this.averageLength = documents.length === 0 ? 0 : totalLength / documents.length;

    // Second pass: fold idf and length normalisation into one weight per posting.
    const n = documents.length;
    for (const [term, { docs, counts }] of frequencies) {
      const idf = Math.log(1 + (n - docs.length + 0.5) / (docs.length + 0.5));
      const weights = new Float64Array(docs.length);
      docs.forEach((doc, i) => {
        const f = counts[i] as number;
        const relativeLength = this.averageLength === 0 ? 0 : (this.lengths[doc] as number) / this.averageLength;
        weights[i] = (idf * f * (k1 + 1)) / (f + k1 * (1 - b + b * relativeLength));
      });
      this.postings.set(term, { docs: Int32Array.from(docs), weights });
    }
  }

  /** Every document's score for the query, in corpus order. */
  scores(query: string): number[] {
    const totals = new Float64Array(this.size);
    for (const token of tokenize(query)) {
      const postings = this.postings.get(token);
      if (postings === undefined) continue;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) totals[docs[i] as number]! += weights[i] as number;
    }
    return Array.from(totals);
  }

  /**
   * The m best documents for the query, best first; equal scores keep corpus order, and documents
   * that share no term with the query (score 0) follow in corpus order if m reaches them.
   */
  top(query: string, m: number): Bm25Hit[] {
    if (!Number.isInteger(m) || m < 0) {
      throw new UsageError("count", {
        what: "Bm25Index.top: m out of range",
        expected: "a whole number >= 0",
        received: String(m),
      });
    }
    const totals = this.scratch;
    const touched: number[] = [];
    for (const token of tokenize(query)) {
      const postings = this.postings.get(token);
      if (postings === undefined) continue;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i] as number;
        if (totals[doc] === 0) touched.push(doc);
        totals[doc]! += weights[i] as number;
      }
    }
    // Every weight is > 0 (idf > 0, f > 0), so touched documents are exactly those scoring > 0.
    const best = selectBest(touched, totals, m);
    if (best.length < m) {
      // Fewer documents matched than asked for: the rest score 0 and follow in corpus order.
      const matched = new Set(touched);
      for (let doc = 0; best.length < m && doc < this.size; doc++) {
        if (!matched.has(doc)) best.push({ index: doc, score: 0 });
      }
    }
    for (const doc of touched) totals[doc] = 0; // leave the scratch buffer clean for the next query
    return best;
  }
}

/** The m highest of the candidates, by score then index; insertion for small m, a sort otherwise. */
function selectBest(candidates: number[], totals: Float64Array, m: number): Bm25Hit[] {
  const before = (i: number, j: number): boolean =>
    (totals[i] as number) > (totals[j] as number) || (totals[i] === totals[j] && i < j);
  if (m * 8 >= candidates.length) {
    candidates.sort((i, j) => (before(i, j) ? -1 : 1));
    return candidates.slice(0, m).map((index) => ({ index, score: totals[index] as number }));
  }
  const kept: number[] = [];
  for (const doc of candidates) {
    if (kept.length === m && !before(doc, kept[m - 1] as number)) continue;
    let at = kept.length === m ? m - 1 : kept.length;
    while (at > 0 && before(doc, kept[at - 1] as number)) {
      kept[at] = kept[at - 1] as number;
      at--;
    }
    kept[at] = doc;
  }
  return kept.map((index) => ({ index, score: totals[index] as number }));
}

function checkedParameters(options: Bm25Options): { k1: number; b: number } {
  const k1 = options.k1 ?? BM25_DEFAULT_K1;
  const b = options.b ?? BM25_DEFAULT_B;
  if (typeof k1 !== "number" || !Number.isFinite(k1) || k1 < 0) {
    throw bm25ParameterError("k1", "a finite number >= 0 (usually 1.2 to 2.0)", k1);
  }
  if (typeof b !== "number" || !Number.isFinite(b) || b < 0 || b > 1) {
    throw bm25ParameterError("b", "a number in [0, 1]", b);
  }
  return { k1, b };
}

function bm25ParameterError(parameter: "k1" | "b", expected: string, received: unknown): UsageError {
  return new UsageError("bm25-parameter", {
    what: `BM25 parameter ${parameter} out of range`,
    expected,
    received: String(received),
  });
}

/**
 * A BM25 score function for topTools: indexes the documents it is given and scores the query
 * against them. Parameters are checked here, once, not at the first query.
 */
export function bm25Scorer(options: Bm25Options = {}): ScoreFunction {
  const parameters = checkedParameters(options);
  return (query, documents) => new Bm25Index(documents, parameters).scores(query);
}
