// BM25 at scale: build an index over 10,000 generated tools and time top-5 queries against it.
// Target (issue 3): median query under 1 ms. Run with `npm run bench:bm25`; add --json for one
// machine-readable line.
import { performance } from "node:perf_hooks";
import { mulberry32 } from "../experiment/catalog/catalog-random.js";
import { Bm25Index } from "../tools/bm25.js";
import { toolText } from "../tools/tool-text.js";
import { argumentsOrExit, readFlags } from "../flags/flags.js";

const TOOLS = 10_000;
const QUERIES = 1_000;
const WARM_UP = 200;
const BUILDS = 5;
const TOP = 5;
const TARGET_MS = 1;
const SEED = 20_240_601;
const USAGE =
  "usage: npm run bench:bm25 [-- --json]\n  times BM25 over 10,000 generated tools; --json prints the figures as one JSON line";

/** Made-up but pronounceable words, so the vocabulary is large and has no accidental structure. */
function vocabulary(size: number, random: () => number): string[] {
  const onsets = ["b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "st", "tr", "pl"];
  const vowels = ["a", "e", "i", "o", "u", "ea", "ou"];
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 1 + Math.floor(random() * 3);
    let word = "";
    for (let s = 0; s < syllables; s++) {
      word += onsets[Math.floor(random() * onsets.length)]! + vowels[Math.floor(random() * vowels.length)]!;
    }
    words.add(word);
  }
  return [...words];
}

/** Draws words with Zipf-like frequencies (weight 1/rank): a few very common, most rare, as in real text. */
function zipfSampler(words: readonly string[], random: () => number): () => string {
  const cumulative: number[] = [];
  let total = 0;
  words.forEach((_, rank) => cumulative.push((total += 1 / (rank + 1))));
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((cumulative[mid] as number) < target) low = mid + 1;
      else high = mid;
    }
    return words[low] as string;
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function main(): void {
  const { values } = argumentsOrExit("bench:bm25", USAGE, () =>
    readFlags(process.argv.slice(2), { json: { type: "boolean" }, help: { type: "boolean" } }),
  );
  if (values.help === true) {
    console.log(USAGE);
    return;
  }
  const asJson = values.json === true;
  const random = mulberry32(SEED);
  const word = zipfSampler(vocabulary(5_000, random), random);
  const phrase = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, word).join(" ");

  const tools = Array.from({ length: TOOLS }, (_, i) => ({
    name: `${word()}_${word()}_${i}`,
    description: `${phrase(12, 30)}.`,
  }));
  const documents = tools.map(toolText);
  // Half the queries reuse words of one tool (they hit), half are fresh draws.
  const queries = Array.from({ length: WARM_UP + QUERIES }, (_, i) =>
    i % 2 === 0 ? phrase(4, 10) : (documents[Math.floor(random() * TOOLS)] as string).split(" ").slice(0, 8).join(" "),
  );

  const buildMs: number[] = [];
  let index = new Bm25Index(documents);
  for (let b = 0; b < BUILDS; b++) {
    const start = performance.now();
    index = new Bm25Index(documents);
    buildMs.push(performance.now() - start);
  }
  buildMs.sort((a, b) => a - b);

  for (const query of queries.slice(0, WARM_UP)) index.top(query, TOP);
  const queryMs: number[] = [];
  const fullSortMs: number[] = [];
  for (const query of queries.slice(WARM_UP)) {
    let start = performance.now();
    index.top(query, TOP);
    queryMs.push(performance.now() - start);
    // The naive way for comparison: every score, then a full sort.
    start = performance.now();
    index
      .scores(query)
      .map((score, i) => ({ score, i }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, TOP);
    fullSortMs.push(performance.now() - start);
  }
  queryMs.sort((a, b) => a - b);
  fullSortMs.sort((a, b) => a - b);

  const figures = {
    tools: TOOLS,
    queries: QUERIES,
    top: TOP,
    averageDocumentTokens: Number(index.averageLength.toFixed(1)),
    buildMsMedian: Number(percentile(buildMs, 50).toFixed(1)),
    queryMsMedian: Number(percentile(queryMs, 50).toFixed(4)),
    queryMsP95: Number(percentile(queryMs, 95).toFixed(4)),
    queryMsMax: Number((queryMs.at(-1) as number).toFixed(4)),
    fullSortMsMedian: Number(percentile(fullSortMs, 50).toFixed(4)),
    targetMs: TARGET_MS,
    meetsTarget: percentile(queryMs, 50) < TARGET_MS,
    node: process.version,
  };
  if (asJson) {
    console.log(JSON.stringify(figures));
    return;
  }
  console.log(
    `BM25 index over ${TOOLS} generated tools (${figures.averageDocumentTokens} tokens each on average), top ${TOP}, Node ${process.version}`,
  );
  console.log(`  build: median ${figures.buildMsMedian} ms over ${BUILDS} builds`);
  console.log(
    `  query: median ${figures.queryMsMedian} ms, p95 ${figures.queryMsP95} ms, max ${figures.queryMsMax} ms over ${QUERIES} queries (after ${WARM_UP} to warm up)`,
  );
  console.log(
    `  every score then a full sort: median ${figures.fullSortMsMedian} ms (${(figures.fullSortMsMedian / figures.queryMsMedian).toFixed(1)}× the index's top-${TOP})`,
  );
  console.log(`  target: median query under ${TARGET_MS} ms: ${figures.meetsTarget ? "met" : "NOT met"}`);
  if (!figures.meetsTarget) process.exitCode = 1;
}

main();
