import { ulid } from 'ulid';
import {
  groupedResultsSchema,
  searchResultListSchema,
  searchResultSchema,
  searchSchema,
  userStatsSchema,
} from '../../../../shared/schemas/search';
import { putObject } from '../../../adapters/s3';
import { persistResults, type NewResult } from '../../../services/search/results';
import { createSearch } from '../../../services/search/searches';
import { getUserStats } from '../../../services/stats';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { shiftClock, type ShiftedClock } from '../../../../test/clock';
import { scanWithResults, session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
/** Moved a second on where a test needs a later time (a later batch, a later creation), instead of sleeping. */
let clock: ShiftedClock;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  clock = shiftClock();
  h = await startHarness({ s3: true });
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
});
afterAll(async () => {
  await h.close();
  clock.restore();
});

const result = (n: number, extra: Partial<NewResult> = {}): NewResult => ({
  url: `https://leak-forum.example/thread/${n}`,
  contentType: 'images',
  title: `Copy ${n}`,
  platform: 'forum',
  source: 'google',
  confidence: 50 + n,
  similarityScore: 0.5,
  confidenceScore: (50 + n) / 100,
  priority: 'medium',
  description: `Found copy ${n}`,
  evidence: { engines: ['google'] },
  ...extra,
});

/** A finished search of `who` with `n` results (images unless told otherwise). */
async function seedSearch(who: TestUser, results: NewResult[]) {
  const { searchId, resultIds } = await scanWithResults(who, results, { query: 'Jane Creator', searchEngines: ['google', 'bing'], contentType: 'images,videos' });
  return { searchId, ids: resultIds };
}

const fields = (body: { fields?: { path: string; message: string }[] }) => body.fields ?? [];

describe('GET /api/search/{id}', () => {
  let searchId: string;
  beforeAll(async () => {
    ({ searchId } = await seedSearch(owner, [result(1)]));
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await call(contract.getSearch, { as: 'anonymous', params: { id: searchId } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('returns the owner their search with status, progress and metadata', async () => {
    const res = await call(contract.getSearch, { as: owner, params: { id: searchId } });
    expect(res.status).toBe(200);
    const search = searchSchema.strict().parse(res.body);
    expect(search).toMatchObject({ id: searchId, userId: owner.userId, status: 'completed', query: 'Jane Creator', resultCount: 1 });
    expect(search.metadata).toMatchObject({ successfulEngines: ['google', 'bing'], failedEngines: [] });
    expect(search.progress).toEqual({ enginesDone: 0, enginesTotal: 2, candidatesFound: 0, candidatesMatched: 0, stage: 'done' });
    expect(res.body).not.toHaveProperty('references');
  });

  it('hides the search from another user (404) and shows it to an admin', async () => {
    expect((await call(contract.getSearch, { as: other, params: { id: searchId } })).status).toBe(404);
    expect((await call(contract.getSearch, { as: admin, params: { id: searchId } })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 with fields for a malformed one', async () => {
    const missing = await call(contract.getSearch, { as: owner, params: { id: ulid() } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Search not found.');
    const bad = await call(contract.getSearch, { as: owner, params: { id: 'USER#x' } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual([{ path: 'params.id', message: 'Search id is not valid.' }]);
  });
});

describe('GET /api/search/{id}/results', () => {
  let searchId: string;
  beforeAll(async () => {
    const search = await createSearch({ userId: owner.userId, query: 'q', searchEngines: ['google'], contentType: 'images' });
    searchId = search.id;
    await persistResults(searchId, [result(1), result(30), result(10)]);
    clock.advance(1_000); // a later batch gets a later persist time
    await persistResults(searchId, [result(2, { url: 'https://tube.example/v/2', contentType: 'videos' })]);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.searchResults, { as: 'anonymous', params: { id: searchId } })).status).toBe(401);
  });

  it('lists the newest batch first, then the most confident first', async () => {
    const res = await call(contract.searchResults, { as: owner, params: { id: searchId } });
    expect(res.status).toBe(200);
    const list = searchResultListSchema.parse(res.body);
    expect(list.map((r) => r.title)).toEqual(['Copy 2', 'Copy 30', 'Copy 10', 'Copy 1']);
    expect(list.every((r) => r.searchId === searchId && r.userReviewStatus === null && r.screenshotBase64 === null)).toBe(true);
  });

  it('honours limit and refuses a bad one with 400', async () => {
    const res = await call(contract.searchResults, { as: owner, params: { id: searchId }, query: { limit: '2' } });
    expect(res.body).toHaveLength(2);
    const bad = await call(contract.searchResults, { as: owner, params: { id: searchId }, query: { limit: '501' } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual([{ path: 'query.limit', message: 'limit must be at most 500.' }]);
  });

  it("hides another user's search (404); an admin may read it", async () => {
    expect((await call(contract.searchResults, { as: other, params: { id: searchId } })).status).toBe(404);
    expect((await call(contract.searchResults, { as: admin, params: { id: searchId } })).body).toHaveLength(4);
  });
});

describe('GET /api/search-result/{id}', () => {
  let resultId: string;
  let externalId: string;
  let unsafeId: string;
  let owner: TestUser;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  beforeAll(async () => {
    await putObject('test-uploads', 'evidence/shot.png', png, 'image/png');
    await putObject('test-uploads', 'evidence/thumb.jpg', Buffer.from('thumb'), 'image/jpeg');
    const u = await session();
    await seedSearch(u, [
      result(1, { previewRef: 'evidence/thumb.jpg', screenshotRef: 's3://test-uploads/evidence/shot.png', evidence: { engines: ['google'], matchedImageKey: 'evidence/thumb.jpg', distance: 12 } }),
      result(2, { previewRef: 'https://cdn.leak-forum.example/img/2.jpg' }),
      result(3, { previewRef: 'javascript:alert(1)' }),
    ]);
    const list = (await call(contract.userResults, { as: u, params: { id: 'me' } })).body as { id: string; title: string }[];
    [resultId, externalId, unsafeId] = [1, 2, 3].map((n) => list.find((r) => r.title === `Copy ${n}`)!.id);
    owner = u;
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.getResult, { as: 'anonymous', params: { id: resultId } })).status).toBe(401);
  });

  it('returns every field, the screenshot inline and a preview URL the browser can load', async () => {
    const res = await call(contract.getResult, { as: owner, params: { id: resultId } });
    expect(res.status).toBe(200);
    const r = searchResultSchema.strict().parse(res.body);
    expect(r.screenshotBase64).toBe(png.toString('base64'));
    expect(r.previewUrl).toMatch(new RegExp(`^${h.s3Endpoint}/test-uploads/evidence/thumb\\.jpg\\?.*X-Amz-Signature=`));
    const image = await fetch(r.previewUrl!);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe('thumb');
    expect(r.evidence).toMatchObject({ engines: ['google'], matchedImageKey: 'evidence/thumb.jpg', distance: 12 });
    expect(r.evidence.matchedImageUrl).toContain('X-Amz-Signature=');
  });

  it("never points a preview at the copying site (it would see the creator's address), nor at other schemes", async () => {
    expect((await call(contract.getResult, { as: owner, params: { id: externalId } })).body.previewUrl).toBeNull();
    const unsafe = await call(contract.getResult, { as: owner, params: { id: unsafeId } });
    expect(unsafe.body.previewUrl).toBeNull();
    expect(unsafe.body.screenshotBase64).toBeNull();
  });

  it("hides another user's result (404); an admin may read it", async () => {
    const res = await call(contract.getResult, { as: other, params: { id: resultId } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Search result not found.');
    expect((await call(contract.getResult, { as: admin, params: { id: resultId } })).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(contract.getResult, { as: owner, params: { id: ulid() } })).status).toBe(404);
    const bad = await call(contract.getResult, { as: owner, params: { id: 'nope' } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual([{ path: 'params.id', message: 'Search result id is not valid.' }]);
  });
});

describe('GET /api/user/{id}/results and /results/grouped', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await session();
    await seedSearch(u, [result(1), result(2, { contentType: 'web', url: 'https://blog.example/a' })]);
    clock.advance(1_000);
    await seedSearch(u, [result(3, { contentType: 'videos', url: 'https://tube.example/v/3' })]);
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(contract.userResults, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
    expect((await call(contract.userResultsGrouped, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
  });

  it('lists the caller\'s results newest first, by "me" or by their own id', async () => {
    const me = await call(contract.userResults, { as: u, params: { id: 'me' } });
    expect(me.status).toBe(200);
    expect(searchResultListSchema.parse(me.body).map((r) => r.title)).toEqual(['Copy 3', 'Copy 2', 'Copy 1']);
    const own = await call(contract.userResults, { as: u, params: { id: u.userId } });
    expect(own.body).toEqual(me.body);
  });

  it('pages with limit and before', async () => {
    const first = await call(contract.userResults, { as: u, params: { id: 'me' }, query: { limit: '2' } });
    expect(first.body.map((r: { title: string }) => r.title)).toEqual(['Copy 3', 'Copy 2']);
    const next = await call(contract.userResults, { as: u, params: { id: 'me' }, query: { limit: '2', before: first.body[1].id } });
    expect(next.body.map((r: { title: string }) => r.title)).toEqual(['Copy 1']);
  });

  it('groups results as {web, images, videos}', async () => {
    const res = await call(contract.userResultsGrouped, { as: u, params: { id: 'me' } });
    expect(res.status).toBe(200);
    const grouped = groupedResultsSchema.strict().parse(res.body);
    expect(Object.keys(res.body).sort()).toEqual(['images', 'videos', 'web']);
    expect(grouped.web.map((r) => r.title)).toEqual(['Copy 2']);
    expect(grouped.images.map((r) => r.title)).toEqual(['Copy 1']);
    expect(grouped.videos.map((r) => r.title)).toEqual(['Copy 3']);
    const empty = await call(contract.userResultsGrouped, { as: await session(), params: { id: 'me' } });
    expect(empty.body).toEqual({ web: [], images: [], videos: [] });
  });

  it("refuses another user's lists with 403 and allows an admin", async () => {
    for (const route of [contract.userResults, contract.userResultsGrouped]) {
      const res = await call(route, { as: other, params: { id: u.userId } });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('You can only access your own account.');
      expect((await call(route, { as: admin, params: { id: u.userId } })).status).toBe(200);
    }
    expect((await call(contract.userResults, { as: admin, params: { id: u.userId } })).body).toHaveLength(3);
  });

  it('refuses bad input with 400 and fields', async () => {
    const limit = await call(contract.userResults, { as: u, params: { id: 'me' }, query: { limit: 'abc' } });
    expect(limit.status).toBe(400);
    expect(fields(limit.body)[0]!.path).toBe('query.limit');
    const before = await call(contract.userResultsGrouped, { as: u, params: { id: 'me' }, query: { before: 'x' } });
    expect(fields(before.body)).toEqual([{ path: 'query.before', message: 'before must be a result id.' }]);
    const foreign = await call(contract.userResults, { as: u, params: { id: 'me' }, query: { before: ulid() } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('before must be one of your result ids.');
    const badUser = await call(contract.userResults, { as: u, params: { id: 'USER#1#RESULT' } });
    expect(fields(badUser.body)).toEqual([{ path: 'params.id', message: 'User id is not valid.' }]);
  });
});

describe('GET /api/user/{id}/stats', () => {

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.userStats, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
  });

  it('answers zeros for a user with no counters yet', async () => {
    const res = await call(contract.userStats, { as: await session(), params: { id: 'me' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ activeViolations: 0, resolvedCases: 0, dmcaSent: 0, pendingReview: 0 });
  });

  it('counts stored results as pending review', async () => {
    const u = await session();
    await seedSearch(u, [result(1), result(2), result(3)]);
    const res = await call(contract.userStats, { as: u, params: { id: u.userId } });
    expect(userStatsSchema.strict().parse(res.body)).toEqual({ activeViolations: 0, resolvedCases: 0, dmcaSent: 0, pendingReview: 3 });
  });

  it("refuses another user's stats with 403, allows an admin, and refuses a malformed id with 400", async () => {
    expect((await call(contract.userStats, { as: other, params: { id: owner.userId } })).status).toBe(403);
    expect((await call(contract.userStats, { as: admin, params: { id: owner.userId } })).status).toBe(200);
    const bad = await call(contract.userStats, { as: owner, params: { id: 'a#b' } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toEqual([{ path: 'params.id', message: 'User id is not valid.' }]);
  });
});

describe('PUT /api/search-results/{id}/review', () => {
  let u: TestUser;
  let ids: string[];
  beforeEach(async () => {
    u = await session();
    ({ ids } = await seedSearch(u, [result(1), result(2), result(3)]));
  });
  const stats = () => getUserStats(u.userId);
  const put = (id: string, status: unknown, who: TestUser | null = u) =>
    call(contract.reviewResult, { as: who ?? undefined, params: { id }, body: { status } });

  it('refuses an anonymous caller with 401 and changes nothing', async () => {
    expect((await put(ids[0]!, 'safe', null)).status).toBe(401);
    expect(await stats()).toMatchObject({ pendingReview: 3, activeViolations: 0 });
  });

  it('marks a result for its owner and returns it', async () => {
    const res = await put(ids[0]!, 'unauthorized');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ids[0], userReviewStatus: 'unauthorized' });
    expect(Date.parse(res.body.reviewedAt)).not.toBeNaN();
    const read = await call(contract.getResult, { as: u, params: { id: ids[0] } });
    expect(read.body.userReviewStatus).toBe('unauthorized');
  });

  it('keeps the counters in step across every transition', async () => {
    const [a, b] = ids as [string, string];
    await put(a, 'unauthorized'); // unset -> unauthorized
    expect(await stats()).toMatchObject({ pendingReview: 2, activeViolations: 1 });
    await put(b, 'safe'); // unset -> safe
    expect(await stats()).toMatchObject({ pendingReview: 1, activeViolations: 1 });
    await put(a, 'safe'); // unauthorized -> safe
    expect(await stats()).toMatchObject({ pendingReview: 1, activeViolations: 0 });
    await put(b, 'unauthorized'); // safe -> unauthorized
    expect(await stats()).toMatchObject({ pendingReview: 1, activeViolations: 1 });
    const again = await put(b, 'unauthorized'); // same status twice
    expect(again.status).toBe(200);
    expect(await stats()).toMatchObject({ pendingReview: 1, activeViolations: 1 });
  });

  it('does not touch reviewedAt when the same status is sent twice', async () => {
    const first = await put(ids[0]!, 'safe');
    clock.advance(1_000);
    const second = await put(ids[0]!, 'safe');
    expect(second.body.reviewedAt).toBe(first.body.reviewedAt);
  });

  it('counts concurrent reviews of one result exactly once per transition', async () => {
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, () => put(ids[0]!, 'unauthorized')),
      ...Array.from({ length: 6 }, () => put(ids[0]!, 'safe')),
    ]);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const final = (await call(contract.getResult, { as: u, params: { id: ids[0] } })).body.userReviewStatus;
    expect(await stats()).toMatchObject({ pendingReview: 2, activeViolations: final === 'unauthorized' ? 1 : 0 });
  });

  it("hides another user's result (404), even from an admin, and changes nothing", async () => {
    for (const who of [other, admin]) {
      const res = await put(ids[0]!, 'unauthorized', who);
      expect(res.status).toBe(404);
    }
    expect((await call(contract.getResult, { as: u, params: { id: ids[0] } })).body.userReviewStatus).toBeNull();
    expect(await stats()).toMatchObject({ pendingReview: 3, activeViolations: 0 });
  });

  it('answers 404 for a result that does not exist', async () => {
    const res = await put(ulid(), 'safe');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Search result not found.', code: 'NOT_FOUND' });
  });

  it('refuses bad input with 400 and fields, and writes nothing', async () => {
    const bad = await put(ids[0]!, 'maybe');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', error: "Status must be 'unauthorized' or 'safe'." });
    expect(fields(bad.body)).toEqual([{ path: 'body.status', message: "Status must be 'unauthorized' or 'safe'." }]);
    const notJson = await call(contract.reviewResult, { as: u, params: { id: ids[0] }, body: '{status:' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toBe('Request body is not valid JSON.');
    const badId = await put('x', 'safe');
    expect(fields(badId.body)).toEqual([{ path: 'params.id', message: 'Search result id is not valid.' }]);
    expect((await call(contract.getResult, { as: u, params: { id: ids[0] } })).body.userReviewStatus).toBeNull();
    expect(await stats()).toMatchObject({ pendingReview: 3, activeViolations: 0 });
  });
});

describe('GET /api/user/{id}/searches/latest (issue 26)', () => {
  it('answers 401 anonymous, null before the first scan, then the newest; 403 for another user, 200 for an admin, 400 for a bad id', async () => {
    expect((await call(contract.latestSearch, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
    const u = await session();
    expect((await call(contract.latestSearch, { as: u, params: { id: 'me' } })).body).toEqual({ search: null });
    await seedSearch(u, [result(1)]);
    const { searchId: newest } = await seedSearch(u, [result(2), result(3)]);
    const res = await call(contract.latestSearch, { as: u, params: { id: 'me' } });
    expect(res.status).toBe(200);
    expect(res.body.search).toMatchObject({ id: newest, userId: u.userId, resultCount: 2 });
    expect((await call(contract.latestSearch, { as: other, params: { id: u.userId } })).status).toBe(403);
    expect((await call(contract.latestSearch, { as: admin, params: { id: u.userId } })).body.search.id).toBe(newest);
    expect((await call(contract.latestSearch, { as: u, params: { id: 'a#b' } })).status).toBe(400);
  });
});
