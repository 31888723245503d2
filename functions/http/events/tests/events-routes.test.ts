import type { EventBody } from '../../../../shared/schemas/events';
import { keys } from '../../../store/keys';
import { EVENTS_RATE_MESSAGE, readEngagement, recordEvent } from '../../../services/events';
import { engagementMetricNames } from '../../../services/events/engagement';
import { ENGAGEMENT_SERVICE } from '../../../services/events/record-event';
import { metricSumsReader } from '../../../adapters/metrics/metric-sums-reader';
import { COUNTERS, readMonth } from '../../../services/metrics';
import { getItem, queryNewest } from '../../../store/table';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const post = (who: TestUser | undefined, body: unknown) => call(contract.recordEvent, { as: who, body });
const pageView = (path: string, sessionId: string): EventBody => ({ type: 'page_view', path, sessionId });

describe('POST /api/events', () => {
  it('refuses anonymous callers with 401', async () => {
    expect((await post(undefined, pageView('/', 'session-anon-1'))).status).toBe(401);
  });

  it('refuses a malformed event with 400 and says what is wrong', async () => {
    const who = await session();
    const cases: [unknown, string][] = [
      [{ type: 'click', path: '/', sessionId: 'abcdefgh' }, "type must be 'page_view' or 'feature_use'."],
      [{ type: 'page_view', path: '/', sessionId: 'short' }, 'sessionId must be 8 to 64 letters, digits, - or _.'],
      [{ type: 'page_view', path: 'search', sessionId: 'abcdefgh' }, 'path must start with /.'],
      [{ type: 'page_view', sessionId: 'abcdefgh' }, 'path is required.'],
      [{ type: 'page_view', path: '/', sessionId: 'abcdefgh', at: 'yesterday' }, 'at must be an ISO date-time.'],
      [{ type: 'feature_use', path: '/', sessionId: 'abcdefgh', feature: 'hack' }, 'feature must be one of'],
    ];
    for (const [body, message] of cases) {
      const res = await post(who, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
  });

  it('records page views into the day rollup: a session, its views, and no bounce after the second view', async () => {
    const who = await session();
    const before = await readEngagement();
    for (const path of ['/', '/search', '/dmca/01HZZZZZZZZZZZZZZZZZZZZZZZ']) {
      const res = await post(who, { ...pageView(path, 'tab-0001-abcd'), at: new Date().toISOString() });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ id: expect.any(String) });
    }
    expect((await post(who, { type: 'feature_use', path: '/search', sessionId: 'tab-0001-abcd', feature: 'start-scan' })).status).toBe(202);
    const after = await readEngagement();
    expect(after.sessions - before.sessions).toBe(1);
    expect(after.pageViews - before.pageViews).toBe(3);
    expect(after.bounces - before.bounces).toBe(0);
    expect(after.exits.get('/dmca/{id}')).toBe(1);
    expect(after.exits.get('/')).toBeUndefined();
    expect(after.views.get('/search')).toBe(1);
    expect(after.features.get('start-scan')).toBe(1);

    // The session item is the user's (listed on gsi1) and its events are its children (gsi2).
    const sessions = await queryNewest({ index: 'gsi1', partition: keys.ownedByPartition(who.userId, 'VISIT'), limit: 10 });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ userId: who.userId, sessionId: 'tab-0001-abcd', views: 3, lastPage: '/dmca/{id}' });
    const events = await queryNewest({ index: 'gsi2', partition: keys.childOfPartition('VISIT', `${who.userId}#tab-0001-abcd`, 'EVENT'), limit: 10 });
    expect(events).toHaveLength(4);
    expect(events.every((e) => e.userId === who.userId && typeof e.expiresAt === 'number')).toBe(true);
  });

  it("keeps two users' sessions apart even with the same session id", async () => {
    const [a, b] = [await session(), await session()];
    const before = await readEngagement();
    await post(a, pageView('/', 'same-session-id'));
    await post(b, pageView('/', 'same-session-id'));
    const after = await readEngagement();
    expect(after.sessions - before.sessions).toBe(2);
    expect(after.bounces - before.bounces).toBe(2);
  });
});

describe('recordEvent', () => {
  const day = (at: string) => keys.dailyCounter(COUNTERS.engagement, at);
  /** The day's engagement metrics (the EMF log locally, CloudWatch on AWS): every name, 0 when none was written. */
  const rollup = (at: string) => metricSumsReader().sums(ENGAGEMENT_SERVICE, engagementMetricNames(), at, at);

  it('times sessions by the server clock, caps idle gaps at 30 minutes, and books them on the start day', async () => {
    const who = await session();
    const sessionId = 'late-night-session';
    await recordEvent(who.userId, pageView('/', sessionId), new Date('2031-03-01T23:50:00.000Z'));
    await recordEvent(who.userId, { ...pageView('/cases', sessionId), at: '1999-01-01T00:00:00.000Z' }, new Date('2031-03-01T23:55:00.000Z'));
    await recordEvent(who.userId, pageView('/help', sessionId), new Date('2031-03-02T02:00:00.000Z'));
    expect(await rollup('2031-03-01')).toMatchObject({
      sessions: 1,
      pageViews: 3,
      bounces: 0,
      durationMs: 5 * 60_000 + 30 * 60_000,
      'view:/': 1,
      'view:/cases': 1,
      'view:/help': 1,
      'exit:/': 0,
      'exit:/cases': 0,
      'exit:/help': 1,
    });
    expect(Object.values(await rollup('2031-03-02')).every((v) => v === 0)).toBe(true);
    // The hot counter item of the day is no longer written (issue 27): the rollup is metrics.
    expect(await getItem(day('2031-03-01'), { consistent: false })).toBeUndefined();
  });

  it('stays exact under concurrent views of one session', async () => {
    const who = await session();
    const at = new Date('2031-04-01T10:00:00.000Z');
    await Promise.all(Array.from({ length: 10 }, (_, i) => recordEvent(who.userId, pageView(i % 2 ? '/search' : '/cases', 'parallel-session'), at)));
    const item = await rollup('2031-04-01');
    expect(item).toMatchObject({ sessions: 1, pageViews: 10, bounces: 0 });
    expect(Number(item['exit:/search'] ?? 0) + Number(item['exit:/cases'] ?? 0)).toBe(1);
  });

  it('allows 60 events a minute per user, then 429', async () => {
    const who = await session();
    const at = new Date('2031-05-01T10:00:10.000Z');
    for (let i = 0; i < 60; i++) await recordEvent(who.userId, { type: 'feature_use', path: '/', sessionId: 'rate-session', feature: 'chat' }, at);
    await expect(recordEvent(who.userId, pageView('/', 'rate-session'), at)).rejects.toMatchObject({ statusCode: 429, message: EVENTS_RATE_MESSAGE });
    await expect(recordEvent(who.userId, pageView('/', 'rate-session'), new Date('2031-05-01T10:01:00.000Z'))).resolves.toBeDefined();
  });

  it("counts the user active once in the month of their first session", async () => {
    const who = await session();
    const before = (await readMonth([COUNTERS.activeUsers], '2031-06-01')).get(COUNTERS.activeUsers)?.count ?? 0;
    await recordEvent(who.userId, pageView('/', 'active-1-session'), new Date('2031-06-02T10:00:00.000Z'));
    await recordEvent(who.userId, pageView('/', 'active-2-session'), new Date('2031-06-03T10:00:00.000Z'));
    const after = (await readMonth([COUNTERS.activeUsers], '2031-06-01')).get(COUNTERS.activeUsers);
    expect((after?.count ?? 0) - before).toBe(1);
    expect(after?.['plan:trial']).toBeGreaterThanOrEqual(1);
  });
});
