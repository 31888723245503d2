import type { ReactNode } from 'react';
import published from '@bench/published.json';
import type { PublicStats } from '@shared/schemas/platform';

/*
 * Every figure the public pages state is one of these (issue 26, docs/PRODUCT.md section 10):
 * - a platform figure computed by the server from its counters (`GET /api/public/stats`), shown with its date;
 * - a benchmark figure from bench/published.json (copied from bench/README.md at a measured date), shown with how
 *   it was measured;
 * - a plan rule (prices and allowances from shared/plans.ts, what the product enforces).
 * Each is rendered inside <Figure>, whose `data-figure` attribute e2e/claims.spec.ts reads: a number on a public
 * page outside such an element fails the test.
 */

export type FigureSource = 'computed' | 'benchmark' | 'plan';

/** A figure with where it comes from; `value` is the exact text shown (the test compares it with its source). */
export function Figure({ source, id, children, className }: { source: FigureSource; id: string; children: ReactNode; className?: string }) {
  return (
    <span data-figure={source} data-figure-id={id} className={className}>
      {children}
    </span>
  );
}

export interface BenchmarkClaim {
  id: string;
  value: string;
  label: string;
  how: string;
  readmeText: string;
}

export const BENCHMARK = published as { measuredOn: string; source: string; claims: BenchmarkClaim[] };

export function benchmarkClaim(id: string): BenchmarkClaim {
  const claim = BENCHMARK.claims.find((c) => c.id === id);
  if (!claim) throw new Error(`bench/published.json has no claim ${id}`);
  return claim;
}

const counts = new Intl.NumberFormat('en-US');
export const formatStatCount = (n: number) => counts.format(n);
export const formatStatPercent = (f: number) => `${(Math.round(f * 1000) / 10).toFixed(1)}%`;

/** A date as `28 Nov 2026`. */
export function statDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** The platform figures by id, as shown (the e2e test recomputes them from the same API answer). */
export function platformFigures(s: PublicStats): Record<string, string> {
  return {
    scans: formatStatCount(s.scans),
    copiesFound: formatStatCount(s.copiesFound),
    noticesSent: formatStatCount(s.noticesSent),
    copiesRemoved: formatStatCount(s.copiesRemoved),
    ...(s.removalRate !== null ? { removalRate: formatStatPercent(s.removalRate) } : {}),
    ...(s.recentScans.successRate !== null ? { recentSuccess: formatStatPercent(s.recentScans.successRate) } : {}),
    ...(s.recentScans.averageSeconds !== null ? { recentSeconds: `${s.recentScans.averageSeconds} s` } : {}),
    recentFinished: formatStatCount(s.recentScans.finished),
    asOf: statDate(s.asOf),
  };
}
