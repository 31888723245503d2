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
import { scanAllItems } from '../../../../test/table-scan';

/*
 * Data the creator controls (issue 27): the export archive holds every item and file of the creator and nothing
 * of anyone else; deleting a monitor deletes its files; an account deletion confirmed by e-mail runs the erasure
 * workflow (the ASL CDK deploys, in the Step Functions stand-in) and afterwards a Scan of the whole table and a
 * listing of both buckets find nothing of the deleted user, while another user's data is untouched.
 */

let h: Harness;
let s3: S3Client;
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

const mailsWith = async (value: string): Promise<ParsedMail[]> => (await h.outboxMails()).filter((m) => m.headers.get('x-vigil-account') === value);

beforeAll(async () => {
  h = await startHarness({ scans: true });
  s3 = new S3Client({ region: 'us-east-1', endpoint: h.s3Endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  [creator, other, admin] = [await user({ email: 'leaving@creator.test' }), await user({ email: 'staying@creator.test' }), await user({ isAdmin: true })];
  creatorSearch = (await populate(creator)).searchId;
  otherSearch = (await populate(other)).searchId;
});
afterAll(async () => {
  s3.destroy();
  await h.close();
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

describe('export', () => {
  it('is for the account holder only', async () => {
    expect((await call(contract.exportAccount, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
    expect((await call(contract.exportAccount, { as: other, params: { id: creator.userId } })).status).toBe(403);
    expect((await call(contract.exportAccount, { as: admin, params: { id: creator.userId } })).status).toBe(403);
    expect((await call(contract.exportAccount, { as: creator, params: { id: 'not a user id!' } })).status).toBe(400);
  });

  it('is one ZIP archive behind a presigned link with every item and file of the creator and nothing of anyone else', async () => {
    const res = await call(contract.exportAccount, { as: creator, params: { id: 'me' } });
    expect(res.status).toBe(200);
    const body = accountExportSchema.parse(res.body);
    expect(body.url).toContain('X-Amz-Signature=');
    const download = await fetch(body.url);
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
    expect(names.some((n) => n.startsWith('data/SESSION'))).toBe(false);
    const everything = names.map((n) => n + strFromU8(zip[n]!)).join('\n');
    expect(everything).not.toContain(other.userId);
    expect(everything).not.toContain(other.email);
    expect(body.items).toBeGreaterThanOrEqual(8);
    expect(body.files).toBe(4);
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

    // Done when the workflow reports it: the "deleted" mail is its last task.
    const deadline = Date.now() + 60_000;
    while ((await mailsWith('erasure-done')).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [doneMail] = await mailsWith('erasure-done');
    expect(doneMail!.subject).toBe('Your Vigil account is deleted');

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

    // Within the retention: nothing removed.
    const soon = await removeExpiredResults(new Date(Date.now() + 10 * 86_400_000), { retentionDays: 30 });
    expect(soon.removed).toBe(0);
    expect((await listBySearch(searchId, 10)).length).toBe(3);

    // A year later with 30 days' retention: the two without a case go, with the evidence file; the third stays.
    const later = await removeExpiredResults(new Date(Date.now() + 365 * 86_400_000), { retentionDays: 30 });
    expect(later.removed).toBeGreaterThanOrEqual(2);
    expect((await listBySearch(searchId, 10)).map((r) => r.id)).toEqual([resultIds[2]]);
    expect(await allKeys(config().uploadsBucket)).not.toContain(evidenceKey);
    // 0 days keeps everything.
    expect(await removeExpiredResults(new Date(Date.now() + 365 * 86_400_000), { retentionDays: 0 })).toMatchObject({ removed: 0, users: 0 });
  });
});
