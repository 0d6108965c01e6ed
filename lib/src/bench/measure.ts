/** Small measuring helpers shared by the benchmarks: summaries of millisecond samples. */
export interface Summary {
  readonly n: number;
  readonly median: number;
  readonly p95: number;
  readonly min: number;
  readonly max: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    min: sorted[0] ?? Number.NaN,
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function ms(value: number, digits = 3): string {
  return `${value.toFixed(digits)} ms`;
}
