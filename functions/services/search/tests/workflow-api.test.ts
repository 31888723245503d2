import { ZodError } from 'zod';
import { ulid } from 'ulid';
import { startTestDynamo } from '../../../../test/harness';
import { addToUserCounters, getUserStats } from '../../stats';
import { SearchClosedError, listResultsBySearch, listResultsByUser, persistResults, type NewResult } from '../results';
import { recountReviewCounters, reviewResult } from '../review';
import { createSearch, finishSearch, getSearch, listSearchesByUser, updateSearchProgress } from '../searches';

/*
 * The write API the search workflow calls (create, progress, persist, finish), against real dynalite.
 */

let stop: () => Promise<void>;
beforeAll(async () => {
  stop = (await startTestDynamo()).close;
});
afterAll(() => stop());

const found = (n: number, extra: Partial<NewResult> = {}): NewResult => ({
  url: `https://files.example/f/${n}`,
  contentType: 'images',
  confidence: n % 100,
  similarityScore: 0.9,
  confidenceScore: (n % 100) / 100,
  priority: 'high',
  ...extra,
});

const newSearch = (userId = ulid()) =>
  createSearch({ userId, query: 'Jane', searchEngines: ['google', 'bing', 'duckduckgo'], contentType: 'images,videos' });

describe('createSearch and getSearch', () => {
  it('stores a running search with zero progress and the engine count', async () => {
    const s = await newSearch();
    expect(await getSearch(s.id)).toEqual(s);
    expect(s).toMatchObject({ status: 'running', resultCount: 0, progress: { enginesDone: 0, enginesTotal: 3, candidatesFound: 0, candidatesMatched: 0, stage: 'queued' } });
    expect(s.metadata).toBeUndefined();
  });

  it('never overwrites an existing search with a retried create', async () => {
    const s = await newSearch();
    await expect(createSearch({ id: s.id, userId: s.userId, query: 'other', searchEngines: [], contentType: 'x' })).rejects.toThrow();
    expect((await getSearch(s.id))!.query).toBe('Jane');
  });

  it("lists a user's searches newest first", async () => {
    const userId = ulid();
    const a = await newSearch(userId);
    const b = await newSearch(userId);
    expect((await listSearchesByUser(userId)).map((s) => s.id)).toEqual([b.id, a.id]);
  });
});

describe('updateSearchProgress', () => {
  it('adds concurrent increments without losing any and sets the stage', async () => {
    const s = await newSearch();
    await Promise.all(
      Array.from({ length: 20 }, () => updateSearchProgress(s.id, { stage: 'searching', increment: { candidatesFound: 3, candidatesMatched: 1 } })),
    );
    await Promise.all(['google', 'bing', 'duckduckgo'].map(() => updateSearchProgress(s.id, { increment: { enginesDone: 1 } })));
    expect((await getSearch(s.id))!.progress).toEqual({ enginesDone: 3, enginesTotal: 3, candidatesFound: 60, candidatesMatched: 20, stage: 'searching' });
  });

  it('changes nothing once the search is final', async () => {
    const s = await newSearch();
    await finishSearch(s.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
    expect(await updateSearchProgress(s.id, { stage: 'triage', increment: { enginesDone: 1 } })).toBe(false);
    expect((await getSearch(s.id))!.progress).toMatchObject({ enginesDone: 0, stage: 'done' });
  });

  it('answers false for a search that does not exist, creating nothing', async () => {
    const id = ulid();
    expect(await updateSearchProgress(id, { stage: 'triage' })).toBe(false);
    expect(await getSearch(id)).toBeUndefined();
  });
});

describe('finishSearch', () => {
  it('sets the final status and metadata once; a second finish changes nothing', async () => {
    const s = await newSearch();
    const first = await finishSearch(s.id, { status: 'partial', successfulEngines: ['google', 'bing'], failedEngines: ['duckduckgo'] });
    expect(first.finished).toBe(true);
    expect(first.search.status).toBe('partial');
    expect(first.search.metadata).toMatchObject({ successfulEngines: ['google', 'bing'], failedEngines: ['duckduckgo'] });
    expect(first.search.metadata!.totalDuration).toBeGreaterThanOrEqual(0);
    expect(Date.parse(first.search.metadata!.completedAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));

    const second = await finishSearch(s.id, { status: 'failed', successfulEngines: [], failedEngines: ['google'], error: 'x' });
    expect(second.finished).toBe(false);
    expect(second.search).toEqual(first.search);
  });

  it('throws for a search that does not exist', async () => {
    await expect(finishSearch(ulid(), { status: 'failed', successfulEngines: [], failedEngines: [] })).rejects.toThrow(/does not exist/);
  });
});

describe('persistResults', () => {
  it('stores more than one BatchWrite chunk and counts them as pending review', async () => {
    const s = await newSearch();
    const out = await persistResults(s.id, Array.from({ length: 60 }, (_, i) => found(i)));
    expect(out).toMatchObject({ alreadyPersisted: false });
    expect(out.ids).toHaveLength(60);
    const stored = await listResultsBySearch(s.id);
    expect(stored).toHaveLength(60);
    expect(stored[0]).toMatchObject({ userId: s.userId, searchId: s.id, domain: 'files.example', platform: 'other', instances: 1, userReviewStatus: null, reviewedAt: null });
    expect(stored.map((r) => r.confidence)).toEqual([...stored.map((r) => r.confidence)].sort((a, b) => b - a));
    expect((await getSearch(s.id))!.resultCount).toBe(60);
    expect((await getUserStats(s.userId)).pendingReview).toBe(60);
  });

  it('is safe to retry: the same batch again stores no duplicates and counts nothing twice', async () => {
    const s = await newSearch();
    const batch = [found(1), found(2), found(3)];
    const first = await persistResults(s.id, batch);
    const again = await persistResults(s.id, batch);
    expect(again).toEqual({ ids: first.ids, alreadyPersisted: true, newCount: 0 });
    expect(await listResultsBySearch(s.id)).toHaveLength(3);
    expect((await getUserStats(s.userId)).pendingReview).toBe(3);
    expect((await getSearch(s.id))!.resultCount).toBe(3);
  });

  it('keeps the most confident of duplicate URLs and derives ids from search and URL', async () => {
    const s = await newSearch();
    const out = await persistResults(s.id, [found(10, { url: 'https://a.example/x' }), found(70, { url: 'https://a.example/x' })]);
    expect(out.ids).toHaveLength(1);
    const [stored] = await listResultsBySearch(s.id);
    expect(stored!.confidence).toBe(70);
    expect(stored!.id).toBe(out.ids[0]);
  });

  it('refuses results for a finished search and writes nothing', async () => {
    const s = await newSearch();
    await finishSearch(s.id, { status: 'completed', successfulEngines: [], failedEngines: [] });
    await expect(persistResults(s.id, [found(1)])).rejects.toBeInstanceOf(SearchClosedError);
    expect(await listResultsBySearch(s.id)).toHaveLength(0);
    expect((await getUserStats(s.userId)).pendingReview).toBe(0);
  });

  it('refuses malformed results and writes nothing', async () => {
    const s = await newSearch();
    await expect(persistResults(s.id, [found(1), found(2, { url: 'javascript:alert(1)' })])).rejects.toBeInstanceOf(ZodError);
    await expect(persistResults(s.id, [found(1, { confidence: 101 })])).rejects.toBeInstanceOf(ZodError);
    expect(await listResultsBySearch(s.id)).toHaveLength(0);
  });

  it('clips long page text instead of refusing it', async () => {
    const s = await newSearch();
    await persistResults(s.id, [found(1, { title: 't'.repeat(1000), description: 'd'.repeat(5000) })]);
    const [r] = await listResultsBySearch(s.id);
    expect(r!.title).toHaveLength(300);
    expect(r!.description).toHaveLength(2000);
  });
});

describe('recountReviewCounters', () => {
  it('repairs drifted review counters from the results themselves', async () => {
    const s = await newSearch();
    const { ids } = await persistResults(s.id, [found(1), found(2), found(3)]);
    await reviewResult(s.userId, ids[0]!, 'unauthorized');
    await addToUserCounters(s.userId, { pendingReview: 5, activeViolations: -4, dmcaSent: 2 });
    expect(await recountReviewCounters(s.userId)).toEqual({ pendingReview: 2, activeViolations: 1 });
    expect(await getUserStats(s.userId)).toEqual({ pendingReview: 2, activeViolations: 1, dmcaSent: 2, resolvedCases: 0 });
    expect((await listResultsByUser(s.userId))!.length).toBe(3);
  });
});
