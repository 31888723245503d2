import { ulid } from 'ulid';
import { bulkReviewReplySchema } from '../../../../shared/schemas/search';
import { getResult, type NewResult } from '../../../services/search/results';
import { getUserStats } from '../../../services/stats';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { scanWithResults, session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  h = await startHarness();
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
});
afterAll(() => h.close());

const result = (n: number): NewResult => ({
  url: `https://bulk-leaks.example/post/${n}-${ulid()}`,
  contentType: 'images',
  title: `Copy ${n}`,
  confidence: 70,
  similarityScore: 0.7,
  confidenceScore: 0.7,
  priority: 'medium',
  evidence: { engines: ['google'] },
});

async function seed(who: TestUser, n: number): Promise<string[]> {
  return (await scanWithResults(who, Array.from({ length: n }, (_, i) => result(i)), { query: 'Jane' })).resultIds;
}

const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await getResult(id))?.userReviewStatus));

describe('PUT /api/search-results/review', () => {
  it('refuses an anonymous caller with 401 and changes nothing', async () => {
    const ids = await seed(owner, 2);
    const res = await call(contract.reviewResults, { as: 'anonymous', body: { ids, status: 'safe' } });
    expect(res.status).toBe(401);
    expect(await statuses(ids)).toEqual([null, null]);
  });

  it("marks the owner's results in one request and moves the counters once per change", async () => {
    const who = await session();
    const ids = await seed(who, 30);
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 30, activeViolations: 0 });

    const res = await call(contract.reviewResults, { as: who, body: { ids: ids.slice(0, 20), status: 'unauthorized' } });
    expect(res.status).toBe(200);
    const reply = bulkReviewReplySchema.parse(res.body);
    expect(reply.updated).toBe(20);
    expect(reply.results.every((r) => r.userReviewStatus === 'unauthorized')).toBe(true);
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 10, activeViolations: 20 });

    // Overlapping selection, lower-case ids and a repeated id: 10 move from unauthorized, 10 from pending.
    const again = [...ids.slice(10, 30), ids[12]].map((id) => id.toLowerCase());
    const second = await call(contract.reviewResults, { as: who, body: { ids: again, status: 'safe' } });
    expect(second.status).toBe(200);
    expect(second.body.updated).toBe(20);
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 0, activeViolations: 10 });
    expect(await statuses(ids.slice(0, 10))).toEqual(Array(10).fill('unauthorized'));
    expect(await statuses(ids.slice(10))).toEqual(Array(20).fill('safe'));

    // The same decision again changes nothing.
    await call(contract.reviewResults, { as: who, body: { ids: ids.slice(10), status: 'safe' } });
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 0, activeViolations: 10 });
  });

  it("refuses the whole request when one id is another user's, naming it, and changes nothing", async () => {
    const who = await session();
    const mine = await seed(who, 3);
    const [theirs] = await seed(other, 1);
    const res = await call(contract.reviewResults, { as: who, body: { ids: [mine[0], theirs, mine[1], mine[2]], status: 'unauthorized' } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
    expect(res.body.fields).toEqual([{ path: 'body.ids.1', message: 'No result of yours has this id.' }]);
    expect(await statuses([...mine, theirs])).toEqual([null, null, null, null]);
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 3, activeViolations: 0 });
    expect(await getUserStats(other.userId)).toMatchObject({ activeViolations: 0 });
  });

  it('refuses an unknown id the same way, and an admin may not decide for a user', async () => {
    const who = await session();
    const ids = await seed(who, 2);
    const unknown = await call(contract.reviewResults, { as: who, body: { ids: [...ids, ulid()], status: 'safe' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fields).toEqual([{ path: 'body.ids.2', message: 'No result of yours has this id.' }]);
    const asAdmin = await call(contract.reviewResults, { as: admin, body: { ids, status: 'safe' } });
    expect(asAdmin.status).toBe(404);
    expect(await statuses(ids)).toEqual([null, null]);
  });

  it.each([
    ['no body', undefined, 'A JSON request body is required.'],
    ['an empty list', { ids: [], status: 'safe' }, 'Choose at least one result.'],
    ['more than 500 ids', { ids: Array.from({ length: 501 }, () => ulid()), status: 'safe' }, 'At most 500 results can be reviewed at once.'],
    ['an id that is not a result id', { ids: ['USER#1'], status: 'safe' }, 'Each id must be a result id.'],
    ['a wrong status', { ids: [ulid()], status: 'maybe' }, "Status must be 'unauthorized' or 'safe'."],
    ['ids that are not a list', { ids: 'x', status: 'safe' }, 'ids must be a list of result ids.'],
  ])('answers 400 naming the problem for %s', async (_name, body, message) => {
    const res = await call(contract.reviewResults, { as: owner, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.error).toContain(message);
  });
});

describe('DELETE /api/search-results/{id}/review', () => {

  it('takes a decision back: pending again, counters back', async () => {
    const who = await session();
    const [a, b] = await seed(who, 2);
    await call(contract.reviewResults, { as: who, body: { ids: [a], status: 'unauthorized' } });
    await call(contract.reviewResults, { as: who, body: { ids: [b], status: 'safe' } });
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 0, activeViolations: 1 });

    const res = await call(contract.clearReview, { as: who, params: { id: a } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a, userReviewStatus: null, reviewedAt: null });
    await call(contract.clearReview, { as: who, params: { id: b } });
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 2, activeViolations: 0 });
    // Undoing an undecided result changes nothing.
    expect((await call(contract.clearReview, { as: who, params: { id: b } })).status).toBe(200);
    expect(await getUserStats(who.userId)).toMatchObject({ pendingReview: 2, activeViolations: 0 });
  });

  it('refuses anonymous (401), another user and an admin (404), and a malformed id (400)', async () => {
    const [id] = await seed(owner, 1);
    await call(contract.reviewResults, { as: owner, body: { ids: [id], status: 'safe' } });
    expect((await call(contract.clearReview, { as: 'anonymous', params: { id } })).status).toBe(401);
    expect((await call(contract.clearReview, { as: other, params: { id } })).status).toBe(404);
    expect((await call(contract.clearReview, { as: admin, params: { id } })).status).toBe(404);
    expect((await call(contract.clearReview, { as: owner, params: { id: 'nope' } })).status).toBe(400);
    expect((await getResult(id))?.userReviewStatus).toBe('safe');
  });
});
