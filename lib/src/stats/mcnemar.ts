import { UsageError } from "../errors/usage-error.js";

/** The 2×2 table of two conditions over the same requests (true = routed right). */
export type PairedCounts = {
  n: number;
  bothTrue: number;
  bothFalse: number;
  /** True under the first condition only: McNemar's b. */
  b: number;
  /** True under the second condition only: McNemar's c. */
  c: number;
};

export type McNemarResult = {
  b: number;
  c: number;
  /** b + c: only these pairs carry information about a difference. */
  discordant: number;
  /** Two-sided exact p-value: P(a split at least this uneven | no difference), Binomial(b + c, ½). */
  pValue: number;
  /** The smallest two-sided p-value b + c discordant pairs could ever give: 2 · ½^(b+c), capped at 1. */
  smallestPossiblePValue: number;
  alpha: number;
  significant: boolean;
  sentence: string;
};

/** Count agreements and disagreements between two outcome lists for the same requests. */
export function pairedCounts(first: readonly boolean[], second: readonly boolean[]): PairedCounts {
  if (first.length !== second.length) {
    throw new UsageError("counts", {
      what: "pairedCounts: the two lists differ in length",
      expected: "both lists to cover the same requests",
      received: `${first.length} and ${second.length} outcomes`,
    });
  }
  const counts: PairedCounts = { n: first.length, bothTrue: 0, bothFalse: 0, b: 0, c: 0 };
  first.forEach((x, i) => {
    const y = second[i];
    if (typeof x !== "boolean" || typeof y !== "boolean") {
      throw new UsageError("counts", {
        what: `pairedCounts: invalid outcome ${i}`,
        expected: "true or false in both lists",
        received: `${String(x)} and ${String(y)}`,
      });
    }
    if (x && y) counts.bothTrue++;
    else if (!x && !y) counts.bothFalse++;
    else if (x) counts.b++;
    else counts.c++;
  });
  return counts;
}

/**
 * McNemar's exact test for paired conditions (the same requests under two conditions). Only the
 * discordant pairs count: b went right under the first condition only, c under the second only.
 * With no difference each discordant pair is a fair coin, so the two-sided p-value is
 * min(1, 2 · P(X <= min(b, c))) for X ~ Binomial(b + c, ½).
 *
 * The sentence says in plain words what the result allows; when b + c is so small that even the
 * most lopsided split could not reach alpha, it says so rather than "not significant".
 */
export function mcnemarExact(b: number, c: number, options: { alpha?: number } = {}): McNemarResult {
  for (const [label, value] of [
    ["b", b],
    ["c", c],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new UsageError("counts", {
        what: `mcnemarExact: invalid ${label}`,
        expected: "a whole number of discordant pairs >= 0",
        received: String(value),
      });
    }
  }
  const alpha = options.alpha ?? 0.05;
  if (typeof alpha !== "number" || !(alpha > 0 && alpha < 1)) {
    throw new UsageError("stats-parameter", {
      what: "mcnemarExact: invalid alpha",
      expected: "a number strictly between 0 and 1",
      received: String(alpha),
    });
  }
  const n = b + c;
  const pValue = n === 0 ? 1 : Math.min(1, 2 * binomialHalfCdf(Math.min(b, c), n));
  const smallestPossiblePValue = n === 0 ? 1 : Math.min(1, 2 * Math.pow(0.5, n));
  const significant = pValue < alpha;
  return {
    b,
    c,
    discordant: n,
    pValue,
    smallestPossiblePValue,
    alpha,
    significant,
    sentence: sentenceFor(b, c, pValue, smallestPossiblePValue, alpha),
  };
}

/** P(X <= k) for X ~ Binomial(n, ½), summed in log space so large n does not underflow ½^n. */
function binomialHalfCdf(k: number, n: number): number {
  let logTerm = -n * Math.LN2; // log C(n,0)·½^n
  let total = Math.exp(logTerm);
  for (let i = 1; i <= k; i++) {
    logTerm += Math.log((n - i + 1) / i);
    total += Math.exp(logTerm);
  }
  return total;
}

function sentenceFor(b: number, c: number, p: number, smallest: number, alpha: number): string {
  const n = b + c;
  if (n === 0)
    return "No paired request came out differently under the two conditions, so there is no difference to test.";
  const split = `${n} paired request${n === 1 ? "" : "s"} came out differently (${b} right only under the first condition, ${c} only under the second)`;
  const shownP = formatP(p);
  if (smallest >= alpha) {
    return `${split}; even if all of them had gone one way, p could not fall below ${formatP(smallest)}, so this many pairs cannot show a difference at ${alpha}.`;
  }
  if (p < alpha) {
    return `${split}; p = ${shownP}, below ${alpha}: the two conditions differ on these requests.`;
  }
  return `${split}; p = ${shownP}, not below ${alpha}: this run cannot tell the two conditions apart.`;
}

/** Three significant digits, without trailing zeros: 0.0625, 0.0215, 0.109, 1. */
function formatP(p: number): string {
  return p >= 0.001 ? String(Number(p.toPrecision(3))) : p.toExponential(1);
}
