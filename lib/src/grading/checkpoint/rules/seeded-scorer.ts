// A score function that crosses the probe's pipe as data: each text's score is one of `scores`,
// picked by a seeded hash of the request and that text. It tells every character of both apart
// (case, whitespace, any code unit), so a topTools that rewrites the request or a tool's text
// before scoring ranks by other scores than the ones asked for.
import type { ScoreFunction } from "../../../tools/types.js";

/** FNV-1a over the string's UTF-16 code units and its length, from `hash`. */
function mix(hash: number, text: string): number {
  let h = hash >>> 0;
  for (let index = 0; index < text.length; index += 1) h = Math.imul(h ^ text.charCodeAt(index), 16777619) >>> 0;
  return Math.imul(h ^ text.length, 16777619) >>> 0;
}

/**
 * `scores` as strings, so -0 and the smallest subnormal cross JSON unchanged ("-0", "5e-324").
 * Each call returns one number per text, the same for the same (request, text) whatever else is asked.
 */
export function seededScorer(seed: number, scores: readonly string[]): ScoreFunction {
  const values = scores.map(Number);
  if (values.length === 0 || values.some(Number.isNaN))
    throw new Error(`seededScorer: not scores: ${scores.join(", ")}`);
  return (request, texts) => texts.map((text) => values[mix(mix(2166136261 ^ seed, request), text) % values.length]!);
}
