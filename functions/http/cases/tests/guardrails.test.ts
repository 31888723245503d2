import { execFileSync } from 'node:child_process';
import { ulid } from 'ulid';
import { caseSchema } from '../../../../shared/schemas/cases';
import type { NewResult } from '../../../services/search/results';
import { getResult } from '../../../services/search/results';
import { qualifiesForAutoSubmit } from '../../../services/monitors/auto-submit';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { scanWithResults, user, type TestUser } from '../../../../test/fixtures';

/*
 * Notice guardrails of issue 10: who owns the rights in the work, and the creator's confirmation of a copy
 * found by name only before any automated submission (single and bulk).
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
const squash = (s: string) => s.replace(/\s+/g, ' ');

function result(matchMethod?: 'name' | 'fingerprint' | 'likeness'): NewResult {
  const n = ulid();
  const url = h.web.url('leaks.test', `/thread/${n}`);
  h.web.setPage(url, { body: '<html><body><h1>Leaked set</h1></body></html>' });
  return {
    url,
    domain: 'leaks.test',
    contentType: 'images',
    title: 'Leak',
    platform: 'forum',
    source: 'google',
    confidence: 95,
    similarityScore: 0.96,
    confidenceScore: 0.95,
    priority: 'high',
    evidence: {
      engines: ['google'],
      seenAt: '2026-05-02T08:00:00.000Z',
      ...(matchMethod ? { matchMethod } : {}),
      ...(matchMethod === 'likeness' ? { likeness: { distance: 0.31, threshold: 0.5, enrolledFaceId: '01JD0000000000000000000000', box: { x: 0.2, y: 0.2, w: 0.3, h: 0.4 } } } : {}),
    },
  };
}

async function seed(who: TestUser, matchMethod?: 'name' | 'fingerprint' | 'likeness') {
  const r = result(matchMethod);
  const [id] = (await scanWithResults(who, [r], { review: 'unauthorized' })).resultIds;
  return { resultId: id!, url: r.url };
}

const body = (resultId: string, url: string, extra: Record<string, unknown> = {}) => ({
  searchResultId: resultId,
  infringingUrl: url,
  description: 'Spring photo set from the subscription page',
  searchEngine: 'google',
  ...extra,
});

const create = (who: TestUser | undefined, b: unknown) => call(contract.createCase, { as: who, body: b });
const readCase = async (who: TestUser, id: string) => caseSchema.parse((await call(contract.getCase, { as: who, params: { id } })).body);
const paths = (res: { body: { fields?: { path: string }[] } }) => (res.body.fields ?? []).map((f) => f.path);

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [owner, other] = [await user({ plan: 'pro' }), await user({ plan: 'pro' })];
});
afterAll(() => h.close());

describe('rights ownership', () => {
  it('defaults to the creator; the notice names no owner', async () => {
    const { resultId, url } = await seed(owner);
    const res = await create(owner, body(resultId, url));
    expect(res.status).toBe(201);
    expect((await readCase(owner, res.body.id)).rights).toEqual({ owner: 'creator' });
    const pdf = await call(contract.generatePdf, { as: owner, params: { id: res.body.id } });
    expect(squash(pdfText(pdf.bytes!))).toContain('on behalf of the copyright owner');
  });

  it('refuses a work owned by a studio without its name or the authorization (400 naming the field), storing nothing', async () => {
    const { resultId, url } = await seed(owner);
    const noAuth = await create(owner, body(resultId, url, { rightsOwner: 'agent', rightsOwnerName: 'Northlight Studios' }));
    expect(noAuth.status).toBe(400);
    expect(paths(noAuth)).toEqual(['body.rightsAuthorized']);
    expect(noAuth.body.fields[0].message).toBe('Confirm that you are authorized to act for the rights owner');
    const noName = await create(owner, body(resultId, url, { rightsOwner: 'agent', rightsAuthorized: true }));
    expect(noName.status).toBe(400);
    expect(paths(noName)).toEqual(['body.rightsOwnerName']);
    const bad = await create(owner, body(resultId, url, { rightsOwner: 'label' }));
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['body.rightsOwner']);
    const list = await call(contract.listCases, { as: owner, params: { id: 'me' } });
    expect((list.body as { searchResultId: string }[]).filter((c) => c.searchResultId === resultId)).toHaveLength(0);
  });

  it('records the owner and the authorization; the notice is sent on behalf of the owner', async () => {
    const { resultId, url } = await seed(owner);
    const res = await create(owner, body(resultId, url, { rightsOwner: 'agent', rightsOwnerName: 'Northlight Studios', rightsAuthorized: true }));
    expect(res.status).toBe(201);
    const c = await readCase(owner, res.body.id);
    expect(c.rights).toEqual({ owner: 'agent', ownerName: 'Northlight Studios', authorizedAt: c.createdAt });
    const pdf = await call(contract.generatePdf, { as: owner, params: { id: res.body.id } });
    const text = squash(pdfText(pdf.bytes!));
    expect(text).toContain('on behalf of Northlight Studios');
    expect(text).toContain('authorized to act on behalf of Northlight Studios, the owner of the copyright');
  });

  it("another user cannot open a case on the owner's result, whatever the rights fields (404)", async () => {
    const { resultId, url } = await seed(owner);
    const res = await create(other, body(resultId, url, { rightsOwner: 'agent', rightsOwnerName: 'X', rightsAuthorized: true }));
    expect(res.status).toBe(404);
    expect((await create(undefined, body(resultId, url))).status).toBe(401);
  });
});

describe('name-match confirmation', () => {
  const submit = (who: TestUser, id: string) => call(contract.submitAutomated, { as: who, params: { id } });
  const confirm = (who: TestUser | undefined, id: string, b: unknown = { confirmed: true }) =>
    call(contract.confirmContent, { as: who, params: { id }, body: b });

  it('refuses automated submission of a name-only case without the confirmation (409 saying what to do)', async () => {
    const { resultId, url } = await seed(owner, 'name');
    const created = await create(owner, body(resultId, url));
    expect(created.status).toBe(201);
    const res = await submit(owner, created.body.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONTENT_NOT_CONFIRMED' });
    expect(res.body.error).toContain('I have checked this page shows my content');
    expect((await readCase(owner, created.body.id)).submission).toBeUndefined();
  });

  it('a fingerprint match needs no confirmation', async () => {
    const { resultId, url } = await seed(owner, 'fingerprint');
    const created = await create(owner, body(resultId, url));
    expect((await submit(owner, created.body.id)).body).toMatchObject({ success: true, state: 'queued' });
    await h.sfn.idle();
  });

  it('the confirmation in the create-case body is recorded on the case and the result; submission then starts', async () => {
    const { resultId, url } = await seed(owner, 'name');
    const created = await create(owner, body(resultId, url, { contentConfirmed: true }));
    expect(created.status).toBe(201);
    const c = await readCase(owner, created.body.id);
    expect(c.contentConfirmedAt).toBe(c.createdAt);
    expect((await getResult(resultId))!.contentConfirmedAt).toBe(c.createdAt);
    expect((await submit(owner, created.body.id)).body).toMatchObject({ success: true, state: 'queued' });
    await h.sfn.idle();
  });

  it('POST /api/dmca/{id}/confirm-content: anonymous 401, another user 404, bad input 400, owner records it', async () => {
    const { resultId, url } = await seed(owner, 'name');
    const created = await create(owner, body(resultId, url));
    const id = created.body.id as string;
    expect((await confirm(undefined, id)).status).toBe(401);
    expect((await confirm(other, id)).status).toBe(404);
    const bad = await confirm(owner, id, { confirmed: false });
    expect(bad.status).toBe(400);
    expect(paths(bad)).toEqual(['body.confirmed']);
    expect((await confirm(owner, 'x')).status).toBe(400);
    expect((await readCase(owner, id)).contentConfirmedAt).toBeUndefined();

    const ok = await confirm(owner, id);
    expect(ok.status).toBe(200);
    expect(caseSchema.parse(ok.body).contentConfirmedAt).toEqual(expect.any(String));
    expect((await getResult(resultId))!.contentConfirmedAt).toBe(ok.body.contentConfirmedAt);
    expect((await submit(owner, id)).body).toMatchObject({ success: true, state: 'queued' });
    await h.sfn.idle();
  });

  it('bulk submission skips an unconfirmed name-only result and sends it once confirmed', async () => {
    const { resultId } = await seed(owner, 'name');
    const bulk = () =>
      call(contract.bulkSubmit, { as: owner, body: { searchResultIds: [resultId], platforms: ['google'] }, headers: { 'idempotency-key': ulid() } });
    const first = await bulk();
    expect(first.body.items).toEqual([
      { searchResultId: resultId, submitted: false, accepted: false, reason: 'Found by name only: confirm that you have checked this page shows your content first.' },
    ]);
    const url = (await getResult(resultId))!.url;
    const created = await create(owner, body(resultId, url));
    expect((await confirm(owner, created.body.id)).status).toBe(200);
    const second = await bulk();
    expect(second.body.items[0]).toMatchObject({ searchResultId: resultId, submitted: true });
    await h.sfn.idle();
  });
});

describe('likeness matches wait for the creator (issue 24)', () => {
  const submit = (who: TestUser, id: string) => call(contract.submitAutomated, { as: who, params: { id } });
  const confirm = (who: TestUser, id: string) => call(contract.confirmContent, { as: who, params: { id }, body: { confirmed: true } });
  const bulk = (resultId: string) =>
    call(contract.bulkSubmit, { as: owner, body: { searchResultIds: [resultId], platforms: ['google'] }, headers: { 'idempotency-key': ulid() } });

  it('is never submitted automatically by a monitor, however high its score', async () => {
    const { resultId } = await seed(owner, 'likeness');
    const r = (await getResult(resultId))!;
    expect(r.evidence.matchMethod).toBe('likeness');
    expect(qualifiesForAutoSubmit({ ...r, isNew: true, userReviewStatus: null, confidenceScore: 0.95, priority: 'high' })).toBe(false);
  });

  it('automated and bulk submission refuse it until the creator reviewed it on its case, then send it', async () => {
    const { resultId, url } = await seed(owner, 'likeness');
    const first = await bulk(resultId);
    expect(first.body.items).toEqual([{ searchResultId: resultId, submitted: false, accepted: false, reason: expect.stringMatching(/^Found by likeness/) }]);
    const created = await create(owner, body(resultId, url));
    expect(created.status).toBe(201);
    const refused = await submit(owner, created.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'LIKENESS_NOT_REVIEWED' });
    expect((await readCase(owner, created.body.id)).submission).toBeUndefined();

    expect((await confirm(owner, created.body.id)).status).toBe(200);
    expect((await submit(owner, created.body.id)).body).toMatchObject({ success: true, state: 'queued' });
    await h.sfn.idle();
  });
});
