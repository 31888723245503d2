import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { unzipSync, strFromU8 } from 'fflate';
import type { ParsedMail } from 'mailparser';
import { contract } from '../../../../shared/contract';
import { accountExportSchema } from '../../../../shared/schemas/account-data';
import { aResult, allowlistEntry, monitor, scanWithResults, user, type TestUser } from '../../../../test/fixtures';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { config } from '../../../lib/config';
import { LOCAL_CREDENTIALS } from '../../../../local/stand-ins/credentials';
import { recordEvent } from '../../../services/events/record-event';
import { removeExpiredResults } from '../../../services/account-data/retention';
import { claimTakedown, listBySearch } from '../../../store/entities/result';
import { get as getSearchRecord } from '../../../store/entities/search';
import { read as readUserCounters } from '../../../store/entities/user-counters';
import { deleteReferenceObjects } from '../../../services/account-data/files';
import { createSearch, finishSearch } from '../../../services/search/searches';
import { scanAllItems } from '../../../../test/table-scan';
import { startStripeFake, type StripeFake } from '../../../../test/stripe-fake';
import { deliverStripeEvents } from '../../../../test/stripe-delivery';
import { startLambda, type RunningLambda } from '../../../../local/stand-ins/lambda';
import { handler as exportHandler } from '../../../jobs/account-export';
import * as dataExports from '../../../store/entities/data-export';

/*
 * Data the creator controls (issue 27): the export archive holds every item and file of the creator and nothing
 * of anyone else; deleting a monitor deletes its files; an account deletion confirmed by e-mail runs the erasure
 * workflow (the ASL CDK deploys, in the Step Functions stand-in) and afterwards a Scan of the whole table and a
 * listing of both buckets find nothing of the deleted user, while another user's data is untouched.
 */

let h: Harness;
let s3: S3Client;
/** The Lambda stand-in with the export function, as `npm start` runs it. */
let lambda: RunningLambda;
/** The Stripe fake: the creator pays for a plan, and the erasure must end the subscription. */
let stripe: StripeFake;
const WEBHOOK_SECRET = 'whsec_test_fake';
let creator: TestUser;
let other: TestUser;
let admin: TestUser;
let creatorSearch: string;
let otherSearch: string;

const put = (bucket: string, key: string, body = 'x') => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));

async function allKeys(bucket: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const res = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    out.push(...(res.Contents ?? []).map((o) => o.Key!));
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** Every stored thing of one user: items, and keys in both buckets, that name their id or address. */
async function traces(who: TestUser, searchId: string) {
  const mentions = (text: string) => text.includes(who.userId) || text.toLowerCase().includes(who.email.toLowerCase()) || text.includes(searchId);
  const items = (await scanAllItems()).filter((i) => mentions(JSON.stringify(i)));
  const objects = [...(await allKeys(config().uploadsBucket)), ...(await allKeys(config().noticesBucket))].filter(mentions);
  return { items, objects };
}

/** Everything a creator accumulates: a scan with results and its files, a monitor with files, a notice PDF, page views, an allowlist entry. */
async function populate(who: TestUser) {
  const { searchId } = await scanWithResults(who, [aResult(1), aResult(2)]);
  const m = await monitor(who, { name: 'Watch' });
  await allowlistEntry(who, `${who.userId.toLowerCase()}.example`);
  await recordEvent(who.userId, { type: 'page_view', path: '/search', sessionId: `sess-${who.userId.slice(-8)}` });
  const { uploadsBucket, noticesBucket } = config();
  await put(uploadsBucket, `references/${who.userId}/${searchId}/ref.jpg`, 'reference bytes');
  await put(uploadsBucket, `evidence/${who.userId}/${searchId}/copy.jpg`, 'evidence bytes');
  await put(uploadsBucket, `work/${searchId}/candidates.json`, '[]');
  await put(uploadsBucket, `references/${who.userId}/monitors/${m.id}/fingerprints.json`, '{}');
  await put(noticesBucket, `notices/${who.userId}/CASE1/2026-01-01.pdf`, '%PDF-1.4');
  return { searchId, monitorId: m.id };
}

/** Delivers the events the Stripe fake produced; their outcomes. */
const deliverAll = async (): Promise<string[]> => (await deliverStripeEvents(stripe, WEBHOOK_SECRET)).map((d) => `${d.type}:${d.status}:${d.outcome}`);

const mailsWith = async (value: string): Promise<ParsedMail[]> => (await h.outboxMails()).filter((m) => m.headers.get('x-vigil-account') === value);

beforeAll(async () => {
  lambda = await startLambda({ 'vigil-account-export': (payload) => exportHandler(payload, {} as never) }, { retryMs: 0 });
  stripe = await startStripeFake();
  h = await startHarness({
    scans: true,
    env: {
      EXPORT_FUNCTION_NAME: 'vigil-account-export',
      LAMBDA_ENDPOINT: lambda.endpoint,
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_ENDPOINT: stripe.endpoint,
    },
  });
  s3 = new S3Client({ region: 'us-east-1', endpoint: h.s3Endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  [creator, other, admin] = [await user({ email: 'leaving@creator.test' }), await user({ email: 'staying@creator.test' }), await user({ isAdmin: true })];
  creatorSearch = (await populate(creator)).searchId;
  otherSearch = (await populate(other)).searchId;
}, 90_000);
afterAll(async () => {
  s3.destroy();
  await h.close();
  await lambda.close();
  await stripe.close();
});

describe('deleting a monitor', () => {
  it('deletes its reference files and fingerprints from S3', async () => {
    const m = await monitor(other, { name: 'Short-lived' });
    const prefix = `references/${other.userId}/monitors/${m.id}/`;
    await put(config().uploadsBucket, `${prefix}ref.jpg`);
    await put(config().uploadsBucket, `${prefix}fingerprints.json`);
    expect((await call(contract.deleteMonitor, { as: other, params: { id: m.id } })).status).toBe(204);
    expect((await allKeys(config().uploadsBucket)).filter((k) => k.startsWith(prefix))).toEqual([]);
    // Other monitors' and scans' files stay.
    expect((await allKeys(config().uploadsBucket)).some((k) => k.startsWith(`references/${other.userId}/${otherSearch}/`))).toBe(true);
  });
});

describe('deleting a scan (DELETE /api/search/{id})', () => {
  it('is for the owner only, and a bad id is refused', async () => {
    const { searchId } = await scanWithResults(other, [aResult('keep-1')]);
    expect((await call(contract.deleteSearch, { as: 'anonymous', params: { id: searchId } })).status).toBe(401);
    expect((await call(contract.deleteSearch, { as: creator, params: { id: searchId } })).status).toBe(404);
    expect((await call(contract.deleteSearch, { as: admin, params: { id: searchId } })).status).toBe(404);
    expect((await call(contract.deleteSearch, { as: other, params: { id: 'not an id!' } })).status).toBe(400);
    expect((await call(contract.deleteSearch, { as: other, params: { id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } })).status).toBe(404);
    expect(await listBySearch(searchId, 10)).toHaveLength(1);
  });

  it('deletes the scan, its results (counters follow) and every file of it, and nothing else', async () => {
    const who = await user({ email: 'tidy@creator.test' });
    const kept = await scanWithResults(who, [aResult('other-scan')]);
    const { searchId, resultIds } = await scanWithResults(who, [aResult('d-1'), aResult('d-2'), aResult('d-3')]);
    await call(contract.reviewResult, { as: who, params: { id: resultIds[0]! }, body: { status: 'unauthorized' } });
    const { uploadsBucket } = config();
    const files = [`references/${who.userId}/${searchId}/ref.jpg`, `evidence/${who.userId}/${searchId}/e.jpg`, `thumbnails/${who.userId}/${searchId}/t.jpg`, `work/${searchId}/candidates.json`];
    for (const k of files) await put(uploadsBucket, k);
    await put(uploadsBucket, `references/${who.userId}/${kept.searchId}/ref.jpg`);
    const stats = async () => (await call(contract.userStats, { as: who, params: { id: 'me' } })).body as { pendingReview: number; activeViolations: number };
    expect(await stats()).toMatchObject({ pendingReview: 3, activeViolations: 1 });

    const res = await call(contract.deleteSearch, { as: who, params: { id: searchId } });
    expect(res.status).toBe(204);
    expect((await call(contract.getSearch, { as: who, params: { id: searchId } })).status).toBe(404);
    expect(await listBySearch(searchId, 10)).toEqual([]);
    expect((await call(contract.getResult, { as: who, params: { id: resultIds[1]! } })).status).toBe(404);
    const left = await allKeys(uploadsBucket);
    expect(left.filter((k) => k.includes(searchId))).toEqual([]);
    expect(left).toContain(`references/${who.userId}/${kept.searchId}/ref.jpg`);
    expect(await listBySearch(kept.searchId, 10)).toHaveLength(1);
    expect(await stats()).toMatchObject({ pendingReview: 1, activeViolations: 0 });
    // Asking again: it is gone.
    expect((await call(contract.deleteSearch, { as: who, params: { id: searchId } })).status).toBe(404);
  });

  it('refuses, deleting nothing, a scan with a case on one of its results', async () => {
    const who = await user({ email: 'casework@creator.test' });
    const { searchId, resultIds } = await scanWithResults(who, [aResult('c-1'), aResult('c-2')]);
    await claimTakedown(resultIds[0]!, 'CASE-1', new Date().toISOString());
    await put(config().uploadsBucket, `references/${who.userId}/${searchId}/ref.jpg`);
    const res = await call(contract.deleteSearch, { as: who, params: { id: searchId } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'SEARCH_HAS_CASES' });
    expect(await listBySearch(searchId, 10)).toHaveLength(2);
    expect(await allKeys(config().uploadsBucket)).toContain(`references/${who.userId}/${searchId}/ref.jpg`);
  });

  it("refuses a scan still running, and a monitor's run", async () => {
    const who = await user({ email: 'busy@creator.test' });
    const running = await createSearch({ userId: who.userId, query: 'Busy', searchEngines: ['google'], contentType: 'images' });
    expect((await call(contract.deleteSearch, { as: who, params: { id: running.id } })).body).toMatchObject({ code: 'SCAN_RUNNING' });
    const m = await monitor(who, { name: 'Runs' });
    const run = await createSearch({ userId: who.userId, query: 'Runs', searchEngines: ['google'], contentType: 'images', monitorId: m.id, origin: 'monitor-scheduled' });
    await finishSearch(run.id, { status: 'completed', successfulEngines: ['google'], failedEngines: [] });
    expect((await call(contract.deleteSearch, { as: who, params: { id: run.id } })).body).toMatchObject({ code: 'MONITOR_SCAN' });
    expect(await getSearchRecord(running.id)).toBeDefined();
    // Once the monitor is deleted, its past runs are scans like any other: they can be deleted.
    expect((await call(contract.deleteMonitor, { as: who, params: { id: m.id } })).status).toBe(204);
    expect(await getSearchRecord(run.id)).toBeDefined();
    expect((await call(contract.deleteSearch, { as: who, params: { id: run.id } })).status).toBe(204);
    expect(await getSearchRecord(run.id)).toBeUndefined();
  });
});

describe('deleting one reference file (the service the reference library calls)', () => {
  it("deletes the object and a monitor's fingerprints made from it, and refuses keys outside the user's references", async () => {
    const { uploadsBucket } = config();
    const m = await monitor(other, { name: 'Refs' });
    const base = `references/${other.userId}/monitors/${m.id}/`;
    await put(uploadsBucket, `${base}a.jpg`);
    await put(uploadsBucket, `${base}b.jpg`);
    await put(uploadsBucket, `${base}fingerprints.json`);
    expect(await deleteReferenceObjects(other.userId, `${base}a.jpg`)).toEqual([`${base}a.jpg`, `${base}fingerprints.json`]);
    expect((await allKeys(uploadsBucket)).filter((k) => k.startsWith(base))).toEqual([`${base}b.jpg`]);
    await expect(deleteReferenceObjects(other.userId, `references/${creator.userId}/x/a.jpg`)).rejects.toThrow(/not a reference file/);
    await expect(deleteReferenceObjects(other.userId, `references/${other.userId}/../${creator.userId}/a.jpg`)).rejects.toThrow(/not a reference file/);
  });
});

describe('export', () => {
  it('is for the account holder only, and a bad id is refused', async () => {
    for (const route of [contract.exportAccount, contract.latestExport]) {
      expect((await call(route, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
      expect((await call(route, { as: other, params: { id: creator.userId } })).status).toBe(403);
      expect((await call(route, { as: admin, params: { id: creator.userId } })).status).toBe(403);
      expect((await call(route, { as: creator, params: { id: 'not a user id!' } })).status).toBe(400);
    }
    // Nothing was queued by the refused requests.
    expect((await call(contract.latestExport, { as: creator, params: { id: 'me' } })).body).toEqual({ export: null });
  });

  it('is a job: queued, built by the export function into one ZIP archive with every item and file of the creator and nothing of anyone else, then a presigned link', async () => {
    const res = await call(contract.exportAccount, { as: creator, params: { id: 'me' } });
    expect(res.status).toBe(202);
    const queued = accountExportSchema.parse(res.body);
    expect(queued).toMatchObject({ status: 'queued' });
    expect(queued.url).toBeUndefined();

    await lambda.idle();
    const latest = await call(contract.latestExport, { as: creator, params: { id: 'me' } });
    expect(latest.status).toBe(200);
    const body = accountExportSchema.parse((latest.body as { export: unknown }).export);
    expect(body).toMatchObject({ id: queued.id, status: 'ready' });
    expect(body.url).toContain('X-Amz-Signature=');
    expect(body.url).toContain(`/exports/${creator.userId}/`);
    const download = await fetch(body.url!);
    expect(download.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await download.arrayBuffer()));
    const names = Object.keys(zip).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'data/PROFILE.json',
        'data/SEARCH.json',
        'data/RESULT.json',
        'data/MONITOR.json',
        'data/ALLOWLIST.json',
        'data/VISIT.json',
        'data/EVENT.json',
        `files/uploads/references/${creator.userId}/${creatorSearch}/ref.jpg`,
        `files/uploads/evidence/${creator.userId}/${creatorSearch}/copy.jpg`,
        `files/notices/notices/${creator.userId}/CASE1/2026-01-01.pdf`,
      ]),
    );
    expect(strFromU8(zip[`files/uploads/references/${creator.userId}/${creatorSearch}/ref.jpg`]!)).toBe('reference bytes');
    const profile = JSON.parse(strFromU8(zip['data/PROFILE.json']!)) as { email: string }[];
    expect(profile[0]!.email).toBe(creator.email);
    expect(JSON.parse(strFromU8(zip['data/SEARCH.json']!))).toEqual([expect.objectContaining({ id: creatorSearch })]);
    expect(JSON.parse(strFromU8(zip['data/RESULT.json']!))).toHaveLength(2);
    expect(names.some((n) => n.startsWith('data/SESSION') || n.startsWith('data/EXPORT'))).toBe(false);
    const everything = names.map((n) => n + strFromU8(zip[n]!)).join('\n');
    expect(everything).not.toContain(other.userId);
    expect(everything).not.toContain(other.email);
    expect(body.items).toBeGreaterThanOrEqual(8);
    expect(body.files).toBe(4);
    // The creator is told it is ready, with the way to the site (not a link that would outlive its credentials).
    const [ready] = await mailsWith('export-ready');
    expect(ready!.to).toMatchObject({ value: [{ address: creator.email }] });
    expect(ready!.text).toContain('/account');
    expect(ready!.text).not.toContain('X-Amz-Signature');
  });

  it('answers the job already under way instead of starting a second one', async () => {
    const id = '01JZZZZZZZZZZZZZZZZZZZZZZZ';
    await dataExports.create({ id, userId: other.userId, requestedAt: new Date().toISOString() });
    const res = await call(contract.exportAccount, { as: other, params: { id: 'me' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, status: 'queued' });
    // The event for a job that is not queued any more (a repeated delivery) builds nothing.
    await dataExports.fail(other.userId, id, 'test', new Date().toISOString());
    expect(await exportHandler({ operation: 'vigil.build-export', userId: other.userId, exportId: id }, {} as never)).toEqual({ outcome: 'skipped' });
    await expect(exportHandler({ operation: 'vigil.build-export', userId: 'x' }, {} as never)).rejects.toThrow(/malformed export event/);
  });
});

describe('account deletion', () => {
  it('is for the account holder only, and a bad link is refused', async () => {
    expect((await call(contract.requestDeletion, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
    expect((await call(contract.requestDeletion, { as: other, params: { id: creator.userId } })).status).toBe(403);
    expect((await call(contract.requestDeletion, { as: admin, params: { id: creator.userId } })).status).toBe(403);
    expect((await call(contract.deletionPage, { query: { token: 'forged.token' } })).status).toBe(400);
    expect((await call(contract.confirmDeletion, { query: { token: `${'a'.repeat(20)}.${'b'.repeat(43)}` } })).status).toBe(400);
    expect((await call(contract.confirmDeletion, { query: {} })).status).toBe(400);
    expect(await mailsWith('erasure-confirm')).toHaveLength(0);
  });

  it('is confirmed by e-mail, runs the erasure workflow to "done", and leaves nothing of the user in the table or the buckets', async () => {
    // The creator pays for Pro through Stripe: the erasure must end that subscription (issue 27).
    const upgrade = await call(contract.upgrade, { as: creator, body: { planId: 'pro' } });
    const subscription = stripe.payCheckout((upgrade.body.checkoutUrl as string).split('/').pop()!);
    expect(await deliverAll()).toEqual(['checkout.session.completed:200:applied', 'invoice.paid:200:recorded']);

    const before = await traces(creator, creatorSearch);
    expect(before.items.length).toBeGreaterThan(10);
    expect(before.objects.length).toBeGreaterThanOrEqual(5);
    const otherBefore = await traces(other, otherSearch);

    // Asking mails a link; nothing is deleted yet.
    const asked = await call(contract.requestDeletion, { as: creator, params: { id: 'me' } });
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ sentTo: creator.email });
    const [confirmMail] = await mailsWith('erasure-confirm');
    expect(confirmMail!.to).toMatchObject({ value: [{ address: creator.email }] });
    const link = new URL(/https?:\/\/\S+\/api\/account\/deletion\?token=\S+/.exec(confirmMail!.text!)![0]);
    const token = link.searchParams.get('token')!;
    expect((await traces(creator, creatorSearch)).items.length).toBe(before.items.length);

    // The link's page asks for a click; a changed token is refused; the click starts the workflow.
    const pageRes = await call(contract.deletionPage, { query: { token } });
    expect(pageRes.status).toBe(200);
    expect(pageRes.body).toContain(creator.email);
    expect((await call(contract.confirmDeletion, { query: { token: `${token.slice(0, -2)}xx` } })).status).toBe(400);
    const confirmed = await call(contract.confirmDeletion, { query: { token } });
    expect(confirmed.status).toBe(202);
    expect(confirmed.body).toContain('Your subscription is cancelled');
    expect(stripe.subscriptions.get(subscription.id)!.status).toBe('canceled');

    // Done when the workflow reports it: the "deleted" mail is its last task.
    const deadline = Date.now() + 60_000;
    while ((await mailsWith('erasure-done')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [doneMail] = await mailsWith('erasure-done');
    expect(doneMail!.subject).toBe('Your Vigil account is deleted');

    // Stripe's event for the cancellation arrives afterwards: acknowledged, and it writes nothing of the erased user.
    expect(await deliverAll()).toEqual(['customer.subscription.deleted:200:ignored']);
    const after = await traces(creator, creatorSearch);
    expect(after.items).toEqual([]);
    expect(after.objects).toEqual([]);
    // The session no longer works; the other user's data is all there.
    expect((await call(contract.getUser, { as: creator, params: { id: 'me' } })).status).toBe(401);
    const otherAfter = await traces(other, otherSearch);
    expect(otherAfter.objects.sort()).toEqual(otherBefore.objects.sort());
    expect(otherAfter.items.length).toBe(otherBefore.items.length);

    // A second click finds the deletion already done, and starts nothing new.
    const again = await call(contract.confirmDeletion, { query: { token } });
    expect(again.status).toBe(202);
    expect(again.body).toContain('already confirmed');
  });
});

describe('result retention', () => {
  it('removes results older than the retention with their evidence files, and keeps those a case was opened on', async () => {
    const keeper = await user({ email: 'keeper@creator.test' });
    const evidenceKey = `evidence/${keeper.userId}/S1/old.jpg`;
    await put(config().uploadsBucket, evidenceKey, 'picture');
    const { searchId, resultIds } = await scanWithResults(keeper, [aResult('old-1', { previewRef: evidenceKey }), aResult('old-2'), aResult('taken-down')]);
    await claimTakedown(resultIds[2]!, 'CASE-KEPT', new Date().toISOString());
    // old-1 marked unauthorized (an active violation), old-2 and the kept one undecided (pending review).
    await call(contract.reviewResult, { as: keeper, params: { id: resultIds[0]! }, body: { status: 'unauthorized' } });
    const counts = async () => (await readUserCounters(keeper.userId))!.counts;
    const resultCount = async () => ((await call(contract.getSearch, { as: keeper, params: { id: searchId } })).body as { resultCount: number }).resultCount;
    expect(await counts()).toMatchObject({ pendingReview: 2, activeViolations: 1 });
    expect(await resultCount()).toBe(3);

    // Within the retention: nothing removed.
    const soon = await removeExpiredResults(new Date(Date.now() + 10 * 86_400_000), { retentionDays: 30 });
    expect(soon.removed).toBe(0);
    expect((await listBySearch(searchId, 10)).length).toBe(3);

    // A year later with 30 days' retention: the two without a case go, with the evidence file; the third stays.
    const later = await removeExpiredResults(new Date(Date.now() + 365 * 86_400_000), { retentionDays: 30 });
    expect(later.removed).toBeGreaterThanOrEqual(2);
    expect((await listBySearch(searchId, 10)).map((r) => r.id)).toEqual([resultIds[2]]);
    expect(await allKeys(config().uploadsBucket)).not.toContain(evidenceKey);
    // The counters the two removed results fed moved with them: one pending review and one violation fewer, and
    // the scan counts the one result it still lists; the stats screen says the same.
    expect(await counts()).toMatchObject({ pendingReview: 1, activeViolations: 0 });
    expect(await resultCount()).toBe(1);
    expect((await call(contract.userStats, { as: keeper, params: { id: 'me' } })).body).toMatchObject({ pendingReview: 1, activeViolations: 0 });
    // A second run removes nothing more and moves nothing.
    await removeExpiredResults(new Date(Date.now() + 365 * 86_400_000), { retentionDays: 30 });
    expect(await counts()).toMatchObject({ pendingReview: 1, activeViolations: 0 });
    expect(await resultCount()).toBe(1);
    // 0 days keeps everything.
    expect(await removeExpiredResults(new Date(Date.now() + 365 * 86_400_000), { retentionDays: 0 })).toMatchObject({ removed: 0, users: 0 });
  });
});
