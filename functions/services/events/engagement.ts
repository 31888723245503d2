import { readPeriods, sumValues } from '../../store/entities/counter';
import { COUNTERS } from '../metrics/counters';
import { lastDays } from '../metrics/periods';
import { ENGAGEMENT_ATTRIBUTES } from './record-event';

/** The engagement rollup summed over a window of days. */
export interface Engagement {
  days: number;
  sessions: number;
  pageViews: number;
  bounces: number;
  durationMs: number;
  /** Page -> views, exits; feature id -> uses. */
  views: Map<string, number>;
  exits: Map<string, number>;
  features: Map<string, number>;
}

const prefixed = (values: Record<string, number>, prefix: string) =>
  new Map(
    Object.entries(values)
      .filter(([k, v]) => k.startsWith(prefix) && v > 0)
      .map(([k, v]) => [k.slice(prefix.length), v] as const),
  );

/**
 * Sums the daily engagement rollups of the `days` days ending today (one Query of at most `days` items).
 * Sessions belong to the day they started.
 */
export async function readEngagement(now = new Date(), days = 30): Promise<Engagement> {
  const range = lastDays(now, days);
  const items = await readPeriods(COUNTERS.engagement, 'day', range[0]!, range[range.length - 1]!);
  const sum = sumValues(items.values());
  const A = ENGAGEMENT_ATTRIBUTES;
  return {
    days,
    sessions: Math.max(0, sum[A.sessions] ?? 0),
    pageViews: Math.max(0, sum[A.pageViews] ?? 0),
    bounces: Math.max(0, sum[A.bounces] ?? 0),
    durationMs: Math.max(0, sum[A.durationMs] ?? 0),
    views: prefixed(sum, A.view('')),
    exits: prefixed(sum, A.exit('')),
    features: prefixed(sum, A.feature('')),
  };
}
