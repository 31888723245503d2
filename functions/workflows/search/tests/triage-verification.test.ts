import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Candidate } from '../../../adapters/providers';
import { putObject } from '../../../adapters/s3';
import { resetConfig } from '../../../lib/config';
import { bestMatch, hashCandidate, hashReference, ReferenceSet } from '../../../matching';
import { MIN_INLIERS } from '../../../matching/verify';
import type { NewResult } from '../../../../functions/services/search/results';
import { createSearch } from '../../../services/search/searches';
import { startS3, type RunningS3 } from '../../../../local/stand-ins/s3';
import { startTestDynamo } from '../../../../test/harness';
import { fingerprint, type StoredFingerprint } from '../fingerprint';
import { triage } from '../triage';
import type { SearchState } from '../types';
import { getWork, putWork } from '../work-store';

/*
 * Fingerprint and Triage, the real tasks on the S3 and DynamoDB stand-ins, with candidate pictures served
 * under the sandbox prefix (the only private address the safe fetcher allows): a copy whose fingerprint
 * lands in the grey zone is decided by geometric verification, and the decision with its evidence is stored
 * on the result.
 */

let dir: string;
let s3: RunningS3;
let dynamo: { close(): Promise<void> };
let server: Server;
let origin: string;
const pictures = new Map<string, Buffer>();
const photo = (name: string) => readFileSync(join(__dirname, '..', '..', '..', 'matching', 'fixtures', `${name}.jpg`));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-verify-'));
  s3 = await startS3({ directory: join(dir, 's3'), buckets: ['verify-uploads'] });
  server = createServer((req, res) => {
    const body = pictures.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'image/jpeg' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  dynamo = await startTestDynamo({ S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'verify-uploads', SANDBOX_ORIGIN: origin });
  resetConfig();
}, 60_000);

afterAll(async () => {
  await dynamo.close();
  await s3.close();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

function serve(name: string, bytes: Buffer): string {
  pictures.set(`/sandbox/copies/${name}`, bytes);
  return `${origin}/copies/${name}`;
}

const candidate = (name: string, imageUrl: string, title: string): Candidate =>
  ({ url: `${origin}/pages/${name}`, imageUrl, title, domain: 'leakforum.example', engine: 'google', provider: 'serpapi', kind: 'images', seenAt: '2026-11-24T00:00:00.000Z', sandbox: true }) as Candidate;

describe('triage with the verification stage', () => {
  it('decides a grey-zone copy by point correspondences and a close copy by fingerprint alone', async () => {
    const reference = photo('chelsea');
    const refSet = ReferenceSet.from([{ id: 'ref-1', hashes: (await hashReference(reference)).hashes }]);
    // A tilted repost whose fingerprint is close but not conclusive: the first tilt in the grey zone.
    let grey: Buffer | undefined;
    for (const degrees of [7, 8, 9, 10, 11]) {
      const tilted = await sharp(reference).rotate(degrees, { background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
      if (bestMatch(await hashCandidate(tilted), refSet)?.needsVerification) {
        grey = tilted;
        break;
      }
    }
    expect(grey).toBeDefined();
    const close = await sharp(reference).resize({ width: 300 }).jpeg({ quality: 60 }).toBuffer();
    const unrelated = photo('rocket');

    const userId = 'u-verify';
    const search = await createSearch({ userId, query: 'Luna Vale', searchEngines: ['google'], contentType: 'images' });
    await putObject('verify-uploads', `references/${userId}/${search.id}/ref-1`, reference, 'image/jpeg');
    const state: SearchState = {
      searchId: search.id,
      userId,
      names: ['Luna Vale'],
      engines: ['google'],
      contentType: 'images',
      references: [{ id: 'ref-1', key: `references/${userId}/${search.id}/ref-1`, kind: 'image', mediaType: 'image/jpeg' }],
    };
    state.fingerprint = await fingerprint(state);
    // The stored set keeps each reference's quality, which triage holds to the confident quality with the candidate's.
    expect(await getWork<StoredFingerprint[]>(state.fingerprint.fingerprintsKey!)).toEqual([
      expect.objectContaining({ referenceId: 'ref-1', quality: (await hashReference(reference)).quality }),
    ]);
    const candidatesKey = `work/${search.id}/google`;
    await putWork(candidatesKey, [
      candidate('grey', serve('grey.jpg', grey!), 'tilted repost'),
      candidate('close', serve('close.jpg', close), 'small repost'),
      candidate('other', serve('other.jpg', unrelated), 'Luna Vale rocket launch'),
    ]);
    state.engineResults = [{ engine: 'google', ok: true, result: { candidatesKey, candidates: 3, failedKinds: [], sandbox: true } }];

    const out = await triage(state);
    const results = await getWork<(NewResult & { confidenceScore: number })[]>(out.triagedKey);
    const byName = (n: string) => results.find((r) => r.url.endsWith(`/pages/${n}`))!;

    const verified = byName('grey');
    expect(verified.evidence).toMatchObject({ matchMethod: 'verified', matchedReferenceId: 'ref-1' });
    expect(verified.evidence!.verification!.inliers).toBeGreaterThanOrEqual(MIN_INLIERS);
    expect(verified.evidence!.verification!.transform).toHaveLength(9);
    expect(verified.evidence!.region).toBeDefined();
    expect(verified.confidenceScore).toBeGreaterThanOrEqual(0.7);

    expect(byName('close').evidence).toMatchObject({ matchMethod: 'fingerprint', matchedReferenceId: 'ref-1' });
    expect(byName('close').evidence!.verification).toBeUndefined();

    // Not a copy: it matches only by the name in its title, and ranks below the copies.
    const other = byName('other');
    expect(other.evidence).toMatchObject({ matchMethod: 'name' });
    expect(other.evidence!.matchedReferenceId).toBeUndefined();
    expect(other.confidenceScore).toBeLessThan(0.7);
    expect(out.matched).toBe(2);
  }, 120_000);
});
