import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { startTestDynamo } from '../../../../test/harness';
import { getItem } from '../../../store/table';
import { countDynamoOperations } from '../../../store/operation-counter';
import { keys } from '../../../store/keys';
import { resetConfig } from '../../../lib/config';
import {
  COUNTERS,
  bump,
  checkHealth,
  estimateProviderCalls,
  readTotals,
  recordActivity,
  recordCaseCreated,
  recordHealth,
  recordMilestone,
  recordPlanChange,
  recordRequest,
  recordSearchStarted,
  takeRateToken,
} from '..';
import { readRequestDays } from '../request-days';
import { readTotals as readUserTotals } from '../../../store/entities/user-counters';

let dynamo: Awaited<ReturnType<typeof startTestDynamo>>;
beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

const item = (key: { pk: string; sk: string }) => getItem(key, { consistent: false });

describe('recordRequest', () => {
  it("publishes count, time and errors as metrics, read back as the day's sums", async () => {
    const at = new Date('2032-01-05T08:00:00.000Z');
    recordRequest('GET /api/admin/metrics', 200, 12.6, at);
    recordRequest('GET /api/admin/metrics', 404, 8, at);
    recordRequest('POST /api/search', 503, 100, at);
    recordRequest('GET /not/a/route', 404, 3, at);
    const day = (await readRequestDays('2032-01-05', '2032-01-05')).get('2032-01-05');
    expect(day).toEqual({ requests: 4, latencyMs: 124, serverErrors: 1, clientErrors: 2, healthChecks: 0, healthy: 0 }); // 13 + 8 + 100 + 3 ms
    expect((await readRequestDays('2032-01-04', '2032-01-06')).size).toBe(1);
  });

  it('writes EMF with the {service} totals and {service, route} per route (unknown routes are "other")', () => {
    recordRequest('GET /api/admin/metrics', 200, 5, new Date('2032-01-06T08:00:00.000Z'));
    recordRequest('GET /x/../etc', 200, 5, new Date('2032-01-06T08:00:01.000Z'));
    const lines = readFileSync(join(process.env.METRICS_LOG_DIR!, 'emf-2032-01-06.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: 'Vigil', Dimensions: [['service'], ['service', 'route']] });
    expect(lines.map((l) => [l.service, l.route, l.Requests, l.Latency])).toEqual([
      ['vigil-api', 'GET /api/admin/metrics', 1, 5],
      ['vigil-api', 'other', 1, 5],
    ]);
  });

  it('writes nothing to the table', () => {
    const operations = countDynamoOperations();
    for (let i = 0; i < 20; i++) recordRequest('GET /api/health', 200, 1, new Date('2032-02-07T08:00:00.000Z'));
    operations.stop();
    expect(operations.writes()).toBe(0);
  });

  it('never throws, even when the table is unreachable', async () => {
    const saved = process.env.TABLE_NAME;
    process.env.TABLE_NAME = 'no-such-table';
    resetConfig();
    try {
      expect(() => recordRequest('GET /api/health', 200, 1)).not.toThrow();
      expect(() => recordHealth(true)).not.toThrow();
      await expect(checkHealth()).resolves.toEqual({ ok: false });
      await expect(recordMilestone('U1', 'scanned')).resolves.toBeUndefined();
    } finally {
      process.env.TABLE_NAME = saved;
      resetConfig();
    }
  });
});

describe('health', () => {
  it('checkHealth reads the table and records the outcome as metrics', async () => {
    await expect(checkHealth(new Date('2032-02-01T00:00:00.000Z'))).resolves.toEqual({ ok: true });
    recordHealth(false, new Date('2032-02-01T00:01:00.000Z'));
    const days = await readRequestDays('2032-01-31', '2032-02-02');
    expect([...days.keys()]).toEqual(['2032-02-01']);
    expect(days.get('2032-02-01')).toMatchObject({ healthChecks: 2, healthy: 1, requests: 0 });
  });
});

describe('producer hooks', () => {
  it('counts a funnel stage once per user, also under concurrency', async () => {
    const [a, b] = [ulid(), ulid()];
    await Promise.all(Array.from({ length: 8 }, () => recordMilestone(a, 'reviewed')));
    await recordMilestone(b, 'reviewed');
    expect((await readTotals([COUNTERS.funnel('reviewed')])).get(COUNTERS.funnel('reviewed'))?.count).toBe(2);
  });

  it('counts a user active once a month, by plan', async () => {
    const u = ulid();
    await recordActivity(u, '2032-03-01T10:00:00.000Z', 'pro');
    await recordActivity(u, '2032-03-20T10:00:00.000Z', 'pro');
    await recordActivity(u, '2032-04-01T10:00:00.000Z', 'pro');
    const march = await item(keys.monthlyCounter(COUNTERS.activeUsers, '2032-03-01'));
    expect(march).toMatchObject({ count: 1, 'plan:pro': 1 });
    expect(await item(keys.monthlyCounter(COUNTERS.activeUsers, '2032-04-01'))).toMatchObject({ count: 1 });
  });

  it('scan starts count searches, provider calls, the plan and the user total', async () => {
    const u = ulid();
    await recordSearchStarted({ userId: u, plan: 'basic', engines: ['google', 'bing'], contentType: 'images,videos', names: 2, referenceImages: 1, at: '2032-05-02T00:00:00.000Z' });
    // per engine: 2 names x 3 kinds + 1 reverse image = 7; two engines = 14
    expect(await item(keys.monthlyCounter(COUNTERS.searches, '2032-05-01'))).toMatchObject({ count: 1, providerCalls: 14, 'plan:basic': 1 });
    expect((await readUserTotals([u])).get(u)).toEqual({ searches: 1, dmcaCases: 0, totalSpentCents: 0 });
    expect(estimateProviderCalls({ engines: 1, contentType: 'web', names: 1 })).toBe(1);
  });

  it('plan changes count starts, cancellations, MRR and spend (subscriber counts stay with billing)', async () => {
    const u = ulid();
    const mrr0 = (await readTotals([COUNTERS.mrr])).get(COUNTERS.mrr)?.amountCents ?? 0;
    await bump(COUNTERS.subscribers('pro'), 1); // as billing's countCharge does on the charge
    const proBefore = (await readTotals([COUNTERS.subscribers('pro')])).get(COUNTERS.subscribers('pro'))?.count;
    await recordPlanChange({ userId: u, from: 'trial', to: 'pro', fromDiscount: 10, toDiscount: 10, amountCents: 9000, at: '2032-06-01T00:00:00.000Z' });
    await recordPlanChange({ userId: u, from: 'pro', to: 'trial', fromDiscount: 10, toDiscount: 10, amountCents: 0, at: '2032-06-09T00:00:00.000Z' });
    const totals = await readTotals([COUNTERS.mrr, COUNTERS.subscribers('pro')]);
    expect((totals.get(COUNTERS.mrr)?.amountCents ?? 0) - mrr0).toBe(0); // +9000 then -9000
    expect(totals.get(COUNTERS.subscribers('pro'))?.count).toBe(proBefore);
    expect(await item(keys.monthlyCounter(COUNTERS.subscriptionsStarted, '2032-06-01'))).toMatchObject({ count: 1 });
    expect(await item(keys.monthlyCounter(COUNTERS.cancellations, '2032-06-01'))).toMatchObject({ count: 1 });
    expect((await readUserTotals([u])).get(u)?.totalSpentCents).toBe(9000);
  });

  it('case creation counts the case and the user total', async () => {
    const u = ulid();
    await recordCaseCreated(u, '2032-07-01T00:00:00.000Z');
    await recordCaseCreated(u, '2032-07-02T00:00:00.000Z');
    expect((await readUserTotals([u])).get(u)?.dmcaCases).toBe(2);
    expect(await item(keys.monthlyCounter(COUNTERS.casesCreated, '2032-07-01'))).toMatchObject({ count: 2 });
  });
});

describe('takeRateToken', () => {
  it('never lets concurrent requests past the limit', async () => {
    const limit = { name: 'test', max: 5, windowSeconds: 60 };
    const at = new Date('2032-08-01T00:00:10.000Z');
    const taken = await Promise.all(Array.from({ length: 20 }, () => takeRateToken(limit, 'someone', at)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await takeRateToken(limit, 'someone-else', at)).toBe(true);
    expect(await takeRateToken(limit, 'someone', new Date('2032-08-01T00:01:00.000Z'))).toBe(true);
  });
});
