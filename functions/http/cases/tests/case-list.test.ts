import { ulid } from 'ulid';
import { contract } from '../../../../shared/contract';
import type { CaseStatus } from '../../../../shared/schemas/cases';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, startHarness, type Harness } from '../../../../test/harness';
import * as cases from '../../../store/entities/case';

/*
 * The cases list (issue 26): `GET /api/user/{id}/cases` pages a creator's cases newest first by cursor, by status
 * tab, host, outcome, creation dates and a search by URL or case number. Anonymous, owner, another user, an
 * administrator and bad input.
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
const N = 30;

/** Case i: created on day i of November, every third on b.example, statuses in turn, every fifth removed. */
function caseOf(i: number): cases.CaseRecord {
  const status: CaseStatus = (['pending', 'sent', 'resolved'] as const)[i % 3]!;
  const host = i % 3 === 0 ? 'b.example' : 'a.example';
  const createdAt = `2026-11-${String(i).padStart(2, '0')}T10:00:00.000Z`;
  return {
    id: ulid(),
    userId: owner.userId,
    caseNumber: `VGL-2026-${String(900000 + i)}`,
    status,
    infringingUrl: `https://${host}/gallery/item-${i}`,
    originalUrl: '',
    searchEngine: 'google',
    description: 'A copy',
    createdAt,
    searchResultId: `RESULT${i}`,
    host,
    statusHistory: [{ status: 'pending', at: createdAt }],
    origin: 'form',
    ...(i % 5 === 0 ? { outcome: { kind: 'removed' as const, at: createdAt } } : {}),
  };
}

beforeAll(async () => {
  h = await startHarness();
  owner = await user({ email: 'cases-owner@cases.test' });
  other = await user({ email: 'cases-other@cases.test' });
  admin = await user({ email: 'cases-admin@cases.test', isAdmin: true });
  for (let i = 1; i <= N; i++) await cases.create(caseOf(i));
});
afterAll(() => h.close());

const page = (as: TestUser | 'anonymous', query: Record<string, string> = {}, id = 'me') => call(contract.listCasePage, { as, params: { id }, query });
const numbers = (body: { cases: { caseNumber: string }[] }) => body.cases.map((c) => Number(c.caseNumber.slice(-2)));

describe('cases list', () => {
  it('pages every case once, newest first, by cursor', async () => {
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await page(owner, { limit: '12', ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...numbers(res.body));
      cursor = res.body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: N }, (_, k) => N - k));
  });

  it('filters by tab, host, outcome, dates and a search by URL or case number', async () => {
    expect(numbers((await page(owner, { status: 'sent' })).body)).toEqual([28, 25, 22, 19, 16, 13, 10, 7, 4, 1]);
    expect(numbers((await page(owner, { host: 'B.example' })).body)).toEqual([30, 27, 24, 21, 18, 15, 12, 9, 6, 3]);
    expect(numbers((await page(owner, { outcome: 'removed' })).body)).toEqual([30, 25, 20, 15, 10, 5]);
    expect(numbers((await page(owner, { outcome: 'open', status: 'resolved', to: '2026-11-12' })).body)).toEqual([11, 8, 2]);
    expect(numbers((await page(owner, { from: '2026-11-05', to: '2026-11-07' })).body)).toEqual([7, 6, 5]);
    expect(numbers((await page(owner, { q: 'item-17' })).body)).toEqual([17]);
    expect(numbers((await page(owner, { q: 'vgl-2026-900023' })).body)).toEqual([23]);
    // A filtered list pages too: sent cases, four at a time.
    const first = await page(owner, { status: 'sent', limit: '4' });
    const second = await page(owner, { status: 'sent', limit: '4', cursor: first.body.next });
    expect([...numbers(first.body), ...numbers(second.body)]).toEqual([28, 25, 22, 19, 16, 13, 10, 7]);
    expect((await page(owner, { q: 'nothing-like-this' })).body).toEqual({ cases: [], next: null, counts: { all: 0, pending: 0, sent: 0, resolved: 0, reappeared: 0, capped: false } });
  });

  it('counts each tab under the other filters on the first page (a bounded read of the statuses)', async () => {
    const first = await page(owner, { limit: '5' });
    expect(first.body.counts).toEqual({ all: 30, pending: 10, sent: 10, resolved: 10, reappeared: 0, capped: false });
    // The tab chosen does not change the counts; host, outcome, dates and the search do.
    expect((await page(owner, { status: 'sent' })).body.counts).toEqual(first.body.counts);
    expect((await page(owner, { host: 'b.example' })).body.counts).toEqual({ all: 10, pending: 10, sent: 0, resolved: 0, reappeared: 0, capped: false });
    expect((await page(owner, { outcome: 'removed', to: '2026-11-15' })).body.counts).toEqual({ all: 3, pending: 1, sent: 1, resolved: 1, reappeared: 0, capped: false });
    expect((await page(owner, { q: 'item-1' })).body.counts).toMatchObject({ all: 11 }); // item-1, item-10 ... item-19
    // Later pages leave them out.
    expect((await page(owner, { limit: '5', cursor: first.body.next })).body.counts).toBeUndefined();
  });

  it('answers the owner and an administrator; nobody else', async () => {
    expect((await page('anonymous')).status).toBe(401);
    expect([403, 404]).toContain((await page(other, {}, owner.userId)).status);
    expect((await page(other)).body).toEqual({ cases: [], next: null, counts: { all: 0, pending: 0, sent: 0, resolved: 0, reappeared: 0, capped: false } });
    const byAdmin = await page(admin, { limit: '5' }, owner.userId);
    expect(byAdmin.status).toBe(200);
    expect(numbers(byAdmin.body)).toEqual([30, 29, 28, 27, 26]);
  });

  it('refuses bad input with the field named', async () => {
    const refused = async (query: Record<string, string>) => {
      const res = await page(owner, query);
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await refused({ status: 'lost' })).toBe('status must be one of all, pending, sent, resolved, reappeared.');
    expect(await refused({ outcome: 'gone' })).toMatch(/^outcome must be one of open, removed/);
    expect(await refused({ limit: '500' })).toBe('limit may be at most 100.');
    expect(await refused({ from: '2026-13-45' })).toBe('from must be a real date.');
    expect(await refused({ from: '2026-11-10', to: '2026-11-01' })).toBe('from must be on or before to.');
    expect(await refused({ q: 'x'.repeat(501) })).toBe('The search may be at most 500 characters.');
    expect(await refused({ cursor: 'bm90LWEtY3Vyc29y' })).toBe('The cursor is not valid: start again from the first page.');
    expect(await refused({ cursor: 'a cursor!' })).toBe('The cursor is not valid.');
  });
});
