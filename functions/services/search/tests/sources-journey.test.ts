import { contract } from '../../../../shared/contract';
import { user, type TestUser } from '../../../../test/fixtures';
import { call, multipart, startHarness, type Harness } from '../../../../test/harness';

/*
 * Issue 25, sources in the product, on one local runtime (the real search ASL in the Step Functions stand-in, the
 * sandbox web, dynalite, s3rver): the routes that take sources (anonymous, owner, another user, bad input, admin),
 * and a monitor whose run reads a Telegram channel, a subreddit and a leak site beside the engines.
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

const scanFields = { userId: 'me', query: 'Luna Vale', searchEngines: '["google"]', contentType: 'images' };
const monitorFields = { ...scanFields, cadence: 'weekly', alerts: 'off' };
const sourcesOf = (list: { kind: string; target: string }[]) => JSON.stringify(list);

beforeAll(async () => {
  h = await startHarness({ scans: true });
  owner = await user({ email: 'owner@sources.test', plan: 'pro' });
  other = await user({ email: 'other@sources.test' });
  admin = await user({ email: 'admin@sources.test', isAdmin: true });
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('sources in scans and monitors: the routes', () => {
  it('lists the leak sites a creator can choose, to signed-in callers only', async () => {
    expect((await call(contract.sourceSites, { as: 'anonymous' })).status).toBe(401);
    const sites = await call(contract.sourceSites, { as: other });
    expect(sites.status).toBe(200);
    expect(sites.body.length).toBeGreaterThanOrEqual(4);
    expect(new Set(sites.body.map((s: { kind: string }) => s.kind))).toEqual(new Set(['forum', 'album', 'archive', 'cyberlocker']));
  });

  it('refuses bad sources on a scan with a 400 naming each, and stores nothing', async () => {
    const form = await multipart({ ...scanFields, sources: sourcesOf([{ kind: 'telegram', target: 'leak chan' }]) });
    expect((await call(contract.startSearch, { as: 'anonymous', ...form })).status).toBe(401);
    const bad = await call(contract.startSearch, { as: other, ...form });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'body.sources.0.target', message: expect.stringMatching(/"leak chan" is not a Telegram channel username/) }]);
    const unknown = await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: sourcesOf([{ kind: 'site', target: 'no-such-site' }]) })) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ path: 'body.sources.0.target', message: expect.stringMatching(/"no-such-site" is not a known site/) }]);
    const notJson = await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: '{' })) });
    expect(notJson.status).toBe(400);
    expect(notJson.body.fields[0]).toMatchObject({ path: 'body.sources' });
    const tooMany = Array.from({ length: 11 }, (_, i) => ({ kind: 'reddit', target: `sub${i}` }));
    expect((await call(contract.startSearch, { as: other, ...(await multipart({ ...scanFields, sources: sourcesOf(tooMany) })) })).body.error).toBe('Add at most 10 sources.');
    // Nothing was started: the creator's scans are untouched.
    expect((await call(contract.usage, { as: other, params: { id: 'me' } })).body.allowances.scans.used).toBe(0);
  });

  it("stores a monitor's sources; only its owner changes them, with the same checks", async () => {
    const created = await call(contract.createMonitor, {
      as: owner,
      ...(await multipart({ ...monitorFields, sources: sourcesOf([{ kind: 'telegram', target: '@LunaLeaks' }, { kind: 'reddit', target: 'r/LunaVale' }]) })),
    });
    expect(created.status).toBe(201);
    expect(created.body.sources).toEqual([
      { kind: 'telegram', target: 'lunaleaks' },
      { kind: 'reddit', target: 'lunavale' },
    ]);
    const id = created.body.id as string;
    const body = { sources: [{ kind: 'site', target: 'erome-album' }] };
    expect((await call(contract.updateMonitor, { as: 'anonymous', params: { id }, body })).status).toBe(401);
    expect((await call(contract.updateMonitor, { as: other, params: { id }, body })).status).toBe(404);
    expect((await call(contract.updateMonitor, { as: admin, params: { id }, body })).status).toBe(404);
    const bad = await call(contract.updateMonitor, { as: owner, params: { id }, body: { sources: [{ kind: 'reddit', target: 'not a sub' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ path: 'body.sources.0.target' });
    const saved = await call(contract.updateMonitor, { as: owner, params: { id }, body });
    expect(saved.status).toBe(200);
    expect(saved.body.sources).toEqual([{ kind: 'site', target: 'erome-album' }]);
    expect((await call(contract.getMonitor, { as: owner, params: { id } })).body.sources).toEqual([{ kind: 'site', target: 'erome-album' }]);
    expect((await call(contract.deleteMonitor, { as: owner, params: { id } })).status).toBe(204);
  });

  it("shows each source's health to administrators only", async () => {
    expect((await call(contract.sourceHealth, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.sourceHealth, { as: owner })).status).toBe(403);
    const health = await call(contract.sourceHealth, { as: admin });
    expect(health.status).toBe(200);
    expect(Array.isArray(health.body)).toBe(true);
  });
});
