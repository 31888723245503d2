/** The most timestamps (ms) in any window of `ms`: what a per-host rate limit must hold to. */
export function maxInWindow(times: number[], ms: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= ms) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
