import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Candidate } from '../../../adapters/providers';
import { getObject, putObject } from '../../../adapters/s3';
import { resetConfig } from '../../../lib/config';
import { detectFaces, LIKENESS_THRESHOLD } from '../../../matching/likeness';
import type { NewResult } from '../../../services/search/results';
import { createSearch } from '../../../services/search/searches';
import * as likenessStore from '../../../store/entities/likeness';
import { startS3, type RunningS3 } from '../../../../local/stand-ins/s3';
import { startTestDynamo } from '../../../../test/harness';
import { cutFace, demoPhoto, photosOfOnePerson, SAMPLE1_FACES } from '../../../../test/faces';
import { fingerprint } from '../fingerprint';
import { triage } from '../triage';
import type { SearchState } from '../types';
import { getWork, putWork } from '../work-store';

/*
 * Likeness in Triage (issue 24), the real task on the S3 and DynamoDB stand-ins with candidate pictures served
 * under the sandbox prefix: a new picture of the enrolled creator's face is a likeness match (with the enrolled
 * face, the found face and the distance); a copy of a reference that shows the face stays a fingerprint copy; a
 * stranger's face is no match; and a creator who did not opt in, or another creator, gets no likeness result.
 */

let dir: string;
let s3: RunningS3;
let dynamo: { close(): Promise<void> };
let server: Server;
let origin: string;
const pictures = new Map<string, Buffer>();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-likeness-'));
  s3 = await startS3({ directory: join(dir, 's3'), buckets: ['likeness-uploads'] });
  server = createServer((req, res) => {
    const body = pictures.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'image/jpeg' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox`;
  dynamo = await startTestDynamo({ S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'likeness-uploads', SANDBOX_ORIGIN: origin });
  resetConfig();
}, 60_000);

afterAll(async () => {
  await dynamo.close();
  await s3.close();
  await new Promise<void>((r) => server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

function serve(name: string, bytes: Buffer): string {
  pictures.set(`/sandbox/pics/${name}`, bytes);
  return `${origin}/pics/${name}`;
}

const candidate = (name: string, imageUrl: string): Candidate =>
  ({ url: `${origin}/pages/${name}`, imageUrl, title: `photo ${name}`, domain: 'leakforum.example', engine: 'google', provider: 'serpapi', kind: 'images', seenAt: '2026-11-24T00:00:00.000Z', sandbox: true }) as Candidate;

/** The creator enrolled with three photos of one face (as the routes store it: embeddings, confirmed). */
async function enrol(userId: string, photos: Buffer[]): Promise<string[]> {
  await likenessStore.create(userId, { at: '2026-11-24T00:00:00.000Z', textVersion: 1 });
  const faces = [];
  for (const [i, p] of photos.entries()) {
    const [face] = await detectFaces(p);
    faces.push({ id: `01JD00000000000000000000F${i}`, descriptor: face!.descriptor, crop: 'AAAA', score: face!.score, addedAt: 't', confirmed: true });
  }
  await likenessStore.replace({ userId, consent: { at: 't', textVersion: 1 }, faces, enrolledAt: 't' }, 1);
  return faces.map((f) => f.id);
}

async function scan(userId: string, reference: Buffer, candidates: Candidate[]) {
  const search = await createSearch({ userId, query: 'Luna Vale', searchEngines: ['google'], contentType: 'images' });
  await putObject('likeness-uploads', `references/${userId}/${search.id}/ref-1`, reference, 'image/jpeg');
  const state: SearchState = {
    searchId: search.id,
    userId,
    names: ['Luna Vale'],
    engines: ['google'],
    contentType: 'images',
    references: [{ id: 'ref-1', key: `references/${userId}/${search.id}/ref-1`, kind: 'image', mediaType: 'image/jpeg' }],
  };
  state.fingerprint = await fingerprint(state);
  const candidatesKey = `work/${search.id}/google`;
  await putWork(candidatesKey, candidates);
  state.engineResults = [{ engine: 'google', ok: true, result: { candidatesKey, candidates: candidates.length, failedKinds: [], sandbox: true } }];
  const out = await triage(state);
  const results = await getWork<(NewResult & { confidenceScore: number })[]>(out.triagedKey);
  return (name: string) => results.find((r) => r.url.endsWith(`/pages/${name}`))!;
}

describe('triage with likeness matching', () => {
  it("labels the creator's face in a new picture a likeness match, keeps a copy a copy, and ignores a stranger", async () => {
    const group = demoPhoto(1);
    const [face, mirrored, smaller] = await photosOfOnePerson(await cutFace(group, SAMPLE1_FACES[0]!));
    const stranger = await cutFace(group, SAMPLE1_FACES[1]!);
    // A new picture of the creator: their face placed small on a wide canvas of another scene, not a copy of the reference.
    const scene = await sharp(demoPhoto(3)).resize(900).blur(8).toBuffer();
    const newPicture = await sharp(scene).composite([{ input: await sharp(mirrored!).resize(260).toBuffer(), left: 520, top: 60 }]).jpeg({ quality: 88 }).toBuffer();
    const ids = await enrol('u-face', [face!, mirrored!, smaller!]);

    // The reference the creator uploaded is a photo of themselves; a resized repost of it is a copy.
    const copy = await sharp(face!).resize(220).jpeg({ quality: 75 }).toBuffer();
    const candidates = [candidate('new', serve('new.jpg', newPicture)), candidate('copy', serve('copy.jpg', copy)), candidate('stranger', serve('stranger.jpg', stranger))];
    const byName = await scan('u-face', face!, candidates);

    const found = byName('new');
    expect(found.evidence).toMatchObject({ matchMethod: 'likeness', likeness: { threshold: LIKENESS_THRESHOLD, box: expect.any(Object) } });
    expect(found.evidence!.matchedReferenceId).toBeUndefined();
    expect(ids).toContain(found.evidence!.likeness!.enrolledFaceId);
    expect(found.evidence!.likeness!.distance).toBeLessThanOrEqual(LIKENESS_THRESHOLD);
    // The found picture and the found face are kept as evidence (re-encoded), beside the enrolled face's id.
    expect(found.evidence!.matchedImageKey).toMatch(/^s3:|evidence\//);
    const faceKey = found.evidence!.likeness!.foundFaceKey!;
    expect(await getObject('likeness-uploads', faceKey.replace(/^s3:\/\/[^/]+\//, ''))).toBeDefined();

    expect(byName('copy').evidence).toMatchObject({ matchMethod: 'fingerprint', matchedReferenceId: 'ref-1' });
    expect(byName('copy').evidence!.likeness).toBeUndefined();
    expect(byName('stranger').evidence!.matchMethod).not.toBe('likeness');

    // Another creator who never opted in scans the same pictures: no likeness result (faces are never shared).
    const other = await scan('u-other', await sharp(demoPhoto(4)).jpeg().toBuffer(), [candidate('new', serve('new.jpg', newPicture))]);
    expect(other('new').evidence!.matchMethod).not.toBe('likeness');
    expect(other('new').evidence!.likeness).toBeUndefined();
  }, 180_000);
});
