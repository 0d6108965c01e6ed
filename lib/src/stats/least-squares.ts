// One straight-line fit for the whole library: the receipt's tokens per tool and exercise 1's slopes use it.

/** A fitted line y = intercept + slope · x. */
export type Line = { slope: number; intercept: number };

/** Least squares of ys on xs; null when the lengths differ or fewer than two distinct xs are given. */
export function leastSquares(xs: readonly number[], ys: readonly number[]): Line | null {
  if (xs.length !== ys.length || new Set(xs).size < 2) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < xs.length; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= xs.length;
  my /= ys.length;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}
