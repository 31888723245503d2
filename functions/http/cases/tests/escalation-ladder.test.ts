import { resetConfig } from '../../../lib/config';
import { ulid } from 'ulid';
import { caseSchema, type DmcaCase } from '../../../../shared/schemas/cases';
import type { NewResult } from '../../../services/search/results';
import { FIXTURE_ABUSE } from '../../../../test/fixture-web';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { scanWithResults, user, type TestUser } from '../../../../test/fixtures';

/*
 * Issue 23: the escalation ladder on the real ASL (the Step Functions stand-in, waits of 0), the agent console's
 * routes and counter-notices. The fixture web serves the pages, RDAP and DNS of the test domains; the harness sets
 * DELISTING_CHECKS to 2.
 */

let h: Harness;
let creator: TestUser;
let other: TestUser;
let agent: TestUser;
let admin: TestUser;

const pageHtml = (img: string) => `<html><body><h1>Leaked set</h1><img src="${img}" alt="copy"></body></html>`;

async function openCase(who: TestUser, domain: string, page: { goneAfterFetches?: number } = {}) {
  const n = ulid();
  const url = h.web.url(domain, `/thread/${n}`);
  const img = h.web.url(domain, `/media/${n}.jpg`);
  h.web.setPage(url, { body: pageHtml(img), ...page });
  const result: NewResult = {
    url, domain, contentType: 'images', title: 'Leak', platform: 'forum', source: 'google', confidence: 95, similarityScore: 0.96,
    confidenceScore: 0.95, priority: 'high', previewRef: img, evidence: { engines: ['google'], seenAt: '2026-05-02T08:00:00.000Z' },
  };
  const [resultId] = (await scanWithResults(who, [result], { review: 'unauthorized' })).resultIds;
  const res = await call(contract.createCase, { as: who, body: { searchResultId: resultId, infringingUrl: url, originalUrl: 'https://fans.example.com/p/1', description: 'My photo set', searchEngine: 'google' } });
  expect(res.status).toBe(201);
  return { caseId: res.body.id as string, caseNumber: res.body.caseNumber as string, url };
}

const readCase = async (id: string): Promise<DmcaCase> => caseSchema.parse((await call(contract.getCase, { as: creator, params: { id } })).body);

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [creator, other, agent, admin] = [await user({ plan: 'pro' }), await user(), await user({ isAgent: true }), await user({ isAdmin: true })];
  // The original URL the cases name is on the creator's own site (issue 23: the only accepted originals).
  expect((await call(contract.addOwnSite, { as: creator, params: { id: 'me' }, body: { site: 'fans.example.com' } })).status).toBe(201);
});
afterAll(() => h.close());

describe('the escalation ladder', () => {
  it('climbs from the host to its network, which removes the copy: removed at the source on the network step', async () => {
    // Fetches: the baseline and re-check of the host step, then the network step's baseline; gone at its re-check.
    const { caseId, caseNumber, url } = await openCase(creator, 'leaks.test', { goneAfterFetches: 3 });
    expect((await call(contract.submitAutomated, { as: creator, params: { id: caseId } })).status).toBe(200);
    await h.sfn.idle();
    const c = await readCase(caseId);
    expect(c.status).toBe('resolved');
    expect(c.outcome).toMatchObject({ kind: 'removed', step: 'network' });
    expect(c.ladder?.entries.map((e) => [e.step, e.action, e.recipient])).toEqual([
      ['host', 'sent', 'abuse@leaks.test'],
      ['network', 'sent', FIXTURE_ABUSE.hosting],
    ]);
    const mails = await h.mailsFor(caseNumber);
    expect(mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : ''))).toEqual(['abuse@leaks.test', FIXTURE_ABUSE.hosting]);
    expect(mails.every((m) => m.text?.includes(url))).toBe(true);

    const figures = await call(contract.caseOutcomes, { as: creator, params: { id: 'me' } });
    expect(figures.status).toBe(200);
    expect(figures.body).toMatchObject({ removed: 1, byStep: [{ step: 'network', removals: 1 }] });
    expect((await call(contract.caseOutcomes, { as: other, params: { id: creator.userId } })).status).toBe(403);
  });

  it('a host that never acts: every rung, then delisting requests in the agent queue; stopped when nobody files them', async () => {
    const { caseId, url } = await openCase(creator, 'leaks.test');
    await call(contract.submitAutomated, { as: creator, params: { id: caseId } });
    await h.sfn.idle();
    const c = await readCase(caseId);
    expect(c.ladder?.entries.map((e) => `${e.step}:${e.action}`)).toEqual(['host:sent', 'network:sent', 'cdn:skipped', 'registrar:sent', 'delisting:delisting-queued']);
    expect(c.outcome).toMatchObject({ kind: 'stopped', step: 'delisting', reason: 'The delisting requests were not decided after 2 checks; the copy is still online.' });

    const queue = await call(contract.agentDelistingQueue, { as: agent, query: { engine: 'google' } });
    expect(queue.status).toBe(200);
    const item = (queue.body as Array<{ id: string; url: string; status: string; fields: Array<{ key: string; value: string }> }>).find((d) => d.url === url)!;
    expect(item).toMatchObject({ status: 'queued', id: `${caseId}-google-0` });
    expect(item.fields.find((f) => f.key === 'copyrightHolder')?.value).not.toBe('Myself');

    const exported = await call(contract.agentGoogleExport, { as: agent, query: {} });
    expect(exported.status).toBe(200);
    expect(exported.headers['x-batch-count']).toBe('1');
    expect(exported.bytes!.toString('utf8')).toContain(`Note from the copyright holder: My photo set\n# https://fans.example.com/p/1\n${url}`);
    expect((await call(contract.agentGoogleExport, { as: agent, query: { batch: '2' } })).status).toBe(404);

    expect((await call(contract.agentDelistingFiled, { as: agent, params: { id: item.id }, body: { reference: '' } })).status).toBe(400);
    const filed = await call(contract.agentDelistingFiled, { as: agent, params: { id: item.id }, body: { reference: 'GGL-123456' } });
    expect(filed.body).toMatchObject({ status: 'filed', reference: 'GGL-123456' });
    expect((await call(contract.agentDelistingFiled, { as: admin, params: { id: item.id }, body: { reference: 'again' } })).status).toBe(409);
    // A delisting check is a provider search, metered on the platform's monthly budget (issue 27): once it is
    // spent, "Check now" is a 503 naming it and the request stays filed.
    process.env.PLATFORM_PROVIDER_SEARCHES_PER_MONTH = '0';
    resetConfig();
    try {
      const spent = await call(contract.agentDelistingCheck, { as: agent, params: { id: item.id } });
      expect(spent.status).toBe(503);
      expect(spent.body.code).toBe('PROVIDER_BUDGET_EXHAUSTED');
    } finally {
      delete process.env.PLATFORM_PROVIDER_SEARCHES_PER_MONTH;
      resetConfig();
    }
    const refused = await call(contract.agentDelistingRefused, { as: admin, params: { id: `${caseId}-bing-0` }, body: { note: 'Not indexed' } });
    expect(refused.body).toMatchObject({ status: 'refused', note: 'Not indexed' });
  });
});

describe('a CDN that takes complaints by web form (Cloudflare)', () => {
  it('opens an agent task with the form filled in; the agent files it, and the case ladder shows the filing', async () => {
    // Fetches: the capture when the case opens, the host step's baseline and re-check; gone at the CDN step's
    // re-check (the network step is the CDN's address, so it is skipped).
    const { caseId, caseNumber, url } = await openCase(creator, 'proxied.test', { goneAfterFetches: 3 });
    expect((await call(contract.submitAutomated, { as: creator, params: { id: caseId } })).status).toBe(200);
    await h.sfn.idle();
    const c = await readCase(caseId);
    expect(c.ladder?.entries.map((e) => `${e.step}:${e.action}`)).toEqual(['host:sent', 'network:skipped', 'cdn:agent-task']);
    expect(c.outcome).toMatchObject({ kind: 'removed', step: 'cdn' });

    const list = await call(contract.agentCdnTasks, { as: agent });
    expect(list.status).toBe(200);
    type Task = { id: string; caseId: string; status: string; formUrl: string; entityName: string; caseOutcome?: string; fields: Array<{ key: string; value: string }> };
    const task = (list.body as Task[]).find((t) => t.caseId === caseId)!;
    expect(task).toMatchObject({ id: `${caseId}-cdn-1`, status: 'open', entityName: 'Cloudflare', formUrl: 'https://abuse.cloudflare.com/dmca', caseOutcome: 'removed' });
    const field = (key: string) => task.fields.find((f) => f.key === key)?.value;
    expect(field('infringingUrls')).toBe(url);
    expect(field('fullName')).toBe('Vigil DMCA Agent');
    expect(field('description')).toContain('Note from the copyright holder: My photo set');
    expect(field('comments')).toContain(caseNumber);
    // The creator's identity stays out of the form.
    expect(JSON.stringify(task.fields)).not.toContain(creator.email);

    expect((await call(contract.agentCdnTaskFiled, { as: agent, params: { id: task.id }, body: { reference: '  ' } })).body).toMatchObject({ error: "Give the engine's reference number." });
    const filed = await call(contract.agentCdnTaskFiled, { as: agent, params: { id: task.id }, body: { reference: 'CF-DMCA-8812' } });
    expect(filed.status).toBe(200);
    expect(filed.body).toMatchObject({ status: 'filed', reference: 'CF-DMCA-8812' });
    expect((await call(contract.agentCdnTaskFiled, { as: admin, params: { id: task.id }, body: { reference: 'again' } })).status).toBe(409);
    const after = await readCase(caseId);
    expect(after.ladder?.entries.map((e) => `${e.step}:${e.action}`)).toEqual(['host:sent', 'network:skipped', 'cdn:agent-task', 'cdn:agent-filed']);
    expect(after.ladder?.entries.at(-1)).toMatchObject({ reference: 'CF-DMCA-8812', entityName: 'Cloudflare' });

    // Who may call the routes.
    expect((await call(contract.agentCdnTasks, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.agentCdnTasks, { as: creator })).status).toBe(403);
    expect((await call(contract.agentCdnTasks, { as: admin })).status).toBe(200);
    expect((await call(contract.agentCdnTaskFiled, { as: other, params: { id: task.id }, body: { reference: 'x' } })).status).toBe(403);
    expect((await call(contract.agentCdnTaskFiled, { as: 'anonymous', params: { id: task.id }, body: { reference: 'x' } })).status).toBe(401);
    expect((await call(contract.agentCdnTaskFiled, { as: agent, params: { id: 'nope' }, body: { reference: 'x' } })).status).toBe(400);
    expect((await call(contract.agentCdnTaskFiled, { as: agent, params: { id: `${ulid()}-cdn-1` }, body: { reference: 'x' } })).status).toBe(404);
  });
});

describe('agent routes: who may call them', () => {
  it('refuses anonymous callers (401) and creators or other users (403); agents and admins are served', async () => {
    expect((await call(contract.agentDelistingQueue, { as: 'anonymous', query: { engine: 'bing' } })).status).toBe(401);
    expect((await call(contract.agentDelistingQueue, { as: creator, query: { engine: 'bing' } })).status).toBe(403);
    expect((await call(contract.agentDelistingQueue, { as: other, query: { engine: 'bing' } })).status).toBe(403);
    expect((await call(contract.agentDelistingQueue, { as: agent, query: { engine: 'bing' } })).status).toBe(200);
    expect((await call(contract.agentDelistingQueue, { as: admin, query: { engine: 'bing' } })).status).toBe(200);
    expect((await call(contract.agentDelistingQueue, { as: agent, query: { engine: 'yahoo' } })).status).toBe(400);
    expect((await call(contract.agentDelistingFiled, { as: agent, params: { id: 'nope' }, body: { reference: 'x' } })).status).toBe(400);
    expect((await call(contract.agentDelistingFiled, { as: agent, params: { id: `${ulid()}-google-0` }, body: { reference: 'x' } })).status).toBe(404);
    expect((await call(contract.adminOutcomes, { as: agent })).status).toBe(403);
    expect((await call(contract.adminOutcomes, { as: admin })).status).toBe(200);
  });
});

describe('counter-notices', () => {
  it('records who, when and the statement, shows the 512(g) window, e-mails the creator and ends the case', async () => {
    const { caseId, caseNumber } = await openCase(creator, 'leaks.test', { goneAfterFetches: 1 });
    await call(contract.submitAutomated, { as: creator, params: { id: caseId } });
    await h.sfn.idle();
    const body = { by: 'J. Uploader', receivedAt: '2026-11-18', statement: 'Removed by mistake.' };
    expect((await call(contract.agentCounterNotice, { as: 'anonymous', params: { id: caseId }, body })).status).toBe(401);
    expect((await call(contract.agentCounterNotice, { as: creator, params: { id: caseId }, body })).status).toBe(403);
    expect((await call(contract.agentCounterNotice, { as: agent, params: { id: caseId }, body: { ...body, receivedAt: '18/11/2026' } })).status).toBe(400);
    expect((await call(contract.agentCounterNotice, { as: agent, params: { id: caseId }, body: { ...body, statement: '' } })).body).toMatchObject({ error: expect.stringContaining('statement') });
    expect((await call(contract.agentCounterNotice, { as: agent, params: { id: ulid() }, body })).status).toBe(404);

    const res = await call(contract.agentCounterNotice, { as: agent, params: { id: caseId }, body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      counterNotice: { by: 'J. Uploader', receivedAt: '2026-11-18', statement: 'Removed by mistake.', restoreFrom: '2026-12-03', restoreBy: '2026-12-09' },
      outcome: { kind: 'counter-noticed' },
    });
    expect((await call(contract.agentCounterNotice, { as: admin, params: { id: caseId }, body })).status).toBe(409);
    const mail = (await h.mailsFor(caseNumber)).find((m) => m.subject === `Counter-notice on case ${caseNumber}`)!;
    expect(mail.to && !Array.isArray(mail.to) && mail.to.value[0]!.address).toBe(creator.email);
    expect(mail.text).toContain('2026-12-03');
    expect((await readCase(caseId)).counterNotice?.restoreBy).toBe('2026-12-09');
  });
});
