import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { probe } from '../../store/entities/counter';
import { REQUEST_METRICS, apiMetrics, publishMetrics, type DayFigures } from '../../adapters/metrics';
import { logger } from '../../lib/logger';
import { ROUTES, routeKey } from '../../../shared/contract';
import { COUNTERS } from './counters';

const KNOWN_ROUTES = new Set(ROUTES.map(routeKey));

/**
 * Request accounting goes to metrics only (Powertools Metrics, EMF), never to a table item: a request
 * counter written on every request was a hot item that capped the API and made every GET a write
 * (ARCHITECTURE.md, "Request metrics and tracing"). Each figure is published in the dimension sets
 * `{service}` (what the admin figures read back) and `{service, route}` (per-route graphs).
 */
function publish(figures: Partial<Record<keyof typeof REQUEST_METRICS, number>>, at: Date, route?: string): void {
  try {
    // An empty set adds the `{service}` totals beside `{service, route}` (Powertools emits only the latter otherwise).
    apiMetrics.addDimensions({});
    if (route) apiMetrics.addDimensions({ route });
    apiMetrics.setTimestamp(at);
    for (const [figure, value] of Object.entries(figures) as Array<[keyof typeof REQUEST_METRICS, number]>) {
      apiMetrics.addMetric(REQUEST_METRICS[figure], figure === 'latencyMs' ? MetricUnit.Milliseconds : MetricUnit.Count, value);
    }
    publishMetrics(apiMetrics);
  } catch (error) {
    logger.error('request metrics failed', { route, error: error as Error });
  }
}

/**
 * Records one API request as metrics: `Requests` 1, `Latency` ms, `ServerErrors` 1 for a 5xx, `ClientErrors`
 * 1 for a 4xx; the route dimension is the route table's key (`other` for anything else). No I/O beyond one
 * log line; never throws. Called from the area handler chain's request-metrics middleware (functions/http/chain/).
 */
export function recordRequest(route: string, status: number, ms: number, at: Date = new Date()): void {
  const figures: Partial<DayFigures> = { requests: 1, latencyMs: Math.max(0, Math.round(ms)) };
  if (status >= 500) figures.serverErrors = 1;
  else if (status >= 400) figures.clientErrors = 1;
  publish(figures, at, KNOWN_ROUTES.has(route) ? route : 'other');
}

/** Records one health check as metrics: `HealthChecks` 1 and `HealthOk` 1 when healthy. Uptime is their ratio (services/admin). */
export function recordHealth(ok: boolean, at: Date = new Date()): void {
  publish({ healthChecks: 1, healthy: ok ? 1 : 0 }, at);
}

/**
 * A health check for `GET /api/health`: one GetItem on the table (the dependency every route needs), then
 * `recordHealth` with the outcome. Returns `{ok}`; the route answers 200 or 503 from it.
 */
export async function checkHealth(at: Date = new Date()): Promise<{ ok: boolean }> {
  let ok = true;
  try {
    await probe(COUNTERS.health);
  } catch (error) {
    ok = false;
    logger.error('health check failed', { error: error as Error });
  }
  recordHealth(ok, at);
  return { ok };
}
