import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import { caseSchema, type DmcaCase } from '../../../../shared/schemas/cases';
import { getItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import type { NewResult } from '../../../services/search/results';
import { getUserStats } from '../../../services/stats';
import { reopenReappeared } from '../../../services/cases/case-transitions';
import { AGENT_DEFAULTS } from '../../../services/notices/agent-identity';
import { FIXTURE_ABUSE } from '../../../../test/fixture-web';
import { SUBMISSION_MACHINE } from '../../../../local/workflows';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { scanWithResults, user, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let payer: TestUser;
let trial: TestUser;
let other: TestUser;
let admin: TestUser;

const CREATOR = {
  contentCreatorName: 'Odalys Fenwick-Marsh',
  contentCreatorEmail: 'odalys.home@private-mail.test',
  contentCreatorPhone: '+1 (555) 014-2290',
  contentCreatorAddress: '12 Quiet Willow Court, Brookfield 55501',
};

const pageHtml = (img: string) => `<html><body><h1>Leaked set</h1><img src="${img}" alt="copy"></body></html>`;

/** A case of `who` for a fresh infringing page on `domain` (the page is served by the fixture web). */
async function openCase(who: TestUser, domain: string, page: { goneAfterFetches?: number } = {}) {
  const n = ulid();
  const url = h.web.url(domain, `/thread/${n}`);
  const img = h.web.url(domain, `/media/${n}.jpg`);
  h.web.setPage(url, { body: pageHtml(img), ...page });
  const result: NewResult = {
    url,
    domain,
    contentType: 'images',
    title: 'Leak',
    platform: 'forum',
    source: 'google',
    confidence: 95,
    similarityScore: 0.96,
    confidenceScore: 0.95,
    priority: 'high',
    previewRef: img,
    evidence: { engines: ['google'], seenAt: '2026-05-02T08:00:00.000Z' },
  };
  const [resultId] = (await scanWithResults(who, [result], { review: 'unauthorized' })).resultIds;
  const res = await call(contract.createCase, { as: who, body: { searchResultId: resultId, infringingUrl: url, description: `Set by ${CREATOR.contentCreatorName}`, searchEngine: 'google' } });
  expect(res.status).toBe(201);
  return { caseId: res.body.id as string, caseNumber: res.body.caseNumber as string, url, resultId: resultId! };
}

const readCase = async (who: TestUser, id: string): Promise<DmcaCase> =>
  caseSchema.parse((await call(contract.getCase, { as: who, params: { id } })).body);

const mailsFor = (caseNumber: string) => h.mailsFor(caseNumber);

/** An admin dashboard counter (metrics hooks called by the takedown producers). */
const total = async (name: string) => Number((await getItem(keys.counter(name)))?.count ?? 0);

const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [payer, trial, other, admin] = [await user({ plan: 'pro' }), await user(), await user(), await user({ isAdmin: true })];
  for (const who of [payer, trial]) {
    expect((await call(contract.putContentCreator, { as: who, params: { id: 'me' }, body: CREATOR })).status).toBe(200);
  }
});
afterAll(() => h.close());

describe('POST /api/dmca/{id}/submit-automated: who may submit', () => {
  let caseId: string;
  beforeAll(async () => {
    ({ caseId } = await openCase(trial, 'leaks.test'));
  });

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.submitAutomated, { as: 'anonymous', params: { id: caseId } })).status).toBe(401);
  });

  it('refuses the trial plan with 402 and the upgrade message, sending nothing', async () => {
    const res = await call(contract.submitAutomated, { as: trial, params: { id: caseId } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      success: false,
      error: 'Automated submission is available on paid plans. Upgrade to Basic, Pro or Enterprise to use it.',
      code: 'PLAN_REQUIRED',
    });
    await h.sfn.idle();
    expect((await readCase(trial, caseId)).submission).toBeUndefined();
  });

  it('hides the case from another user and from an admin (404); a bad id is 400', async () => {
    const res = await call(contract.submitAutomated, { as: other, params: { id: caseId } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Case not found.' });
    expect((await call(contract.submitAutomated, { as: admin, params: { id: caseId } })).status).toBe(404);
    expect((await call(contract.submitAutomated, { as: payer, params: { id: ulid() } })).status).toBe(404);
    expect((await call(contract.submitAutomated, { as: payer, params: { id: 'x' } })).status).toBe(400);
  });

  it('works once the stored plan is upgraded (through the billing port)', async () => {
    const up = await call(contract.upgrade, { as: trial, body: { planId: 'basic' } });
    expect(up.body).toMatchObject({ outcome: 'applied', plan: 'basic' });
    const res = await call(contract.submitAutomated, { as: trial, params: { id: caseId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, error: null, attempt: 1, state: 'queued' });
    await h.sfn.idle();
  });
});

describe('the submission workflow', () => {
  it('removed: sends the notice to the abuse contact, marks it sent, re-checks and resolves the case', async () => {
    const before = await getUserStats(payer.userId);
    const admin0 = { created: await total('cases-created'), sent: await total('dmca-submissions'), resolved: await total('cases-resolved') };
    const { caseId, caseNumber, url } = await openCase(payer, 'leaks.test', { goneAfterFetches: 1 });
    const afterSeed = await getUserStats(payer.userId);
    expect(afterSeed.activeViolations).toBe(before.activeViolations + 1);

    const res = await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    expect(res.body).toEqual({ success: true, error: null, attempt: 1, state: 'queued' });
    await h.sfn.idle();

    const c = await readCase(payer, caseId);
    expect(c.status).toBe('resolved');
    expect(c.statusHistory.map((s) => s.status)).toEqual(['pending', 'sent', 'resolved']);
    expect(c.statusHistory[1]!.at).toBe(c.sentAt);
    expect(c.statusHistory[2]!.at).toBe(c.resolvedAt);
    expect(c.escalation).toBeUndefined();
    // The first rung of the ladder (issue 23): the host's own RFC 2142 abuse mailbox.
    expect(c.submission).toMatchObject({ attempt: 1, state: 'resolved', recipient: 'abuse@leaks.test', contactSource: 'rfc2142' });
    expect(c.outcome).toMatchObject({ kind: 'removed', step: 'host' });
    expect(Date.parse(c.submission!.recheckAt!) - Date.parse(c.sentAt!)).toBe(3600 * 1000);

    const stats = await getUserStats(payer.userId);
    expect(stats).toMatchObject({
      dmcaSent: afterSeed.dmcaSent + 1,
      resolvedCases: afterSeed.resolvedCases + 1,
      activeViolations: afterSeed.activeViolations - 1,
    });
    expect({ created: await total('cases-created'), sent: await total('dmca-submissions'), resolved: await total('cases-resolved') }).toEqual({
      created: admin0.created + 1,
      sent: admin0.sent + 1,
      resolved: admin0.resolved + 1,
    });

    // One real MIME message in the outbox, to the host's abuse desk, from the agent, with the notice PDF.
    const mails = await mailsFor(caseNumber);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.messageId).toBe(c.submission!.messageId);
    expect(mail!.to && !Array.isArray(mail!.to) && mail!.to.value.map((v) => v.address)).toEqual(['abuse@leaks.test']);
    expect(mail!.from?.value[0]).toEqual({ name: AGENT_DEFAULTS.name, address: AGENT_DEFAULTS.email });
    expect(mail!.text).toContain(url);
    expect(mail!.attachments.map((a) => a.filename)).toEqual([`dmca-${caseId}.pdf`]);
    const raw = h.outboxFiles().map((f) => readFileSync(f, 'utf8')).find((t) => t.includes(caseNumber))!;
    const text = `${raw}\n${mail!.text}\n${pdfText(mail!.attachments[0]!.content)}`;
    for (const secret of [...Object.values(CREATOR), 'Odalys', 'Fenwick', 'Quiet Willow', '014-2290', 'private-mail.test']) {
      expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
    }

    // The Wait state waited for the configured RECHECK_AFTER_SECONDS (the stand-in runs it instantly).
    const sfnClient = new SFNClient({ endpoint: h.sfn.endpoint, region: 'us-east-1' });
    const execution = await sfnClient.send(new DescribeExecutionCommand({ executionArn: `${h.sfn.arnOf(SUBMISSION_MACHINE).replace(':stateMachine:', ':execution:')}:${caseId}-1` }));
    expect(execution.status).toBe('SUCCEEDED');
    expect(JSON.parse(execution.input!)).toEqual({ caseId, userId: payer.userId, attempt: 1, recheckAfterSeconds: 3600 });
    expect(JSON.parse(execution.output!).recheck).toMatchObject({ outcome: 'removed', reason: 'The page answers HTTP 410.' });

    const again = await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: 'This case is already resolved: the copy was taken down.' });
  });

  it('still online: the case climbs every rung of the ladder and stops; a new attempt climbs again', async () => {
    const before = await getUserStats(payer.userId);
    const { caseId, caseNumber, url } = await openCase(payer, 'leaks.test');
    await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    await h.sfn.idle();

    const c = await readCase(payer, caseId);
    expect(c.status).toBe('sent');
    expect(c.submission).toMatchObject({ state: 'stopped' });
    expect(c.outcome).toMatchObject({ kind: 'stopped', step: 'delisting' });
    expect(c.escalation).toEqual({
      flagged: true,
      reason: `Still online after the notice: ${url} (The page is unchanged since the notice was sent.)`,
      checkedAt: expect.any(String),
    });
    const stats = await getUserStats(payer.userId);
    expect(stats.dmcaSent).toBe(before.dmcaSent + 1);
    expect(stats.resolvedCases).toBe(before.resolvedCases);
    // host, network and registrar each had one notice
    expect(await mailsFor(caseNumber)).toHaveLength(3);

    const retry = await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    expect(retry.body).toMatchObject({ success: true, attempt: 2 });
    await h.sfn.idle();
    expect(await mailsFor(caseNumber)).toHaveLength(6);
    expect((await getUserStats(payer.userId)).dmcaSent).toBe(before.dmcaSent + 1); // sent once, counted once
    expect((await readCase(payer, caseId)).submission).toMatchObject({ attempt: 2, state: 'stopped' });
  });

  it('reappeared (issue 11): "Submit again" takes a takedown unit, sends the notice again and the case is sent again', async () => {
    const { caseId, caseNumber, url } = await openCase(payer, 'leaks.test', { goneAfterFetches: 1 });
    await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    await h.sfn.idle();
    expect((await readCase(payer, caseId)).status).toBe('resolved');

    // The copy is back online; a monitor run reopened the case (follow-up.ts's reopenReappeared).
    h.web.setPage(url, { body: pageHtml(h.web.url('leaks.test', '/media/back.jpg')) });
    expect(await reopenReappeared({ id: caseId, host: 'leaks.test' }, new Date().toISOString())).toBe(true);
    const used = async () => (await call(contract.usage, { as: payer, params: { id: 'me' } })).body.allowances.submissions.used as number;
    const before = { used: await used(), sent: (await getUserStats(payer.userId)).dmcaSent, mails: (await mailsFor(caseNumber)).length };

    const res = await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    expect(res.body).toMatchObject({ success: true, error: null, attempt: 2 });
    await h.sfn.idle();
    expect(await used()).toBe(before.used + 1);
    const c = await readCase(payer, caseId);
    expect(c.status).toBe('sent');
    expect(c.statusHistory.map((s) => s.status)).toEqual(['pending', 'sent', 'resolved', 'reappeared', 'sent']);
    expect(c.submission).toMatchObject({ attempt: 2, state: 'stopped' }); // still online on every rung
    expect(await mailsFor(caseNumber)).toHaveLength(before.mails + 3);
    expect((await getUserStats(payer.userId)).dmcaSent).toBe(before.sent + 1);
  });

  it('no network or registrar contact: the host mailbox gets the notice, the other rungs are skipped and recorded', async () => {
    const { caseId, caseNumber } = await openCase(payer, 'nocontact.test');
    await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
    await h.sfn.idle();

    const c = await readCase(payer, caseId);
    expect(c.status).toBe('sent');
    expect(c.ladder?.entries.map((e) => `${e.step}:${e.action}`)).toEqual(['host:sent', 'network:skipped', 'cdn:skipped', 'registrar:skipped', 'delisting:delisting-queued']);
    expect(c.ladder?.entries[1]?.detail).toBe('The network of 203.0.113.5 lists no abuse contact.');
    expect(await mailsFor(caseNumber)).toHaveLength(1);
  });

  describe('through SES', () => {
    beforeEach(() => h.useSes());
    afterEach(() => h.useOutbox());

    it('mail refused: records the failure on the case, which stays pending and may be retried', async () => {
      const before = await getUserStats(payer.userId);
      const { caseId, url } = await openCase(payer, 'tube.test');
      h.ses.replies.push({ status: 400, type: 'MessageRejected', message: 'Email address is not verified.' });
      const sent = h.ses.requests.length;
      await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
      await h.sfn.idle();

      const c = await readCase(payer, caseId);
      expect(c.status).toBe('pending');
      expect(c.submission).toMatchObject({
        state: 'failed',
        error: 'The notice could not be delivered to abuse@tube.test: the mail service refused it. Download the PDF and send it by hand, or try again later.',
      });
      expect(h.ses.requests.length - sent).toBe(1); // refused for good: not retried
      expect((await getUserStats(payer.userId)).dmcaSent).toBe(before.dmcaSent);

      // The host acts on the re-sent notice (the retry ends at the first rung).
      h.web.setPage(url, { body: pageHtml(h.web.url('tube.test', `/media/${caseId}.jpg`)), goneAfterFetches: 1 });
      const retry = await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
      expect(retry.body).toMatchObject({ success: true, attempt: 2 });
      await h.sfn.idle();
      const after = await readCase(payer, caseId);
      expect(after.statusHistory.map((x) => x.status)).toEqual(['pending', 'sent', 'resolved']);
    });

    it('mail throttled: retries the delivery and goes on', async () => {
      const { caseId } = await openCase(payer, 'tube.test', { goneAfterFetches: 1 });
      h.ses.replies.push({ status: 429, type: 'TooManyRequestsException' }, { status: 500, type: 'InternalServiceError' });
      const sent = h.ses.requests.length;
      await call(contract.submitAutomated, { as: payer, params: { id: caseId } });
      await h.sfn.idle();
      expect(h.ses.requests.length - sent).toBe(3);
      expect(h.ses.requests.at(-1)!.to).toEqual(['abuse@tube.test']);
      const c = await readCase(payer, caseId);
      expect(c.status).toBe('resolved');
      expect(c.submission?.messageId).toBe(`ses-${h.ses.requests.length}`);
    });
  });

  it('a double click starts one run: one e-mail per rung', async () => {
    const { caseId, caseNumber } = await openCase(payer, 'leaks.test');
    const [a, b] = await Promise.all([
      call(contract.submitAutomated, { as: payer, params: { id: caseId } }),
      call(contract.submitAutomated, { as: payer, params: { id: caseId } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.attempt, b.body.attempt]).toEqual([1, 1]);
    expect([a.body.success, b.body.success]).toEqual([true, true]);
    await h.sfn.idle();
    const to = (await mailsFor(caseNumber)).map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : ''));
    expect(to).toEqual(['abuse@leaks.test', FIXTURE_ABUSE.hosting, FIXTURE_ABUSE.registrar]);
  });
});
