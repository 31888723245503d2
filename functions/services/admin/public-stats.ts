import type { PublicStats, PublicStatus } from '../../../shared/schemas/platform';
import { num, readMonth, readTotals, type CounterValues } from '../../store/entities/counter';
import { COUNTERS } from '../metrics/counters';
import { addMonths, monthOf } from '../metrics/periods';
import { getMaintenance } from '../platform/maintenance';

/**
 * The public pages' figures (issue 26): every number the landing, pricing and competitive pages and the scan
 * form state about the platform is computed here from the counters the admin dashboard reads (never typed into
 * the site). One BatchGetItem of TOTAL items and two of monthly items; the answer is kept in memory for
 * CACHE_MS and sent with a public Cache-Control of the same age.
 */
export const PUBLIC_STATS_CACHE_SECONDS = 300;
let cached: { at: number; stats: PublicStats } | undefined;

const ratio = (a: number, b: number) => (b > 0 ? Math.min(1, Math.max(0, a / b)) : null);
const round4 = (f: number | null) => (f === null ? null : Math.round(f * 10000) / 10000);
const positive = (n: number) => Math.max(0, Math.round(n));

function sum(items: (CounterValues | undefined)[], attribute?: string): number {
  return items.reduce((a, v) => a + num(v, attribute), 0);
}

export async function computePublicStats(now = new Date()): Promise<PublicStats> {
  const thisMonth = monthOf(now);
  const lastMonth = addMonths(thisMonth, -1);
  const [totals, current, previous] = await Promise.all([
    readTotals([COUNTERS.searches, COUNTERS.violations, COUNTERS.dmcaSubmissions, COUNTERS.casesResolved]),
    readMonth([COUNTERS.searchesFinished], now),
    readMonth([COUNTERS.searchesFinished], new Date(`${lastMonth}-15T00:00:00.000Z`)),
  ]);
  const finished = [current.get(COUNTERS.searchesFinished), previous.get(COUNTERS.searchesFinished)];
  const sent = positive(num(totals.get(COUNTERS.dmcaSubmissions)));
  const resolved = positive(num(totals.get(COUNTERS.casesResolved)));
  const timed = sum(finished, 'timed');
  return {
    asOf: now.toISOString(),
    scans: positive(num(totals.get(COUNTERS.searches))),
    copiesFound: positive(num(totals.get(COUNTERS.violations))),
    noticesSent: sent,
    copiesRemoved: resolved,
    removalRate: round4(ratio(resolved, sent)),
    recentScans: {
      months: [lastMonth, thisMonth],
      finished: positive(sum(finished)),
      successRate: round4(ratio(sum(finished, 'succeeded'), sum(finished))),
      averageSeconds: timed > 0 ? Math.round(sum(finished, 'durationMs') / timed / 1000) : null,
    },
  };
}

/** The figures, at most PUBLIC_STATS_CACHE_SECONDS old. */
export async function publicStats(now = new Date()): Promise<PublicStats> {
  if (cached && now.getTime() - cached.at < PUBLIC_STATS_CACHE_SECONDS * 1000) return cached.stats;
  const stats = await computePublicStats(now);
  cached = { at: now.getTime(), stats };
  return stats;
}

/** What the sign-in pages say: whether new accounts can be created (maintenance mode off). */
export async function publicStatus(): Promise<PublicStatus> {
  const m = await getMaintenance();
  return m.enabled ? { registrationsOpen: false, message: m.message } : { registrationsOpen: true };
}
