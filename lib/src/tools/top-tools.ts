import { toolText } from "./tool-text.js";
import { UsageError } from "../errors/usage-error.js";
import type { AsyncScoreFunction, ScoreFunction } from "./types.js";

/**
 * The m tools whose text (toolText) scores highest for the request, best first. Equal scores keep
 * catalog order, so a ranking never depends on the sort's stability. Returns the same tool objects
 * in a new array; neither `tools` nor the tools are changed. m larger than the catalog returns the
 * whole catalog, ranked.
 *
 * `score` is synchronous (BM25). For a scorer that returns a promise (embeddings), use
 * topToolsAsync, which takes either kind.
 */
export function topTools<T extends { name: string; description?: string }>(
  request: string,
  tools: readonly T[],
  score: ScoreFunction,
  m: number,
): T[] {
  checkCount(m);
  const scores = score(request, tools.map(toolText));
  return pickBest(tools, scores, m);
}

/** topTools for a scorer that may return a promise, such as ollamaEmbeddingScorer. */
export async function topToolsAsync<T extends { name: string; description?: string }>(
  request: string,
  tools: readonly T[],
  score: AsyncScoreFunction,
  m: number,
): Promise<T[]> {
  checkCount(m);
  const scores = await score(request, tools.map(toolText));
  return pickBest(tools, scores, m);
}

function checkCount(m: number): void {
  if (!Number.isInteger(m) || m < 0) {
    throw new UsageError("count", {
      what: "topTools: m out of range",
      expected: "a whole number of tools >= 0",
      received: String(m),
    });
  }
}

function pickBest<T>(tools: readonly T[], scores: readonly number[], m: number): T[] {
  if (!Array.isArray(scores) || scores.length !== tools.length) {
    const got = Array.isArray(scores) ? `${scores.length} scores` : typeof scores;
    throw new UsageError("scores", {
      what: "topTools: the score function's answer does not fit the tools",
      expected: `one number per tool (${tools.length})`,
      received: got,
    });
  }
  const bad = scores.findIndex((s) => typeof s !== "number" || Number.isNaN(s));
  if (bad !== -1) {
    throw new UsageError("scores", {
      what: `topTools: score ${bad} is not a number, and NaN cannot be ranked`,
      expected: "a number for every tool",
      received: String(scores[bad]),
    });
  }
  const order = tools.map((_, index) => index);
  order.sort((i, j) => (scores[j] as number) - (scores[i] as number) || i - j);
  return order.slice(0, m).map((i) => tools[i] as T);
}
