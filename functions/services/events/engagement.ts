import { APP_PAGES, FEATURES, type AppPage } from '../../../shared/schemas/events';
import { metricSumsReader } from '../../adapters/metrics/metric-sums-reader';
import { readPeriods, sumValues } from '../../store/entities/counter';
import { COUNTERS } from '../metrics/counters';
import { lastDays } from '../metrics/periods';
import { ENGAGEMENT_ATTRIBUTES, ENGAGEMENT_SERVICE } from './record-event';

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

/** Every metric name the rollup can have: the totals, a view and an exit per page, a use per feature. */
export function engagementMetricNames(): string[] {
  const A = ENGAGEMENT_ATTRIBUTES;
  const pages: AppPage[] = [...APP_PAGES, '(other)'];
  return [A.sessions, A.pageViews, A.bounces, A.durationMs, ...pages.flatMap((p) => [A.view(p), A.exit(p)]), ...Object.keys(FEATURES).map(A.feature)];
}

/**
 * Sums the engagement rollup of the `days` days ending today: the metrics (ENGAGEMENT_SERVICE, one
 * GetMetricData call on AWS) plus the daily counter items written before the rollup moved to metrics (one
 * Query of at most `days` items; none are written any more), so the figures stay whole across the change.
 * Sessions belong to the day they started.
 */
export async function readEngagement(now = new Date(), days = 30): Promise<Engagement> {
  const range = lastDays(now, days);
  const [items, metrics] = await Promise.all([
    readPeriods(COUNTERS.engagement, 'day', range[0]!, range[range.length - 1]!),
    metricSumsReader().sums(ENGAGEMENT_SERVICE, engagementMetricNames(), range[0]!, range[range.length - 1]!),
  ]);
  const sum = sumValues([...items.values(), metrics]);
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
