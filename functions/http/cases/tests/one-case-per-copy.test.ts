import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ulid } from 'ulid';
import { caseSchema, MAX_NOTE_LENGTH } from '../../../../shared/schemas/cases';
import { contract } from '../../../../shared/contract';
import { putObject } from '../../../adapters/s3';
import { claimCaseUrls } from '../../../services/cases/case-urls';
import type { NewResult } from '../../../services/search/results';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { allowlistEntry, scanWithResults, user, type TestUser } from '../../../../test/fixtures';

/*
 * Issue 23 part A through the routes, on dynalite: one case per copy (atomic under real concurrency), notices
 * that name only URLs Vigil found and matched, My sites, the templated description with its 500-character note.
 */

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

const picture = (name: string) => readFileSync(join(__dirname, '../../../matching/fixtures', name));
const REFERENCE_KEY = `tests/one-case/${ulid()}.jpg`;

function result(extra: Partial<NewResult> = {}): NewResult {
  const url = h.web.url('leaks.test', `/thread/${ulid()}`);
  h.web.setPage(url, { body: '<html><head><title>Leaked set</title></head><body><h1>Leaked set</h1></body></html>' });
  return {
    url,
    domain: 'leaks.test',
    contentType: 'images',
    title: 'FREE LEAKS click here',
    platform: 'forum',
    source: 'google',
    confidence: 95,
    similarityScore: 0.96,
    confidenceScore: 0.95,
    priority: 'high',
    evidence: { engines: ['google'], seenAt: '2026-05-02T08:00:00.000Z', matchMethod: 'fingerprint', distance: 12, matchedReferenceId: 'ref-1' },
    ...extra,
  };
}

async function seed(who: TestUser, extra: Partial<NewResult> = {}) {
  const r = result(extra);
  const refs = [{ id: 'ref-1', key: REFERENCE_KEY, filename: 'spring-set-04.jpg', mediaType: 'image/jpeg' }];
  const [id] = (await scanWithResults(who, [r], { review: 'unauthorized', references: refs })).resultIds;
  return { resultId: id!, url: r.url };
}

const body = (resultId: string, url: string, extra: Record<string, unknown> = {}) => ({ searchResultId: resultId, infringingUrl: url, searchEngine: 'google', ...extra });
const create = (who: TestUser | undefined, b: unknown) => call(contract.createCase, { as: who, body: b });
const readCase = async (who: TestUser, id: string) => caseSchema.parse((await call(contract.getCase, { as: who, params: { id } })).body);
const mine = async (who: TestUser) => (await call(contract.listCases, { as: who, params: { id: 'me' } })).body as { id: string; infringingUrl: string }[];

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [owner, other, admin] = [await user({ plan: 'pro' }), await user({ plan: 'pro' }), await user({ isAdmin: true })];
  await putObject('test-uploads', REFERENCE_KEY, picture('coffee.jpg'), 'image/jpeg');
});
afterAll(() => h.close());

describe('one case per copy', () => {
  it('two concurrent submissions of one URL make one case; the other is told which case holds it', async () => {
    const { resultId, url } = await seed(owner);
    const answers = await Promise.all([create(owner, body(resultId, url)), create(owner, body(resultId, url)), create(owner, body(resultId, url))]);
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status).toBe(409);
      expect(['CASE_EXISTS', 'CASE_BEING_FILED']).toContain(a.body.code);
    }
    expect((await mine(owner)).filter((c) => c.infringingUrl === url)).toHaveLength(1);
    // Sent again later, from another scan's result and another spelling of the URL: a follow-up, never a new case.
    const again = await seed(owner, { url: `${url}/?utm_source=x#top` });
    const res = await create(owner, body(again.resultId, `${url}/?utm_source=x#top`));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CASE_EXISTS');
    expect(res.body.caseNumber).toBe(made[0]!.body.caseNumber);
    expect(res.body.error).toContain(made[0]!.body.caseNumber);
  });

  it('claims a URL for one case only under 12 concurrent claims on the store (dynalite)', async () => {
    const url = `https://race.example/p/${ulid()}`;
    const ids = Array.from({ length: 12 }, () => ulid());
    const outcomes = await Promise.all(ids.map((id) => claimCaseUrls(owner.userId, [url], id, 'all')));
    expect(outcomes.filter((o) => o.claimed.length === 1)).toHaveLength(1);
    expect(outcomes.filter((o) => o.held.length === 1)).toHaveLength(11);
  });

  it('overlapping URL lists in opposite orders: one whole claim wins, the other gives its URLs back', async () => {
    const [a, b] = [`https://race.example/a/${ulid()}`, `https://race.example/b/${ulid()}`];
    const [x, y] = await Promise.all([claimCaseUrls(owner.userId, [a, b], ulid(), 'all'), claimCaseUrls(owner.userId, [b, a], ulid(), 'all')]);
    expect([x.claimed.length, y.claimed.length].sort()).toEqual([0, 2]);
  });

  it("another user's copy of the same URL is their own case", async () => {
    const mineSeed = await seed(owner);
    const theirs = await seed(other, { url: mineSeed.url });
    expect((await create(owner, body(mineSeed.resultId, mineSeed.url))).status).toBe(201);
    expect((await create(other, body(theirs.resultId, mineSeed.url))).status).toBe(201);
  });
});

describe('notices name only URLs Vigil found and matched', () => {
  it('refuses a URL the scan did not find that cannot be fetched (422 naming it), storing nothing', async () => {
    const { resultId, url } = await seed(owner);
    const stranger = h.web.url('leaks.test', `/member/${ulid()}`); // another member's upload on the same site: not served
    const res = await create(owner, body(resultId, `${url}\n${stranger}`));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('URL_NOT_MATCHED');
    expect(res.body.error).toContain(stranger);
    expect(res.body.fields[0].path).toBe('body.infringingUrl');
    expect((await mine(owner)).filter((c) => c.infringingUrl.includes(url))).toHaveLength(0);
  });

  it('refuses a URL that shows a picture other than the references', async () => {
    const { resultId } = await seed(owner);
    const elsewhere = h.web.url('leaks.test', `/img/${ulid()}.jpg`);
    h.web.setPage(elsewhere, { body: picture('rocket.jpg'), contentType: 'image/jpeg' });
    const res = await create(owner, body(resultId, elsewhere));
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/does not show a copy of your reference files/);
  });

  it('accepts a URL the creator names once Vigil fetched it and matched it with the reference', async () => {
    const { resultId, url } = await seed(owner);
    const copy = h.web.url('leaks.test', `/img/${ulid()}.jpg`);
    h.web.setPage(copy, { body: picture('coffee.jpg'), contentType: 'image/jpeg' });
    const page = h.web.url('leaks.test', `/gallery/${ulid()}`);
    h.web.setPage(page, { body: `<html><body><img src="${copy}"></body></html>` });
    const res = await create(owner, body(resultId, `${url}\n${page}`));
    expect(res.status).toBe(201);
    const c = await readCase(owner, res.body.id);
    expect(c.infringingUrl.split('\n')).toEqual([url, page]);
    expect(c.description).toContain('One further URL named by the copyright holder was fetched by Vigil and matched');
  });
});

describe('My sites', () => {
  const sites = (who: TestUser | undefined, id = 'me') => call(contract.listOwnSites, { as: who, params: { id } });
  const add = (who: TestUser | undefined, site: unknown, id = 'me') => call(contract.addOwnSite, { as: who, params: { id }, body: { site } });
  const remove = (who: TestUser | undefined, value: string, id = 'me') => call(contract.removeOwnSite, { as: who, params: { id }, query: { value } });

  it('is declared by its owner only; bad input is a 400 naming the field; an admin may read', async () => {
    const creator = await user({ plan: 'pro' });
    expect((await sites(undefined)).status).toBe(401);
    expect((await add(undefined, 'jane.example')).status).toBe(401);
    const added = await add(creator, 'https://www.Jane.example/');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject([{ kind: 'site', value: 'jane.example' }]);
    expect((await add(creator, 'https://instagram.com/Jane_Doe/')).body.map((s: { value: string }) => s.value)).toEqual(['jane.example', 'instagram.com/jane_doe']);
    expect((await add(creator, 'jane.example')).status).toBe(409);
    const bad = await add(creator, 'not a site');
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('body.site');
    expect((await sites(other, creator.userId)).status).toBe(403);
    expect((await add(other, 'evil.example', creator.userId)).status).toBe(403);
    expect((await sites(admin, creator.userId)).body).toHaveLength(2);
    expect((await remove(other, 'jane.example', creator.userId)).status).toBe(403);
    expect((await remove(creator, 'nothere.example')).status).toBe(200); // idempotent: nothing to remove
    expect((await remove(creator, 'jane.example')).body).toMatchObject([{ value: 'instagram.com/jane_doe' }]);
  });

  it('no notice about an own site or handle, nor an allowlisted domain (422 naming the URL); the original URL must be one of them', async () => {
    const creator = await user({ plan: 'pro' });
    await add(creator, 'creator-own.test');
    await add(creator, 'https://social.test/jane');
    await allowlistEntry(creator, 'partner.test');
    const own = await seed(creator, { url: 'https://shop.creator-own.test/set', domain: 'shop.creator-own.test' });
    const ownRes = await create(creator, body(own.resultId, own.url));
    expect(ownRes.status).toBe(422);
    expect(ownRes.body.code).toBe('PROTECTED_URL');
    expect(ownRes.body.error).toContain('is on your own site creator-own.test');
    const handle = await seed(creator, { url: 'https://social.test/jane/posts/1', domain: 'social.test' });
    expect((await create(creator, body(handle.resultId, handle.url))).body.error).toContain('own handle social.test/jane');
    const partner = await seed(creator, { url: 'https://partner.test/gallery', domain: 'partner.test' });
    const partnerRes = await create(creator, body(partner.resultId, partner.url));
    expect(partnerRes.status).toBe(422);
    expect(partnerRes.body.error).toContain('which is on your allowlist');

    const { resultId, url } = await seed(creator);
    const foreign = await create(creator, body(resultId, url, { originalUrl: 'https://phish.example/login' }));
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('ORIGINAL_NOT_OWN');
    expect(foreign.body.fields[0].path).toBe('body.originalUrl');
    const ok = await create(creator, body(resultId, url, { originalUrl: 'https://creator-own.test/spring' }));
    expect(ok.status).toBe(201);
    expect((await readCase(creator, ok.body.id)).originalUrl).toBe('https://creator-own.test/spring');
    expect((await mine(creator)).map((c) => c.infringingUrl)).toEqual([url]);
  });

  it('bulk submission refuses an allowlisted result per item', async () => {
    const creator = await user({ plan: 'pro' });
    await allowlistEntry(creator, 'ally.test');
    const ally = await seed(creator, { url: 'https://ally.test/a', domain: 'ally.test' });
    const res = await call(contract.bulkSubmit, { as: creator, body: { searchResultIds: [ally.resultId], platforms: ['google'] } });
    expect(res.body.items[0]).toMatchObject({ accepted: false });
    expect(res.body.items[0].reason).toContain('which is on your allowlist');
  });
});

describe('the description', () => {
  it('is composed from the template, previewed without writing, the note links removed; a long note is refused, never cut', async () => {
    const { resultId, url } = await seed(owner);
    const note = 'Posted on my page in March. Visit https://phish.example/login or evil.example/x to verify.';
    const preview = await create(owner, body(resultId, url, { note, preview: true }));
    expect(preview.status).toBe(200);
    expect(preview.body.description).toContain('The copyrighted work: "spring-set-04.jpg"');
    expect(preview.body.description).toContain("the original's perceptual fingerprint (distance 12 of 256 bits; 0 is identical)");
    expect(preview.body.description).toContain('Note from the copyright holder: Posted on my page in March. Visit [link removed] or [link removed] to verify.');
    expect(preview.body.description).not.toContain('FREE LEAKS');
    expect(preview.body.description).not.toMatch(/phish|evil/);
    expect((await mine(owner)).filter((c) => c.infringingUrl === url)).toHaveLength(0);

    const long = await create(owner, body(resultId, url, { note: 'x'.repeat(MAX_NOTE_LENGTH + 1) }));
    expect(long.status).toBe(400);
    expect(long.body.fields[0]).toEqual({ path: 'body.note', message: `Your note is longer than ${MAX_NOTE_LENGTH} characters. Shorten it: nothing is cut for you.` });
    const made = await create(owner, body(resultId, url, { note }));
    expect(made.status).toBe(201);
    expect((await readCase(owner, made.body.id)).description).toBe(preview.body.description);
  });
});

describe('evidence in the notice', () => {
  const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

  it('carries the work and the copy side by side, how they matched and the page capture, in the PDF and the e-mail; never the creator', async () => {
    const creator = await user({ plan: 'pro' });
    await call(contract.putContentCreator, {
      as: creator,
      params: { id: 'me' },
      body: { contentCreatorName: 'Odile Brightwater', contentCreatorEmail: 'odile.private@mail.test', contentCreatorAddress: '9 Secret Lane, Hidden 12345' },
    });
    const copyKey = `tests/one-case/${ulid()}-copy.jpg`;
    await putObject('test-uploads', copyKey, picture('coffee.jpg'), 'image/jpeg');
    const { resultId, url } = await seed(creator, { evidence: { engines: ['google'], seenAt: '2026-05-02T08:00:00.000Z', matchMethod: 'verified', distance: 58, matchedReferenceId: 'ref-1', matchedImageKey: copyKey, verification: { inliers: 41, spread: 0.5, transform: [1, 0, 0, 0, 1, 0] } } });
    const created = await create(creator, body(resultId, url, { note: 'From my spring set.' }));
    expect(created.status).toBe(201);

    const pdf = await call(contract.generatePdf, { as: creator, params: { id: created.body.id } });
    expect(pdf.status).toBe(200);
    if (process.env.H23A_PDF_OUT) writeFileSync(process.env.H23A_PDF_OUT, pdf.bytes!);
    const text = pdfText(pdf.bytes!);
    expect(text).toContain('The copyrighted work (reference)');
    expect(text).toContain('The copy as found');
    expect(text).toContain('geometric verification found the original');
    expect(text).toMatch(/HTTP 200, title "Leaked set", captured \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(text).toMatch(/SHA-256 [0-9a-f]{64}/);
    expect(text).not.toMatch(/Odile|Brightwater|Secret Lane|odile\.private/);
    // Two pictures embedded (pdfimages lists them).
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf.bytes! }).toString('utf8').trim().split('\n').slice(2);
    expect(images.length).toBeGreaterThanOrEqual(2);

    expect((await call(contract.submitAutomated, { as: creator, params: { id: created.body.id } })).status).toBe(200);
    await h.sfn.idle();
    const [mail] = await h.mailsFor((await readCase(creator, created.body.id)).caseNumber);
    expect(mail).toBeDefined();
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`dmca-${created.body.id}.pdf`, 'reference-1.jpg', 'copy-1.jpg']);
    expect(mail!.text).toContain('How matched: The copy');
    expect(mail!.text).toMatch(/SHA-256 of the fetched bytes: [0-9a-f]{64}/);
    expect(mail!.text).toContain('Note from the copyright holder: From my spring set.');
    expect(mail!.text).not.toMatch(/Odile|Brightwater|Secret Lane/);
  });
});
