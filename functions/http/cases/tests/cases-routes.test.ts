import { execFileSync } from 'node:child_process';
import { ulid } from 'ulid';
import { caseCreatedSchema, caseListSchema, caseSchema, submissionInfoSchema } from '../../../../shared/schemas/cases';
import { getObject } from '../../../adapters/s3';
import { getCase } from '../../../services/cases/case-store';
import type { NewResult } from '../../../services/search/results';
import { getUserStats } from '../../../services/stats';
import { AGENT_DEFAULTS } from '../../../services/notices/agent-identity';
import { ACCURACY_STATEMENT, GOOD_FAITH_STATEMENT } from '../../../services/notices/notice-content';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { aResult, scanWithResults, user, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

const CREATOR = {
  contentCreatorName: 'Marisol Quintana-Vey',
  contentCreatorEmail: 'marisol.private@creator-mail.test',
  contentCreatorPhone: '+1 (555) 013-7788',
  contentCreatorAddress: '77 Hidden Orchard Road, Apt 9, Lakeview 40404',
};

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', '-', '-'], { input: pdf }).toString('utf8');
const squash = (s: string) => s.replace(/\s+/g, '');

function result(n: number, extra: Partial<NewResult> = {}): NewResult {
  return aResult(n, { url: h.web.url('leaks.test', `/thread/${n}`), evidence: { engines: ['google'], seenAt: '2026-05-01T10:00:00.000Z' }, ...extra });
}

const createBody = (resultId: string, extra: Record<string, unknown> = {}) => ({
  searchResultId: resultId,
  // Both URLs of result 1 (its url is a comma-separated list): a notice names only URLs the scan found (issue 23).
  infringingUrl: `${h.web.url('leaks.test', '/thread/1')}\n${h.web.url('leaks.test', '/thread/1?page=2')}`,
  originalUrl: 'https://subscriptions.example.com/posts/spring-set',
  description: 'Spring photo set (24 images) from the subscription page',
  searchEngine: 'google',
  ...extra,
});

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [owner, other, admin] = [await user(), await user(), await user({ isAdmin: true })];
  await declareOwnSite(owner);
});

/** The original URL of createBody is on the creator's own site (issue 23: the only accepted originals). */
async function declareOwnSite(who: TestUser) {
  expect((await call(contract.addOwnSite, { as: who, params: { id: 'me' }, body: { site: 'subscriptions.example.com' } })).status).toBe(201);
}
afterAll(() => h.close());

const fields = (body: { fields?: { path: string; message: string }[] }) => body.fields ?? [];

describe('POST /api/dmca', () => {
  let resultId: string;
  beforeAll(async () => {
    [resultId] = (await scanWithResults(owner, [result(1, { url: `${h.web.url('leaks.test', '/thread/1')},${h.web.url('leaks.test', '/thread/1?page=2')}` })], { review: 'unauthorized' })).resultIds;
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.createCase, { as: 'anonymous', body: createBody(resultId) })).status).toBe(401);
  });

  it("opens a pending case from the owner's result with a readable, unique case number; counts nothing yet", async () => {
    const first = await call(contract.createCase, { as: owner, body: createBody(resultId) });
    const [next] = (await scanWithResults(owner, [result(5)], { review: 'unauthorized' })).resultIds;
    const second = await call(contract.createCase, { as: owner, body: { ...createBody(next!, { infringingUrl: h.web.url('leaks.test', '/thread/5') }), userId: owner.userId } });
    expect(first.status).toBe(201);
    const a = caseCreatedSchema.parse(first.body);
    const b = caseCreatedSchema.parse(second.body);
    expect(a.caseNumber).toMatch(new RegExp(`^VGL-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(Number(b.caseNumber.slice(-6))).toBe(Number(a.caseNumber.slice(-6)) + 1);
    expect((await getUserStats(owner.userId)).dmcaSent).toBe(0);

    const stored = caseSchema.parse((await call(contract.getCase, { as: owner, params: { id: a.id } })).body);
    expect(stored).toMatchObject({ status: 'pending', host: 'leaks.test', searchResultId: resultId, searchEngine: 'google' });
    expect(stored.infringingUrl.split('\n')).toHaveLength(2);
    expect(stored.statusHistory).toEqual([{ status: 'pending', at: stored.createdAt }]);
  });

  it('allocates distinct numbers under concurrent creation', async () => {
    const many = Array.from({ length: 12 }, (_, i) => result(100 + i));
    const ids = (await scanWithResults(owner, many, { review: 'unauthorized' })).resultIds;
    const replies = await Promise.all(ids.map((id, i) => call(contract.createCase, { as: owner, body: createBody(id, { infringingUrl: many[i]!.url }) })));
    const numbers = replies.map((r) => r.body.caseNumber as string);
    expect(replies.every((r) => r.status === 201)).toBe(true);
    expect(new Set(numbers).size).toBe(12);
  });

  it("answers 404 for another user's result and for a missing one", async () => {
    const res = await call(contract.createCase, { as: other, body: createBody(resultId) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Search result not found.');
    expect((await call(contract.createCase, { as: owner, body: createBody(ulid()) })).status).toBe(404);
  });

  it('refuses to file for someone else (userId) with 403', async () => {
    const res = await call(contract.createCase, { as: owner, body: { ...createBody(resultId), userId: other.userId } });
    expect(res.status).toBe(403);
  });

  it('refuses a result that is not marked unauthorized (409)', async () => {
    const [safe] = (await scanWithResults(owner, [result(2)], { review: 'safe' })).resultIds;
    const res = await call(contract.createCase, { as: owner, body: createBody(safe!, { infringingUrl: h.web.url('leaks.test', '/thread/2') }) });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Mark this result as unauthorized before filing a DMCA notice for it.');
  });

  it("refuses bad input with the spec's messages", async () => {
    const res = await call(contract.createCase, { as: owner, body: { searchResultId: resultId, infringingUrl: ' \n ', originalUrl: 'not a url', description: '  ' } });
    expect(res.status).toBe(400);
    expect(fields(res.body).map((f) => f.message)).toEqual([
      'At least one URL is required',
      'Valid URL is required',
      'Search engine is required',
    ]);
    const badLine = await call(contract.createCase, { as: owner, body: createBody(resultId, { infringingUrl: `${h.web.url('leaks.test', '/a')}\njavascript:alert(1)` }) });
    expect(badLine.status).toBe(400);
    expect(fields(badLine.body)).toEqual([{ path: 'body.infringingUrl', message: 'Line 2 is not a valid http(s) URL: javascript:alert(1)' }]);
    const engine = await call(contract.createCase, { as: owner, body: createBody(resultId, { searchEngine: 'yahoo' }) });
    expect(fields(engine.body)).toEqual([{ path: 'body.searchEngine', message: 'Search engine is required' }]);
    const badId = await call(contract.createCase, { as: owner, body: createBody('RESULT#x') });
    expect(fields(badId.body)).toEqual([{ path: 'body.searchResultId', message: 'Search result id is not valid.' }]);
  });

  it("refuses infringing URLs on another site than the result's", async () => {
    const res = await call(contract.createCase, { as: owner, body: createBody(resultId, { infringingUrl: 'https://innocent-blog.example.org/post' }) });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/^https:\/\/innocent-blog\.example\.org\/post was not found by this scan/);
  });

  it('refuses a URL on a different registrable domain, or on the public suffix above the result, naming the field', async () => {
    const [onPages] = (await scanWithResults(owner, [{ ...result(3), url: 'https://foo.github.io/leak/3', domain: 'foo.github.io' }], { review: 'unauthorized' })).resultIds;
    // Issue 23: even on the result's own site, a URL the scan did not find is named only once fetched and matched.
    for (const url of ['https://github.io/leak/3', 'https://bar.github.io/leak/3', 'https://foo.github.io/leak/other']) {
      const res = await call(contract.createCase, { as: owner, body: createBody(onPages!, { infringingUrl: url }) });
      expect(res.status).toBe(422);
      expect(fields(res.body)).toEqual([{ path: 'body.infringingUrl', message: expect.stringMatching(new RegExp(`^${url.replace(/[./]/g, '\\$&')} was not found by this scan`)) }]);
    }
    const found = await call(contract.createCase, { as: owner, body: createBody(onPages!, { infringingUrl: 'https://FOO.github.io/leak/3/?utm_source=feed' }) });
    expect(found.status).toBe(201);
  });
});

describe('GET /api/user/{id}/dmca and GET /api/dmca/{id}', () => {
  let ids: string[];
  let who: TestUser;
  beforeAll(async () => {
    who = await user();
    await declareOwnSite(who);
    const [r1, r2] = (await scanWithResults(who, [result(10), result(11)], { review: 'unauthorized' })).resultIds;
    ids = [];
    for (const [rid, n] of [
      [r1, 10],
      [r2, 11],
    ] as const) {
      const res = await call(contract.createCase, { as: who, body: createBody(rid!, { infringingUrl: h.web.url('leaks.test', `/thread/${n}`) }) });
      ids.push(res.body.id);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(contract.listCases, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
    expect((await call(contract.getCase, { as: 'anonymous', params: { id: ids[0]! } })).status).toBe(401);
  });

  it('lists the owner\'s cases newest first with every field the cases page shows', async () => {
    const res = await call(contract.listCases, { as: who, params: { id: 'me' } });
    expect(res.status).toBe(200);
    const list = caseListSchema.parse(res.body);
    expect(list.map((c) => c.id)).toEqual([...ids].reverse());
    for (const c of list) {
      expect(c).toMatchObject({ status: 'pending', host: 'leaks.test', searchEngine: 'google', originalUrl: 'https://subscriptions.example.com/posts/spring-set' });
      expect(c.caseNumber).toMatch(/^VGL-/);
      expect(c.description).toContain('Note from the copyright holder: Spring photo set (24 images) from the subscription page');
      expect(Date.parse(c.createdAt)).not.toBeNaN();
    }
    expect(res.body[0]).not.toHaveProperty('userId');
    expect(res.body[0]).not.toHaveProperty('baseline');
  });

  it('keeps users apart: 403 for another user id, 404 for their case; admins may look', async () => {
    expect((await call(contract.listCases, { as: other, params: { id: who.userId } })).status).toBe(403);
    expect((await call(contract.getCase, { as: other, params: { id: ids[0]! } })).status).toBe(404);
    expect((await call(contract.listCases, { as: admin, params: { id: who.userId } })).body).toHaveLength(2);
    expect((await call(contract.getCase, { as: admin, params: { id: ids[0]! } })).status).toBe(200);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(contract.getCase, { as: who, params: { id: 'CASE#1' } })).status).toBe(400);
    expect((await call(contract.getCase, { as: who, params: { id: ulid() } })).body.error).toBe('Case not found.');
    expect((await call(contract.listCases, { as: who, params: { id: 'USER#x' } })).status).toBe(400);
  });
});

describe('POST /api/dmca/{id}/generate', () => {
  let caseId: string;
  let caseNumber: string;
  beforeAll(async () => {
    const saved = await call(contract.putContentCreator, { as: owner, params: { id: 'me' }, body: CREATOR });
    expect(saved.status).toBe(200);
    const [rid] = (await scanWithResults(owner, [result(20)], { review: 'unauthorized' })).resultIds;
    const res = await call(contract.createCase, { as: owner, body: createBody(rid!, {
        infringingUrl: h.web.url('leaks.test', '/thread/20'),
        // A creator may type their own details; the notice must still not carry them.
        description: `Photo set by ${CREATOR.contentCreatorName} (write to ${CREATOR.contentCreatorEmail}, ${CREATOR.contentCreatorPhone}, 77 Hidden Orchard Road)`,
      }) });
    ({ id: caseId, caseNumber } = res.body);
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.generatePdf, { as: 'anonymous', params: { id: caseId } })).status).toBe(401);
  });

  it('is for the owner only: another user and an admin get 404; a bad id 400', async () => {
    expect((await call(contract.generatePdf, { as: other, params: { id: caseId } })).status).toBe(404);
    expect((await call(contract.generatePdf, { as: admin, params: { id: caseId } })).status).toBe(404);
    expect((await call(contract.generatePdf, { as: owner, params: { id: 'x' } })).status).toBe(400);
  });

  it('returns the notice PDF as dmca-{id}.pdf under the agent identity, stored in S3 as evidence', async () => {
    const res = await call(contract.generatePdf, { as: owner, params: { id: caseId } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="dmca-${caseId}.pdf"`);
    const pdf = res.bytes!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(pdf);
    expect(text).toContain(`Case ${caseNumber}`);
    expect(squash(text)).toContain(squash(h.web.url('leaks.test', '/thread/20')));
    expect(squash(text)).toContain('https://subscriptions.example.com/posts/spring-set');
    expect(text).toContain(AGENT_DEFAULTS.email);
    expect(text).toContain(AGENT_DEFAULTS.company);
    expect(squash(text)).toContain(squash(GOOD_FAITH_STATEMENT));
    expect(squash(text)).toContain(squash(ACCURACY_STATEMENT));
    expect(text).toContain(`/s/ ${AGENT_DEFAULTS.signatureName}`);
    expect(text).toContain('[withheld]');

    // The creator's details, saved with PUT content-creator, appear nowhere, not even in part.
    for (const secret of [...Object.values(CREATOR), 'Marisol', 'Quintana', 'Hidden Orchard', '013-7788', 'creator-mail.test']) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }

    const stored = await getCase(caseId);
    expect(stored!.lastNoticeKey).toMatch(new RegExp(`^notices/${owner.userId}/${caseId}/\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z\\.pdf$`));
    const object = await getObject('test-notices', stored!.lastNoticeKey!);
    expect(object?.contentType).toBe('application/pdf');
    expect(Buffer.compare(object!.body, pdf)).toBe(0);
  });
});

describe('GET /api/submission-info/{searchEngine}', () => {
  let caseId: string;
  beforeAll(async () => {
    const [rid] = (await scanWithResults(owner, [result(30)], { review: 'unauthorized' })).resultIds;
    caseId = (await call(contract.createCase, { as: owner, body: createBody(rid!, { infringingUrl: h.web.url('leaks.test', '/thread/30') }) })).body.id;
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.submissionInfo, { as: 'anonymous', params: { searchEngine: 'google' } })).status).toBe(401);
  });

  it("gives the engine's form and the copy fields: United States, Myself, the agent's details only", async () => {
    const res = await call(contract.submissionInfo, { as: owner, params: { searchEngine: 'google' } });
    expect(res.status).toBe(200);
    const info = submissionInfoSchema.parse(res.body);
    expect(info.submissionUrl).toBe('https://reportcontent.google.com/forms/dmca_search');
    const value = (k: string) => info.fields.find((f) => f.key === k)?.value;
    expect(value('country')).toBe('United States');
    expect(value('copyrightHolder')).toBe('Myself');
    expect(value('email')).toBe(AGENT_DEFAULTS.email);
    expect(JSON.stringify(info)).not.toContain(CREATOR.contentCreatorEmail);
    for (const engine of ['bing', 'duckduckgo', 'other']) {
      expect((await call(contract.submissionInfo, { as: owner, params: { searchEngine: engine } })).body.submissionUrl).toMatch(/^https:\/\//);
    }
  });

  it("fills the work fields from the caller's own case only", async () => {
    const res = await call(contract.submissionInfo, { as: owner, params: { searchEngine: 'bing' }, query: { caseId } });
    const urls = (res.body.fields as { key: string; value: string }[]).find((f) => f.key === 'infringingUrls');
    expect(urls?.value).toBe(h.web.url('leaks.test', '/thread/30'));
    expect((await call(contract.submissionInfo, { as: other, params: { searchEngine: 'bing' }, query: { caseId } })).status).toBe(404);
    expect((await call(contract.submissionInfo, { as: owner, params: { searchEngine: 'bing' }, query: { caseId: 'nope' } })).status).toBe(400);
  });

  it('answers 404 with a clear message for an unknown engine', async () => {
    const res = await call(contract.submissionInfo, { as: owner, params: { searchEngine: 'altavista' } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Unknown search engine "altavista". Choose google, bing, duckduckgo or other.');
  });
});

describe('Google bulk export', () => {
  let who: TestUser;
  let ids: string[];
  beforeAll(async () => {
    who = await user();
    await declareOwnSite(who);
    await call(contract.putContentCreator, { as: who, params: { id: 'me' }, body: CREATOR });
    const rids = (await scanWithResults(who, [result(40), result(41)], { review: 'unauthorized' })).resultIds;
    ids = [];
    for (const [i, rid] of rids.entries()) {
      const body = createBody(rid, {
        infringingUrl: h.web.url('leaks.test', `/thread/${40 + i}`),
        description: i === 0 ? `Set ${i} by ${CREATOR.contentCreatorName}` : `Set ${i}`,
      });
      ids.push((await call(contract.createCase, { as: who, body })).body.id);
    }
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(contract.exportGoogle, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.exportGoogleSelected, { as: 'anonymous', body: { caseIds: ids } })).status).toBe(401);
  });

  it("exports the caller's cases as a TCRP text file, creator details withheld", async () => {
    const res = await call(contract.exportGoogle, { as: who });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="google-tcrp-1.txt"');
    const text = res.bytes!.toString('utf8');
    expect(text).toContain('Note from the copyright holder: Set 0 by [withheld]\n# https://subscriptions.example.com/posts/spring-set\n');
    expect(text).toContain(`${h.web.url('leaks.test', '/thread/41')}\n`);
    expect(text).not.toContain('Marisol');
  });

  it('exports just the cases asked for (query or body); others\' case ids are 404, bad ids 400', async () => {
    const one = await call(contract.exportGoogle, { as: who, query: { caseIds: ids[1]! } });
    expect(one.bytes!.toString()).not.toContain('/thread/40');
    const post = await call(contract.exportGoogleSelected, { as: who, body: { caseIds: [ids[0]] } });
    expect(post.bytes!.toString()).toContain('/thread/40');
    expect((await call(contract.exportGoogle, { as: other, query: { caseIds: ids[0]! } })).status).toBe(404);
    expect((await call(contract.exportGoogle, { as: who, query: { caseIds: 'x,y' } })).status).toBe(400);
    const empty = await call(contract.exportGoogleSelected, { as: who, body: { caseIds: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Select at least one case to export.');
  });

  it('answers 400 when the caller has no case to export', async () => {
    const res = await call(contract.exportGoogle, { as: other });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('No infringing URLs to export.');
  });
});
