import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../adapters/dynamo/client';
import { keys } from '../../adapters/dynamo/keys';
import { logger } from '../../lib/logger';
import { ROUTES, routeKey } from '../../../shared/contract';
import { ATTR, COUNTERS, bumpAttributes } from './counters';

const KNOWN_ROUTES = new Set(ROUTES.map(routeKey));

/**
 * Records one API request in today's `COUNTER#api / DAY#yyyy-mm-dd` item: `count` +1, `totalMs` + ms,
 * `errors` +1 for a 5xx, `clientErrors` +1 for a 4xx, and `route:<route key>` +1 for routes of the route table.
 * One UpdateItem. Never throws (a failed count is logged): call it after the response is decided, from the
 * area handler chain in functions/lib/http.ts.
 */
export async function recordRequest(route: string, status: number, ms: number, at: Date = new Date()): Promise<void> {
  try {
    const deltas: Record<string, number> = {
      [ATTR.count]: 1,
      totalMs: Math.max(0, Math.round(ms)),
      errors: status >= 500 ? 1 : 0,
      clientErrors: status >= 400 && status < 500 ? 1 : 0,
    };
    if (KNOWN_ROUTES.has(route)) deltas[`route:${route}`] = 1;
    await bumpAttributes(COUNTERS.apiRequests, deltas, { total: false, daily: true, at });
  } catch (error) {
    logger.error('recordRequest failed', { route, error: error as Error });
  }
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
