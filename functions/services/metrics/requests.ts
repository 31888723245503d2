import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import { keys } from '../../adapters/dynamo/keys';
import { logger } from '../../lib/logger';
import { ROUTES, routeKey } from '../../../shared/contract';
import { ATTR, COUNTERS, bumpAttributes, readPeriods, sumValues, type CounterValues } from './counters';

const KNOWN_ROUTES = new Set(ROUTES.map(routeKey));

/**
 * Request counters are spread over this many items a day (`COUNTER#api#<shard> / DAY#...`), each request
 * adding to one picked at random: one item took every request's write and capped the API near DynamoDB's
 * per-item rate (about 1,000 writes a second, less with contention); 16 shards lift that 16-fold. Readers sum
 * the shards (`readApiRequestPeriods`), 17 small Queries for a range.
 */
export const API_REQUEST_SHARDS = 16;
const shardName = (shard: number) => `${COUNTERS.apiRequests}#${shard}`;

/**
 * CloudWatch metrics through Powertools (EMF lines on stdout, which Lambda's log pipeline turns into metrics
 * without an API call): namespace `Vigil`, per route `Requests`, `Latency`, `ServerErrors`, `ClientErrors`.
 * Set POWERTOOLS_METRICS_DISABLED=true to silence them (the local runtime does).
 */
const metrics = new Metrics({ namespace: 'Vigil', serviceName: 'vigil-api' });

/**
 * Records one API request: EMF metrics for CloudWatch, and in today's item of one request-counter shard
 * (`COUNTER#api#<0..15> / DAY#yyyy-mm-dd`) `count` +1, `totalMs` + ms, `errors` +1 for a 5xx,
 * `clientErrors` +1 for a 4xx, and `route:<route key>` +1 for routes of the route table. One UpdateItem on a
 * random shard. Never throws (a failed count is logged): call it after the response is decided, from the
 * area handler chain in functions/lib/http.ts.
 */
export async function recordRequest(route: string, status: number, ms: number, at: Date = new Date()): Promise<void> {
  try {
    metrics.addDimension('route', KNOWN_ROUTES.has(route) ? route : 'other');
    metrics.addMetric('Requests', MetricUnit.Count, 1);
    metrics.addMetric('Latency', MetricUnit.Milliseconds, Math.max(0, Math.round(ms)));
    if (status >= 500) metrics.addMetric('ServerErrors', MetricUnit.Count, 1);
    else if (status >= 400) metrics.addMetric('ClientErrors', MetricUnit.Count, 1);
    metrics.publishStoredMetrics();
  } catch (error) {
    logger.error('request metrics failed', { route, error: error as Error });
  }
  try {
    const deltas: Record<string, number> = {
      [ATTR.count]: 1,
      totalMs: Math.max(0, Math.round(ms)),
      errors: status >= 500 ? 1 : 0,
      clientErrors: status >= 400 && status < 500 ? 1 : 0,
    };
    if (KNOWN_ROUTES.has(route)) deltas[`route:${route}`] = 1;
    await bumpAttributes(shardName(Math.floor(Math.random() * API_REQUEST_SHARDS)), deltas, { total: false, daily: true, at });
  } catch (error) {
    logger.error('recordRequest failed', { route, error: error as Error });
  }
}

/**
 * The request counters of each day from `from` to `to` (`yyyy-mm-dd`), summed over the shards (and the
 * unsharded item earlier versions wrote).
 */
export async function readApiRequestPeriods(from: string, to: string): Promise<Map<string, CounterValues>> {
  const names = [COUNTERS.apiRequests, ...Array.from({ length: API_REQUEST_SHARDS }, (_v, i) => shardName(i))];
  const parts = await Promise.all(names.map((name) => readPeriods(name, 'day', from, to)));
  const days = new Set(parts.flatMap((m) => [...m.keys()]));
  return new Map([...days].sort().map((day) => [day, sumValues(parts.map((m) => m.get(day)).filter((v): v is CounterValues => v !== undefined))]));
}

/**
 * Records one health check in today's `COUNTER#health / DAY#yyyy-mm-dd` item: `checks` +1 and `ok` +1 when
 * healthy. Never throws. Uptime is `ok / checks` (services/admin).
 */
export async function recordHealth(ok: boolean, at: Date = new Date()): Promise<void> {
  try {
    await bumpAttributes(COUNTERS.health, { checks: 1, ok: ok ? 1 : 0 }, { total: false, daily: true, at });
  } catch (error) {
    logger.error('recordHealth failed', { error: error as Error });
  }
}

/**
 * A health check for `GET /api/health`: one GetItem on the table (the dependency every route needs), then
 * `recordHealth` with the outcome. Returns `{ok}`; the route answers 200 or 503 from it.
 */
export async function checkHealth(at: Date = new Date()): Promise<{ ok: boolean }> {
  let ok = true;
  try {
    await db().send(new GetCommand({ TableName: tableName(), Key: keys.counter(COUNTERS.health), ProjectionExpression: 'pk' }));
  } catch (error) {
    ok = false;
    logger.error('health check failed', { error: error as Error });
  }
  await recordHealth(ok, at);
  return { ok };
}
