import { UsageError } from "../errors/usage-error.js";

export type WilsonInterval = { share: number; low: number; high: number };

/**
 * The Wilson score interval for `successes` out of `n` (z = 1.96 for 95%):
 *
 *   center = (p + z²/2n) / (1 + z²/n),   half = z · sqrt(p(1 − p)/n + z²/4n²) / (1 + z²/n)
 *
 * Unlike p ± z·sqrt(p(1 − p)/n), it stays inside [0, 1] and does not shrink to nothing at 0/n or
 * n/n, which matters with 24 requests. The ends are exactly 0 and 1 at those extremes.
 */
export function wilson(successes: number, n: number, z = 1.96): WilsonInterval {
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError("counts", { what: "wilson: invalid n", expected: "a whole number > 0", received: String(n) });
  }
  if (!Number.isInteger(successes) || successes < 0 || successes > n) {
    throw new UsageError("counts", {
      what: "wilson: invalid successes",
      expected: `a whole number from 0 to n = ${n}`,
      received: String(successes),
    });
  }
  if (typeof z !== "number" || !Number.isFinite(z) || z <= 0) {
    throw new UsageError("stats-parameter", {
      what: "wilson: invalid z",
      expected: "a finite number > 0",
      received: String(z),
    });
  }
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return {
    share: p,
    low: successes === 0 ? 0 : Math.max(0, center - half),
    high: successes === n ? 1 : Math.min(1, center + half),
  };
}
