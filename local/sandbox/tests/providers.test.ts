import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PutObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import sharp from 'sharp';
import { safeFetch } from '../../../functions/adapters/fetch/safe-fetch';
import { providerFor, type Candidate, type Engine, type SearchKind } from '../../../functions/adapters/providers';
import { LOCAL_CREDENTIALS } from '../../stand-ins/credentials';
import { startS3, type RunningS3 } from '../../stand-ins/s3';
import { renderScene } from '../images';
import { startSandbox, type RunningSandbox } from './harness';

let sb: RunningSandbox;
let s3: RunningS3;
let s3Client: S3Client;
let s3Dir: string;
let referenceUrl: string;
let referenceBytes: Buffer;

const search = (engine: Engine, kind: SearchKind, input: { query?: string; imageUrl?: string }) =>
  providerFor(engine, sb.config).search({ engine, kind, ...input });

async function presign(key: string): Promise<string> {
  return getSignedUrl(s3Client, new GetObjectCommand({ Bucket: 'uploads', Key: key }), { expiresIn: 600 });
}

beforeAll(async () => {
  sb = await startSandbox({ objectStoreOrigins: () => [s3.endpoint] });
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-s3-'));
  s3 = await startS3({ directory: s3Dir, buckets: ['uploads'] });
  s3Client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  // A reference photo the sandbox has never seen: not one of the demo pictures.
  referenceBytes = await renderScene({ theme: 'portrait', seed: 4242, width: 900, height: 1200 });
  await s3Client.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'refs/ref-1.jpg', Body: referenceBytes, ContentType: 'image/jpeg' }));
  referenceUrl = await presign('refs/ref-1.jpg');
});

afterAll(async () => {
  await sb.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

afterEach(async () => {
  await sb.control('/control/faults', undefined, 'DELETE');
});

const underSites = (c: Candidate) => c.url.startsWith(`${sb.origin}/sites/`);

describe('the real adapters against the sandbox, searching the demo creator by name', () => {
  it.each<[Engine, SearchKind]>([
    ['google', 'web'],
    ['google', 'images'],
    ['google', 'videos'],
    ['bing', 'web'],
    ['bing', 'images'],
    ['duckduckgo', 'web'],
    ['brave', 'web'],
    ['brave', 'images'],
    ['brave', 'videos'],
  ])('%s %s finds reposts of Luna Vale on the simulated sites', async (engine, kind) => {
    const found = await search(engine, kind, { query: 'Luna Vale' });
    expect(found.length).toBeGreaterThan(0);
    for (const c of found) {
      expect(underSites(c)).toBe(true);
      expect(c).toMatchObject({ engine, sandbox: true });
      expect(c.domain).toMatch(/\.example$/);
    }
    const domains = new Set(found.map((c) => c.domain));
    if (kind === 'videos') expect(domains).toEqual(new Set(['tubeclips.example']));
    else expect([...domains].some((d) => ['leakforum.example', 'socialgram.example', 'filedrop.example'].includes(d))).toBe(true);
    if (kind === 'images') for (const c of found) expect(c.imageUrl).toMatch(/\/media\//);
  });

  it('gives Google every matching page and the other engines a share of them', async () => {
    const google = await search('google', 'web', { query: 'Luna Vale' });
    const ddg = await search('duckduckgo', 'web', { query: 'Luna Vale' });
    expect(google.filter((c) => c.kind === 'web').length).toBeGreaterThan(ddg.length);
    expect(google[0].title).toMatch(/Luna Vale/i);
  });

  it('finds the handle written as one word too', async () => {
    const found = await search('google', 'web', { query: 'lunavale' });
    expect(found.some((c) => c.url.includes('onlyfans-dump'))).toBe(true);
  });

  it('answers an unknown name with a few unrelated pages', async () => {
    const found = await search('google', 'web', { query: 'Jane Doe' });
    expect(found.filter((c) => c.kind === 'web').length).toBeLessThanOrEqual(2);
    for (const c of found) {
      expect(`${c.title} ${c.snippet ?? ''}`).not.toMatch(/luna vale|jane doe/i);
      expect(c.domain).toBe('gardenblog.example');
    }
  });

  it('serves every result picture and thumbnail to the safe fetcher (the sandbox origin is exempt)', async () => {
    const found = await search('google', 'images', { query: 'Luna Vale' });
    const first = found.slice(0, 4);
    for (const c of first) {
      const image = await safeFetch(c.imageUrl!, { sandboxOrigin: sb.origin, accept: ['image/*'] });
      expect(image.status).toBe(200);
      const meta = await sharp(image.body).metadata();
      expect(meta.width).toBe(c.width);
      const thumb = await safeFetch(c.thumbnailUrl!, { sandboxOrigin: sb.origin, accept: ['image/*'] });
      expect((await sharp(thumb.body).metadata()).width).toBeLessThanOrEqual(240);
    }
  });
});

describe('reverse image search plants copies of the uploaded reference', () => {
  it('Google Lens returns the copies as exact and visual matches, with unrelated look-alikes', async () => {
    const found = await search('google', 'reverse_image', { imageUrl: referenceUrl });
    const planted = found.filter((c) => /\/media\/p-[0-9a-f]{12}-/.test(c.imageUrl ?? ''));
    const transforms = planted.map((c) => /-([a-z]+)\.jpg$/.exec(c.imageUrl!)![1]).sort();
    expect(transforms).toEqual(['cropped', 'mirrored', 'recompressed', 'resized', 'screenshot', 'watermarked']);
    expect(planted.filter((c) => c.matchType === 'exact').map((c) => c.domain).sort()).toEqual(['filedrop.example', 'socialgram.example', 'tubeclips.example']);
    const unrelated = found.filter((c) => !planted.includes(c));
    expect(unrelated.length).toBeGreaterThanOrEqual(2);
    for (const c of unrelated) expect(c.matchType).toBe('visual');
  });

  it('hosts copies that really are transformed copies of the reference', async () => {
    const found = await search('google', 'reverse_image', { imageUrl: referenceUrl });
    const byTransform = Object.fromEntries(found.filter((c) => c.imageUrl?.includes('/media/p-')).map((c) => [/-([a-z]+)\.jpg$/.exec(c.imageUrl!)![1], c]));
    const fetchImage = async (c: Candidate) => (await safeFetch(c.imageUrl!, { sandboxOrigin: sb.origin, accept: ['image/*'] })).body;
    expect(await sharp(await fetchImage(byTransform.resized)).metadata()).toMatchObject({ width: 450, height: 600 });
    expect(await sharp(await fetchImage(byTransform.cropped)).metadata()).toMatchObject({ width: 810, height: 1080 });
    // The mirrored copy is the reference flipped: compare tiny greyscale versions.
    const tiny = (b: Buffer, flop = false) => sharp(b).flop(flop).resize(16, 16, { fit: 'fill' }).greyscale().raw().toBuffer();
    const [mirrored, flipped] = await Promise.all([tiny(await fetchImage(byTransform.mirrored)), tiny(referenceBytes, true)]);
    const meanDiff = mirrored.reduce((s, v, i) => s + Math.abs(v - flipped[i]), 0) / mirrored.length;
    expect(meanDiff).toBeLessThan(6);
    // The page hosting a copy shows it and says it is the sandbox.
    const page = await safeFetch(byTransform.cropped.url, { sandboxOrigin: sb.origin });
    expect(page.body.toString()).toContain('Sandbox web: simulated site');
    expect(page.body.toString()).toContain(byTransform.cropped.imageUrl);
  });

  it('Bing and TinEye find the same planted copies; a second presigned URL of the same file plants nothing new', async () => {
    const before = (await sb.control('/control/state', undefined, 'GET')).body.plantedPages;
    const otherUrl = await presign('refs/ref-1.jpg');
    const [bing, tineye] = await Promise.all([
      search('bing', 'reverse_image', { imageUrl: otherUrl }),
      search('tineye', 'reverse_image', { imageUrl: referenceUrl }),
    ]);
    expect(bing.filter((c) => c.matchType === 'exact').length).toBe(5);
    expect(bing.some((c) => c.matchType === 'visual')).toBe(true);
    expect(tineye.length).toBe(6);
    expect(tineye[0]).toMatchObject({ engine: 'tineye', provider: 'tineye', sandbox: true });
    expect(tineye[0].crawlDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await sb.control('/control/state', undefined, 'GET')).body.plantedPages).toBe(before);
  });

  it('plants a fresh reference once even when three engines ask at the same time', async () => {
    const bytes = await renderScene({ theme: 'city', seed: 5151, width: 700, height: 700 });
    await s3Client.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'refs/ref-2.jpg', Body: bytes }));
    const url = await presign('refs/ref-2.jpg');
    const before = (await sb.control('/control/state', undefined, 'GET')).body.plantedPages;
    const results = await Promise.all([
      search('google', 'reverse_image', { imageUrl: url }),
      search('bing', 'reverse_image', { imageUrl: url }),
      search('tineye', 'reverse_image', { imageUrl: url }),
    ]);
    for (const r of results) expect(r.length).toBeGreaterThan(3);
    expect((await sb.control('/control/state', undefined, 'GET')).body.plantedPages).toBe(before + 5);
  });

  it('downloads only presigned URLs of the object store and its own URLs: never another server, loopback included', async () => {
    // A server on loopback that must never be asked (the local API, a metadata stand-in, a developer's service).
    let asked = 0;
    const victim = http.createServer((_req, res) => {
      asked++;
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(referenceBytes);
    });
    await new Promise<void>((r) => victim.listen(0, '127.0.0.1', r));
    try {
      const victimUrl = `http://127.0.0.1:${(victim.address() as AddressInfo).port}/ref.jpg`;
      await expect(search('google', 'reverse_image', { imageUrl: victimUrl })).resolves.toEqual([]);
      await expect(search('tineye', 'reverse_image', { imageUrl: victimUrl })).rejects.toMatchObject({ name: 'ProviderRequestError' });
      // An unsigned URL of the object store, and a presigned URL's look on another server: refused too.
      const signedQuery = new URL(referenceUrl).search;
      await expect(search('google', 'reverse_image', { imageUrl: `${s3.endpoint}/uploads/refs/ref-1.jpg` })).resolves.toEqual([]);
      await expect(search('google', 'reverse_image', { imageUrl: `${victimUrl}${signedQuery}` })).resolves.toEqual([]);
      expect(asked).toBe(0);
      // The presigned URL itself is fetched (the earlier tests plant from it).
      expect((await search('google', 'reverse_image', { imageUrl: referenceUrl })).length).toBeGreaterThan(0);
    } finally {
      victim.close();
    }
  });

  it('answers "no results" (Lens) and an error (TinEye) when the image cannot be downloaded', async () => {
    const dead = `${s3.endpoint}/uploads/refs/missing.jpg`;
    await expect(search('google', 'reverse_image', { imageUrl: dead })).resolves.toEqual([]);
    await expect(search('tineye', 'reverse_image', { imageUrl: dead })).rejects.toMatchObject({ name: 'ProviderRequestError' });
  });
});

describe('fault injection', () => {
  it('makes one engine fail while the others answer', async () => {
    expect((await sb.control('/control/faults', { engine: 'bing', mode: 'fail' })).status).toBe(200);
    await expect(search('bing', 'web', { query: 'Luna Vale' })).rejects.toMatchObject({ name: 'ProviderUnavailableError' });
    await expect(search('google', 'web', { query: 'Luna Vale' })).resolves.not.toHaveLength(0);
  });

  it('makes an engine slow enough to time out', async () => {
    await sb.control('/control/faults', { engine: 'brave', mode: 'slow', delayMs: 1_000 });
    const p = providerFor('brave', { ...sb.config, timeoutMs: 300 });
    await expect(p.search({ engine: 'brave', kind: 'web', query: 'Luna Vale' })).rejects.toMatchObject({ name: 'ProviderTimeoutError' });
  });

  it('throttles once, and the adapter retries through it', async () => {
    await sb.control('/control/faults', { engine: 'google', mode: 'throttle', times: 1 });
    await expect(search('google', 'web', { query: 'Luna Vale' })).resolves.not.toHaveLength(0);
    expect((await sb.control('/control/faults', undefined, 'GET')).body.faults).toEqual({});
  });

  it('keeps throttling until the adapter gives up with ThrottledError', async () => {
    await sb.control('/control/faults', { engine: 'tineye', mode: 'throttle' });
    await expect(search('tineye', 'reverse_image', { imageUrl: referenceUrl })).rejects.toMatchObject({ name: 'ThrottledError' });
  });

  it('serves malformed JSON and empty answers on request', async () => {
    await sb.control('/control/faults', [
      { engine: 'duckduckgo', mode: 'malformed' },
      { engine: 'brave', mode: 'empty' },
    ]);
    await expect(search('duckduckgo', 'web', { query: 'Luna Vale' })).rejects.toMatchObject({ name: 'ProviderResponseError' });
    await expect(search('brave', 'images', { query: 'Luna Vale' })).resolves.toEqual([]);
  });

  it('refuses a fault it does not know', async () => {
    expect((await sb.control('/control/faults', { engine: 'yahoo', mode: 'fail' })).status).toBe(400);
  });

  it('takes faults from the options too', async () => {
    const other = await startSandbox({ faults: { duckduckgo: { mode: 'fail' } } });
    try {
      await expect(providerFor('duckduckgo', other.config).search({ engine: 'duckduckgo', kind: 'web', query: 'x' })).rejects.toMatchObject({ name: 'ProviderUnavailableError' });
    } finally {
      await other.close();
    }
  });
});
