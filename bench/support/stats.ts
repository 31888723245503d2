/**
 * Summary statistics for benchmark samples. Nearest-rank percentiles (no interpolation), because with a handful
 * of runs an interpolated p95 would report a time that no run actually took.
 */

/** The p-th percentile (0 < p <= 100) of the samples by the nearest-rank method; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  if (!(p > 0 && p <= 100)) throw new RangeError(`percentile must be in (0, 100], got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
}

/** The median: the middle sample, or the mean of the two middle ones for an even count; NaN when empty. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Rounds to a fixed number of decimals for JSON output (keeps NaN out: it becomes null in JSON anyway). */
export const round = (value: number, decimals = 3): number | null =>
  Number.isFinite(value) ? Math.round(value * 10 ** decimals) / 10 ** decimals : null;
