import { ulid } from 'ulid';
import {
  RISK_PERIOD_MESSAGE,
  RISK_SAMPLE_METRICS,
  contentRiskListSchema,
  riskHotspotListSchema,
  riskMetricsSchema,
  riskTrendListSchema,
} from '../../../../shared/schemas/risk';
import { batchGet, getItem, updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { claimResultTakedown, putCase, transitionCase } from '../../../services/cases/case-store';
import { persistResults, type NewResult } from '../../../services/search/results';
import { reviewResult } from '../../../services/search/review';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { contract, ROUTES, type RouteDef } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { middleOfThisMonth, shiftClock, type ShiftedClock } from '../../../../test/clock';
import { allowlistEntry, session, type TestUser } from '../../../../test/fixtures';
import { removeAllowlistEntry } from '../../../services/allowlist';
import { riskRecommendationListSchema } from '../../../../shared/schemas/risk';
import { claimSubmissionAttempt, updateSubmission } from '../../../services/cases/case-store';

const H = 3600_000;
const D = 24 * H;
/** Now, for the data's ages: the file's clock runs on from it, so "today" is T's day whenever the file runs. */
const T = middleOfThisMonth();
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness;
let clock: ShiftedClock;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
const ids: Record<string, string> = {};

const result = (path: string, extra: Partial<NewResult>): NewResult => ({
  url: `https://${path}`,
  contentType: 'images',
  title: path,
  platform: 'forum',
  source: 'google',
  confidence: 90,
  similarityScore: 0.9,
  confidenceScore: 0.9,
  priority: 'high',
  evidence: { engines: ['google'] },
  ...extra,
});

/** Moves a stored result in time (found at `createdAt`, first seen online at `seenAt`), keeping its list order key. */
async function backdate(id: string, createdAt: number, seenAt: number): Promise<void> {
  const Item = await getItem(keys.entity('RESULT', id));
  const sort = String(Item!.gsi1sk);
  const g = `${iso(createdAt)}${sort.slice(sort.indexOf('#'))}`;
  await updateItem(keys.entity('RESULT', id), {
    set: { createdAt: iso(createdAt), evidence: { ...(Item!.evidence as object), seenAt: iso(seenAt) }, gsi1sk: g, gsi2sk: g },
  });
}

/**
 * The owner's data (times before now):
 *  a forum leaks.de  images high   unauthorized  found 2h ago, seen 7h ago
 *  b forum leaks.de  images medium unreviewed    found 3d ago, seen 3d 1h ago
 *  c tube  tube.com  videos high   unauthorized  found 10d ago; notice sent 6h later; taken down 2d ago
 *  d tube  tube.com  images low    safe          found 1d ago
 */
beforeAll(async () => {
  clock = shiftClock(T);
  h = await startHarness();
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
  const search = await createSearch({ userId: owner.userId, query: 'Jane', searchEngines: ['google'], contentType: 'images,videos' });
  const { ids: stored } = await persistResults(search.id, [
    result('leaks.de/a', {}),
    result('leaks.de/b', { priority: 'medium', confidence: 70 }),
    result('tube.com/c', { platform: 'tube', contentType: 'videos', confidence: 85 }),
    result('tube.com/d', { platform: 'tube', priority: 'low', confidence: 40 }),
  ]);
  await finishSearch(search.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
  for (const item of await batchGet(stored.map((id) => keys.entity('RESULT', id)))) ids[String(item.url).split('/').pop()!] = String(item.id);

  await backdate(ids.a!, T - 2 * H, T - 7 * H);
  await backdate(ids.b!, T - 3 * D, T - 3 * D - H);
  await backdate(ids.c!, T - 10 * D, T - 10 * D);
  await backdate(ids.d!, T - D, T - D);
  await reviewResult(owner.userId, ids.a!, 'unauthorized');
  await reviewResult(owner.userId, ids.c!, 'unauthorized');
  await reviewResult(owner.userId, ids.d!, 'safe');

  const caseId = ulid();
  await putCase({
    id: caseId,
    userId: owner.userId,
    caseNumber: 'VGL-2030-000001',
    searchResultId: ids.c!,
    infringingUrl: 'https://tube.com/c',
    originalUrl: 'https://jane.example/',
    description: 'My video',
    searchEngine: 'google',
    host: 'tube.com',
    origin: 'form',
    createdAt: iso(T - 10 * D + H),
  });
  await transitionCase(caseId, ['pending'], 'sent', iso(T - 10 * D + 6 * H));
  await transitionCase(caseId, ['sent'], 'resolved', iso(T - 2 * D));
  await claimResultTakedown(ids.c!, caseId, iso(T - 2 * D));
});
afterAll(async () => {
  await h.close();
  clock.restore();
});

const RISK_ROUTES = ROUTES.filter((r) => r.area === 'risk');

describe('every /api/risk/* route', () => {
  it('is a signed-in route with no user id in its path', () => {
    expect(RISK_ROUTES.map((r) => r.path).sort()).toEqual(['/api/risk/content-analysis', '/api/risk/hotspots', '/api/risk/metrics', '/api/risk/recommendations', '/api/risk/trends']);
    expect(RISK_ROUTES.every((r) => r.auth === 'user' && !r.path.includes('{'))).toBe(true);
  });

  it.each(RISK_ROUTES.map((r) => [r.path, r]))('%s refuses anonymous callers with 401', async (_path, route) => {
    const res = await call(route, { as: 'anonymous' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it.each([['/api/risk/metrics', contract.riskMetrics], ['/api/risk/trends', contract.trends]] as [string, RouteDef][])('%s refuses a period other than 24h, 7d, 30d, 90d with 400', async (_path, route) => {
    for (const period of ['week', '', '7D', '1y']) {
      const res = await call(route, { as: owner, query: { period } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(RISK_PERIOD_MESSAGE);
    }
  });
});

describe("the owner's risk picture", () => {
  it('metrics for the default 7 days and for 30 days', async () => {
    const week = await call(contract.riskMetrics, { as: owner });
    expect(week.status).toBe(200);
    // open a (weight 1) and b (0.3); coverage c (notice) and d (safe) of 4 = 50%; recent a, b; detection (5 + 1 + 0) / 3
    // score 100 * (0.4 * 1.3/20 + 0.25 * (2/7)/2 + 0.2 * 0.5 + 0.15 * 1/10) = 17.7 -> 18
    expect(riskMetricsSchema.strict().parse(week.body)).toEqual({
      overallRiskScore: 18,
      riskLevel: 'LOW',
      vulnerabilityCount: 1,
      protectionCoverage: 50,
      recentThreats: 2,
      timeToDetection: 2,
      averageResponseTime: 0,
      contentExposure: 1,
    });
    const month = await call(contract.riskMetrics, { as: owner, query: { period: '30d' } });
    // 30 days take in c (found 10 days ago) and its notice, sent 6 hours after it was found
    expect(month.body).toMatchObject({ recentThreats: 3, averageResponseTime: 6, timeToDetection: 1.5, overallRiskScore: 15 });
    expect((await call(contract.riskMetrics, { as: owner, query: { period: '24h' } })).body).toMatchObject({ recentThreats: 1 });
  });

  it('hotspots per platform', async () => {
    const res = await call(contract.hotspots, { as: owner });
    expect(riskHotspotListSchema.parse(res.body)).toEqual([
      { platform: 'forum', riskScore: 30, violations: 1, trend: 'increasing', lastDetected: iso(T - 2 * H), geography: 'Unknown' },
      { platform: 'tube', riskScore: 0, violations: 0, trend: 'decreasing', lastDetected: iso(T - 10 * D), geography: 'Unknown' },
    ]);
  });

  it('daily trends over the period', async () => {
    const week = riskTrendListSchema.parse((await call(contract.trends, { as: owner })).body);
    expect(week).toHaveLength(7);
    expect(week[6]!.date).toBe(iso(T).slice(0, 10));
    const sum = (points: typeof week, k: 'newThreats' | 'resolved') => points.reduce((a, p) => a + p[k], 0);
    expect(sum(week, 'newThreats')).toBe(2); // a and b
    expect(sum(week, 'resolved')).toBe(1); // c, taken down 2 days ago
    expect(week[6]!.violations).toBe(1); // a: b is not reviewed yet, c is taken down
    const quarter = riskTrendListSchema.parse((await call(contract.trends, { as: owner, query: { period: '90d' } })).body);
    expect(quarter).toHaveLength(90);
    expect(sum(quarter, 'newThreats')).toBe(3);
    expect((await call(contract.trends, { as: owner, query: { period: '24h' } })).body).toHaveLength(1);
  });

  it('content analysis per content type', async () => {
    const res = await call(contract.contentAnalysis, { as: owner });
    expect(contentRiskListSchema.parse(res.body)).toEqual([
      {
        contentType: 'images',
        riskLevel: 39,
        exposureCount: 2,
        platforms: ['forum'],
        recommendation: 'Send takedown notices for 1 unauthorized image copies; forum hosts the most.',
      },
      {
        contentType: 'videos',
        riskLevel: 0,
        exposureCount: 0,
        platforms: [],
        recommendation: 'No open exposure of video copies: keep scanning regularly to catch new copies early.',
      },
    ]);
  });
});

describe("another user's picture", () => {
  it("never shows the owner's data: the spec's sample (marked) and empty lists while they have none", async () => {
    for (const who of [other, admin]) {
      const metrics = await call(contract.riskMetrics, { as: who });
      expect(metrics.body).toEqual({ ...RISK_SAMPLE_METRICS, sample: true });
      for (const route of [contract.hotspots, contract.trends, contract.contentAnalysis]) {
        expect((await call(route, { as: who })).body).toEqual([]);
      }
    }
  });

  it('ignores a user id sent in the query', async () => {
    const res = await call(contract.hotspots, { as: other, query: { userId: owner.userId } });
    expect(res.body).toEqual([]);
  });

  it('is computed (not the sample) once they have scanned, even with nothing found', async () => {
    const search = await createSearch({ userId: other.userId, query: 'Sam', searchEngines: ['google'], contentType: 'images' });
    await finishSearch(search.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
    const res = await call(contract.riskMetrics, { as: other });
    expect(res.body).toEqual({
      overallRiskScore: 0,
      riskLevel: 'LOW',
      vulnerabilityCount: 0,
      protectionCoverage: 100,
      recentThreats: 0,
      timeToDetection: 0,
      averageResponseTime: 0,
      contentExposure: 0,
    });
    const trends = (await call(contract.trends, { as: other })).body;
    expect(trends).toHaveLength(7);
    expect(trends.every((p: { violations: number; newThreats: number }) => p.violations === 0 && p.newThreats === 0)).toBe(true);
  });
});

describe('the same violations as the dashboard (issue 26)', () => {
  it('counts what the dashboard counts, and leaves out a site the creator allowlisted', async () => {
    const count = async () => ({
      risk: riskMetricsSchema.parse((await call(contract.riskMetrics, { as: owner })).body).vulnerabilityCount,
      dashboard: (await call(contract.userStats, { as: owner, params: { id: owner.userId } })).body.activeViolations as number,
    });
    expect(await count()).toEqual({ risk: 1, dashboard: 1 });
    const entry = await allowlistEntry(owner, 'leaks.de');
    try {
      expect(await count()).toEqual({ risk: 0, dashboard: 0 });
      const hotspots = riskHotspotListSchema.parse((await call(contract.hotspots, { as: owner })).body);
      expect(hotspots.find((x) => x.platform === 'forum')).toBeUndefined();
    } finally {
      await removeAllowlistEntry(owner.userId, entry.id);
    }
  });
});

describe('GET /api/risk/recommendations (issue 26)', () => {
  const ids = async (who: TestUser) => riskRecommendationListSchema.parse((await call(contract.riskRecommendations, { as: who })).body).map((r) => r.id);

  it("advises from the caller's own account, and another user gets only theirs", async () => {
    // The owner (trial, no monitor): a (unauthorized, no notice) and b (not reviewed) are open.
    expect(await ids(owner)).toEqual(['send-notices', 'review-results', 'create-monitor', 'upgrade-automation']);
    // Another user with nothing has only the monitor advice.
    expect(await ids(other)).toEqual(['create-monitor']);
  });

  it('names a host that kept a copy online after a notice', async () => {
    const at = new Date().toISOString();
    const id = ulid();
    await putCase({ id, userId: other.userId, caseNumber: 'VGL-2030-000999', searchResultId: ulid(), infringingUrl: 'https://stubborn.example/x', originalUrl: 'https://fans.example/p', searchEngine: 'google', description: 'd', host: 'stubborn.example', origin: 'form', createdAt: at });
    expect(await claimSubmissionAttempt({ id, submissionAttempt: undefined }, 1, at)).toBe(true);
    await updateSubmission(id, 1, { state: 'escalated' });
    const list = riskRecommendationListSchema.parse((await call(contract.riskRecommendations, { as: other })).body);
    expect(list[0]).toMatchObject({ id: 'hosts-ignoring-notices', priority: 'high' });
    expect(list[0]!.text).toContain('stubborn.example (1 case)');
    expect(await ids(owner)).not.toContain('hosts-ignoring-notices');
  });
});
