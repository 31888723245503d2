import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from '../../lib/logger';
import { publishMetrics } from './index';
import { METRICS_NAMESPACE } from './request-metrics';

/**
 * Counts kept as CloudWatch metrics instead of counter items (issue 27: the engagement rollup was one hot item
 * written on every page view). Each metric is a Count in namespace `Vigil` with the dimension `service`; any
 * name CloudWatch takes (`view:/search`), and values may be negative (a view that takes a bounce back). They
 * are written as EMF lines (no API call, nothing in the table) and read back as sums over whole UTC days:
 * GetMetricData on AWS, the EMF log under METRICS_LOG_DIR locally (./metric-sums-reader.ts, apart, so only
 * the bundles that read carry the CloudWatch client).
 */
const DAY_SECONDS = 86_400;
/** CloudWatch takes EMF timestamps up to two weeks old; an older one is written at now (a session that long is rare). */
const MAX_BACKDATE_MS = 13 * DAY_SECONDS * 1000;

const publishers = new Map<string, Metrics>();

/** Publishes `counts` (name -> value) for `service`, timestamped `at` (the day they belong to). Never throws. */
export function publishCounts(service: string, counts: Record<string, number>, at: Date = new Date()): void {
  const entries = Object.entries(counts).filter(([, v]) => Number.isFinite(v) && v !== 0);
  if (entries.length === 0) return;
  let metrics = publishers.get(service);
  if (!metrics) {
    metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: service, logger });
    publishers.set(service, metrics);
  }
  try {
    const now = Date.now();
    metrics.setTimestamp(now - at.getTime() > MAX_BACKDATE_MS ? now : at.getTime());
    // EMF takes at most 100 metrics a line: publish in chunks.
    for (let i = 0; i < entries.length; i += 100) {
      for (const [name, value] of entries.slice(i, i + 100)) metrics.addMetric(name, MetricUnit.Count, value);
      publishMetrics(metrics);
    }
  } catch (err) {
    logger.warn('counts not published', { service, error: err as Error });
  }
}

