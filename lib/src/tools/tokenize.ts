/**
 * BM25's tokenizer: lowercase, then split on every run of characters that is not a Unicode letter
 * or digit, dropping empty pieces. So "A-1060" gives ["a", "1060"], "today's" gives ["today", "s"]
 * and "stock_level" gives ["stock", "level"]. No stemming and no stop words: "words" and "word" are
 * different terms, which is part of why a request worded unlike its tool's description is hard for
 * a lexical search.
 */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== "");
}
