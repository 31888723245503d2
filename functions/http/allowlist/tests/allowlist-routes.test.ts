import { ulid } from 'ulid';
import { allowlistEntrySchema, allowlistListSchema } from '../../../../shared/schemas/allowlist';
import * as allowlistStore from '../../../store/entities/allowlist';
import { isAllowlisted, listAllowlist, withoutAllowlisted } from '../../../services/allowlist';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { freezeClock } from '../../../../test/clock';
import { session, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  h = await startHarness();
  [owner, other, admin] = [await session(), await session(), await session({ isAdmin: true })];
});
afterAll(() => h.close());

const add = (who: TestUser | undefined, body: unknown, id = 'me') => call(contract.addAllowlist, { as: who, params: { id }, body });
const list = (who: TestUser | undefined, id = 'me') => call(contract.listAllowlist, { as: who, params: { id } });
const guard = (userId: string, domain: string) => allowlistStore.getGuard(userId, domain);

describe('GET /api/user/{id}/allowlist', () => {
  it('refuses an anonymous caller with 401', async () => {
    expect((await list(undefined)).status).toBe(401);
  });

  it("lists the owner's entries newest first, by 'me' or by their own id", async () => {
    const u = await session();
    expect((await list(u)).body).toEqual([]);
    await add(u, { domain: 'first.example', reason: 'fair_use' });
    await add(u, { domain: 'second.example', reason: 'owned_property', notes: 'my shop' });
    const res = await list(u, u.userId);
    expect(res.status).toBe(200);
    const entries = allowlistListSchema.parse(res.body);
    expect(entries.map((e) => e.domain)).toEqual(['second.example', 'first.example']);
    expect(res.body[0]).toEqual({ id: expect.any(String), domain: 'second.example', reason: 'owned_property', notes: 'my shop', createdAt: expect.any(String) });
    expect(res.body[1]).not.toHaveProperty('notes');
    expect(res.body[0]).not.toHaveProperty('userId');
  });

  it("refuses another user's list with 403 and allows an admin", async () => {
    await add(owner, { domain: 'visible.example', reason: 'fair_use' });
    const res = await list(other, owner.userId);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
    const asAdmin = await list(admin, owner.userId);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.map((e: { domain: string }) => e.domain)).toContain('visible.example');
  });

  it('refuses a malformed user id with 400', async () => {
    const res = await list(owner, 'USER#x#ALLOWLIST');
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'params.id', message: 'User id is not valid.' }]);
  });
});

describe('POST /api/user/{id}/allowlist', () => {
  it('refuses an anonymous caller with 401 and stores nothing', async () => {
    const u = await session();
    expect((await add(undefined, { domain: 'x.example', reason: 'fair_use' }, u.userId)).status).toBe(401);
    expect(await listAllowlist(u.userId)).toEqual([]);
  });

  it('adds a normalised domain for the owner (201)', async () => {
    const u = await session();
    const res = await add(u, { domain: '  HTTPS://www.Partner.Example:8443/path?q=1 ', reason: 'authorized_partner', notes: '  signed 2025 ' });
    expect(res.status).toBe(201);
    expect(allowlistEntrySchema.strict().parse(res.body)).toMatchObject({ domain: 'partner.example', reason: 'authorized_partner', notes: 'signed 2025' });
    expect((await list(u)).body).toEqual([res.body]);
    expect(await guard(u.userId, 'partner.example')).toMatchObject({ entryId: res.body.id });
  });

  it("refuses a duplicate domain with 409 and changes nothing, even when spelt differently", async () => {
    const u = await session();
    const first = await add(u, { domain: 'dup.example', reason: 'fair_use' });
    const dup = await add(u, { domain: 'https://WWW.dup.example/', reason: 'licensing_agreement', notes: 'again' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'This domain is already on your allowlist.', code: 'DUPLICATE_DOMAIN' });
    expect((await list(u)).body).toEqual([first.body]);
    expect(await guard(u.userId, 'dup.example')).toMatchObject({ entryId: first.body.id });
  });

  it('keeps one entry per domain under concurrent adds', async () => {
    const u = await session();
    const replies = await Promise.all(Array.from({ length: 8 }, () => add(u, { domain: 'race.example', reason: 'fair_use' })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const entries = (await list(u)).body;
    expect(entries).toHaveLength(1);
    expect(await guard(u.userId, 'race.example')).toMatchObject({ entryId: entries[0].id });
  });

  it('lets two users allowlist the same domain', async () => {
    const [a, b] = [await session(), await session()];
    expect((await add(a, { domain: 'shared.example', reason: 'fair_use' })).status).toBe(201);
    expect((await add(b, { domain: 'shared.example', reason: 'fair_use' })).status).toBe(201);
  });

  it("refuses adding to another user's list with 403; an admin may", async () => {
    const u = await session();
    const res = await add(other, { domain: 'sneaky.example', reason: 'fair_use' }, u.userId);
    expect(res.status).toBe(403);
    expect(await listAllowlist(u.userId)).toEqual([]);
    const asAdmin = await add(admin, { domain: 'granted.example', reason: 'licensing_agreement' }, u.userId);
    expect(asAdmin.status).toBe(201);
    expect((await listAllowlist(u.userId)).map((e) => e.domain)).toEqual(['granted.example']);
  });

  it.each([
    ['not a domain', { domain: 'not a domain', reason: 'fair_use' }, 'body.domain', 'Enter a domain such as example.com'],
    ['an IP address', { domain: '192.168.0.1', reason: 'fair_use' }, 'body.domain', 'Enter a domain such as example.com'],
    ['a bare word', { domain: 'localhost', reason: 'fair_use' }, 'body.domain', 'Enter a domain such as example.com'],
    ['an empty domain', { domain: '', reason: 'fair_use' }, 'body.domain', 'Enter a domain such as example.com'],
    ['no domain', { reason: 'fair_use' }, 'body.domain', 'Enter a domain such as example.com'],
    ['an unknown reason', { domain: 'ok.example', reason: 'because' }, 'body.reason', 'Choose a reason for allowing this domain.'],
    ['no reason', { domain: 'ok.example' }, 'body.reason', 'Choose a reason for allowing this domain.'],
    ['long notes', { domain: 'ok.example', reason: 'fair_use', notes: 'n'.repeat(501) }, 'body.notes', 'Notes must be at most 500 characters.'],
  ])('refuses %s with 400 and fields, storing nothing', async (_label, body, path, message) => {
    const u = await session();
    const res = await add(u, body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toEqual([{ path, message }]);
    expect(await listAllowlist(u.userId)).toEqual([]);
    expect(await guard(u.userId, 'ok.example')).toBeUndefined();
  });

  it('takes over a guard orphaned by a crashed add, but not a fresh one', async () => {
    const u = await session();
    // The clock stands still, so the guards' ages are exactly these however slowly the test runs.
    const clock = freezeClock();
    try {
      const orphan = (domain: string, ageMs: number) =>
        allowlistStore.claimGuard({ userId: u.userId, domain, entryId: ulid(), createdAt: new Date(Date.now() - ageMs).toISOString() });
      await orphan('old.example', 60_000);
      await orphan('fresh.example', 0);
      expect((await add(u, { domain: 'old.example', reason: 'fair_use' })).status).toBe(201);
      expect((await add(u, { domain: 'fresh.example', reason: 'fair_use' })).status).toBe(409);
      expect((await list(u)).body.map((e: { domain: string }) => e.domain)).toEqual(['old.example']);
    } finally {
      clock.restore();
    }
  });
});

describe('DELETE /api/allowlist/{id}', () => {
  it('refuses an anonymous caller with 401 and keeps the entry', async () => {
    const u = await session();
    const { body } = await add(u, { domain: 'keep.example', reason: 'fair_use' });
    expect((await call(contract.removeAllowlist, { as: 'anonymous', params: { id: body.id } })).status).toBe(401);
    expect(await listAllowlist(u.userId)).toHaveLength(1);
  });

  it('removes the entry and its guard for the owner, so the domain can be added again', async () => {
    const u = await session();
    const { body } = await add(u, { domain: 'gone.example', reason: 'fair_use' });
    const res = await call(contract.removeAllowlist, { as: u, params: { id: body.id } });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await list(u)).body).toEqual([]);
    expect(await guard(u.userId, 'gone.example')).toBeUndefined();
    expect((await add(u, { domain: 'gone.example', reason: 'owned_property' })).status).toBe(201);
    expect((await call(contract.removeAllowlist, { as: u, params: { id: body.id } })).status).toBe(404);
  });

  it("hides another user's entry (404), even from an admin, and keeps it", async () => {
    const u = await session();
    const { body } = await add(u, { domain: 'mine.example', reason: 'fair_use' });
    for (const who of [other, admin]) {
      const res = await call(contract.removeAllowlist, { as: who, params: { id: body.id } });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Allowlist entry not found.');
    }
    expect(await listAllowlist(u.userId)).toHaveLength(1);
    expect(await guard(u.userId, 'mine.example')).toBeDefined();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(contract.removeAllowlist, { as: owner, params: { id: ulid() } })).status).toBe(404);
    const bad = await call(contract.removeAllowlist, { as: owner, params: { id: 'ALLOWLIST#1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'params.id', message: 'Allowlist entry id is not valid.' }]);
  });
});

describe('isAllowlisted', () => {
  it('matches the domain and its subdomains, from URLs or hosts, and nothing else', async () => {
    const u = await session();
    await add(u, { domain: 'partner.example', reason: 'authorized_partner' });
    expect(await isAllowlisted(u.userId, 'partner.example')).toBe(true);
    expect(await isAllowlisted(u.userId, 'https://cdn.img.partner.example/a.jpg')).toBe(true);
    expect(await isAllowlisted(u.userId, 'WWW.PARTNER.EXAMPLE')).toBe(true);
    expect(await isAllowlisted(u.userId, 'https://notpartner.example/')).toBe(false);
    expect(await isAllowlisted(u.userId, 'https://partner.example.evil.test/')).toBe(false);
    expect(await isAllowlisted(u.userId, 'not a url')).toBe(false);
    expect(await isAllowlisted(other.userId, 'partner.example')).toBe(false);
    const kept = await withoutAllowlisted(u.userId, [['https://partner.example/x'], ['https://other.example/y'], ['other.example', 'cdn.partner.example']], (sites) => sites);
    expect(kept).toEqual([['https://other.example/y']]);
  });
});
