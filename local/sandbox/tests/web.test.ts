import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { safeFetch } from '../../../functions/adapters/fetch/safe-fetch';
import { providerFor } from '../../../functions/adapters/providers';
import { createSandbox } from '..';
import { findFfmpeg } from '../ffmpeg';
import { renderScene } from '../images';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { LOCAL_CREDENTIALS } from '../../stand-ins/credentials';
import { startS3, type RunningS3 } from '../../stand-ins/s3';
import { startSandbox, type RunningSandbox } from './harness';

let sb: RunningSandbox;
let s3: RunningS3;
let s3Dir: string;
let s3Client: S3Client;
let refUrl: string;
/** The sandbox's clock: it stands still unless a test moves it (a notice's removal is due by it, not by a timer). */
let clockMs = Date.now();

beforeAll(async () => {
  // References reach the sandbox as presigned URLs of the S3 stand-in, as in the runtime (the only URLs it fetches).
  s3Dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-web-s3-'));
  s3 = await startS3({ directory: s3Dir, buckets: ['uploads'] });
  s3Client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: LOCAL_CREDENTIALS });
  sb = await startSandbox({ now: () => new Date(clockMs), objectStoreOrigins: () => [s3.endpoint] });
  refUrl = await upload('ref.jpg', await renderScene({ theme: 'garden', seed: 777, width: 640, height: 480 }), 'image/jpeg');
});

afterAll(async () => {
  await sb.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** Stores a reference in the S3 stand-in and returns a presigned GET URL of it. */
async function upload(key: string, body: Buffer, contentType: string): Promise<string> {
  await s3Client.send(new PutObjectCommand({ Bucket: 'uploads', Key: key, Body: body, ContentType: contentType }));
  return getSignedUrl(s3Client, new GetObjectCommand({ Bucket: 'uploads', Key: key }), { expiresIn: 600 });
}

// A clip is made with ffmpeg on its first request, which takes seconds on a busy machine: the fetch's time cap is
// left to jest's timeout.
const get = (url: string) => safeFetch(url, { sandboxOrigin: sb.origin, timeoutMs: 60_000 });

/** Walks RDAP entities recursively for the abuse role's email (as reference/takedown-channels.md describes). */
interface RdapEntity {
  roles?: string[];
  vcardArray?: [string, unknown[][]];
  entities?: RdapEntity[];
}
function abuseEmail(entities: RdapEntity[] | undefined): string | undefined {
  for (const e of entities ?? []) {
    if (e.roles?.includes('abuse')) {
      const email = e.vcardArray?.[1]?.find((f) => f[0] === 'email');
      if (email) return String(email[3]);
    }
    const nested = abuseEmail(e.entities);
    if (nested) return nested;
  }
  return undefined;
}

describe('simulated sites', () => {
  it('serves the home page and every site index, each saying it is the sandbox', async () => {
    const home = await get(`${sb.origin}/`);
    expect(home.body.toString()).toContain('Sandbox web: simulated site');
    for (const domain of ['leakforum.example', 'tubeclips.example', 'filedrop.example', 'socialgram.example', 'gardenblog.example', 'lunavale.example']) {
      const index = await get(`${sb.origin}/sites/${domain}/`);
      expect(index.status).toBe(200);
      expect(index.body.toString()).toContain('Sandbox web: simulated site');
      expect(index.body.toString()).toContain(`${sb.origin}/sites/${domain}/`);
    }
  });

  it('serves pages that show the creator name and embed their pictures', async () => {
    const page = await get(`${sb.origin}/sites/leakforum.example/threads/1042-luna-vale-leaked-set`);
    const html = page.body.toString();
    expect(html).toContain('Luna Vale');
    const images = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    expect(images).toHaveLength(3);
    for (const src of images) expect((await safeFetch(src, { sandboxOrigin: sb.origin, accept: ['image/jpeg'] })).status).toBe(200);
  });

  it('serves the demo originals for uploading as references', async () => {
    const res = await get(`${sb.origin}/demo/originals/2.jpg`);
    expect(await sharp(res.body).metadata()).toMatchObject({ width: 800, height: 1000, format: 'jpeg' });
    expect((await get(`${sb.origin}/demo/originals/9.jpg`)).status).toBe(404);
  });

  it('answers 404 for unknown sites, pages and pictures', async () => {
    expect((await get(`${sb.origin}/sites/nowhere.example/`)).status).toBe(404);
    expect((await get(`${sb.origin}/sites/leakforum.example/threads/none`)).status).toBe(404);
    expect((await get(`${sb.origin}/sites/leakforum.example/media/none.jpg`)).status).toBe(404);
    expect((await get(`${sb.origin}/no/such/thing`)).status).toBe(404);
  });

  it('works when the mount strips its prefix from the request URL', async () => {
    const sandbox = createSandbox({ origin: 'http://127.0.0.1:1/sandbox', ffmpegPath: null });
    const server = http.createServer((req, res) => {
      req.url = req.url!.replace(/^\/sandbox/, '') || '/';
      sandbox(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/rdap/domain/tubeclips.example`);
      expect(res.status).toBe(200);
    } finally {
      server.close();
    }
  });

  (findFfmpeg() ? it : it.skip)('serves the tube site clip as MP4 (with ffmpeg)', async () => {
    const res = await get(`${sb.origin}/sites/tubeclips.example/media/lv-7731.mp4`);
    expect(res.contentType).toBe('video/mp4');
    expect(res.body.subarray(4, 8).toString()).toBe('ftyp');
  });
});

describe('likeness (issue 24)', () => {
  it("answers a reverse image search for one of the creator's face photos with a new picture of her among strangers, not for other pictures", async () => {
    const photo = (await get(`${sb.origin}/demo/faces/1.jpg`)).body;
    expect((await sharp(photo).metadata()).format).toBe('jpeg');
    expect((await fetch(`${sb.origin}/demo/faces/4.jpg`)).status).toBe(404);
    // The same pixels saved again (a JPEG comment, as the browser journeys make a photo their own) count too.
    const comment = Buffer.from('a journey of its own', 'latin1');
    const resaved = Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, comment.length + 2]), comment, photo.subarray(2)]);
    const found = await providerFor('tineye', sb.config).search({ engine: 'tineye', kind: 'reverse_image', imageUrl: await upload('me.jpg', resaved, 'image/jpeg') });
    const party = found.filter((c) => /\/sites\/socialgram\.example\/nightout\.snaps\/p\/[0-9a-f]{12}$/.test(c.url));
    expect(party.length).toBeGreaterThan(0);
    const html = (await get(party[0]!.url)).body.toString();
    const pictures = [...html.matchAll(/<img[^>]* src="([^"]+party-\d\.jpg)"/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(2);
    for (const src of pictures) expect(await sharp((await get(src)).body).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    // Any other reference gets no such page.
    const other = await providerFor('tineye', sb.config).search({ engine: 'tineye', kind: 'reverse_image', imageUrl: refUrl });
    expect(other.some((c) => c.url.includes('/nightout.snaps/'))).toBe(false);
  });
});

describe('video references', () => {
  (findFfmpeg() ? it : it.skip)('plants a re-encoded, cropped reupload of an uploaded video, with frames as pictures', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-video-'));
    const file = path.join(dir, 'ref.mp4');
    execFileSync(findFfmpeg()!, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=640x360:rate=10', '-pix_fmt', 'yuv420p', file]);
    const video = readFileSync(file);
    rmSync(dir, { recursive: true, force: true });
    {
      const url = await upload('ref.mp4', video, 'video/mp4');
      const found = await providerFor('tineye', sb.config).search({ engine: 'tineye', kind: 'reverse_image', imageUrl: url });
      const clipPage = found.find((c) => c.domain === 'tubeclips.example' && c.url.includes('/watch/p-'))!;
      const html = (await get(clipPage.url)).body.toString();
      const src = /<video[^>]* src="([^"]+)"/.exec(html)![1];
      const clip = await get(src);
      expect(clip.contentType).toBe('video/mp4');
      expect(clip.body.subarray(4, 8).toString()).toBe('ftyp');
      // Shaped like a real tube page: og:video names the file, and the file answers range requests.
      expect(html).toContain(`<meta property="og:video" content="${src}">`);
      const part = await fetch(src, { headers: { range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-99/${clip.body.length}`);
      expect((await part.arrayBuffer()).byteLength).toBe(100);
      // The nine edits of bench:video are planted too, each behind a page of its own.
      const edits = found.filter((c) => /\/(watch|v)\/p-[0-9a-f]{12}-(reencode-low|scale-360p|crop-10|mirror|letterbox|speed-1\.25|excerpt-10s|watermark|pip-half)$/.test(c.url));
      expect(new Set(edits.map((c) => c.url)).size).toBe(9);
    }
    // Transcoding on a shared, loaded machine: the nine edited copies render in the background beside this one.
  }, 120_000);
});

describe('removal', () => {
  it('makes a page and its pictures answer 410 after a control call, and back after restore', async () => {
    const page = `${sb.origin}/sites/socialgram.example/luna.vale.free/p/1`;
    const picture = `${sb.origin}/sites/socialgram.example/media/lvfree-1.jpg`;
    expect((await get(page)).status).toBe(200);
    const removed = await fetch(`${sb.origin}/control/remove?url=${encodeURIComponent(page)}`, { method: 'POST' });
    expect(await removed.json()).toEqual({ removed: ['/sites/socialgram.example/luna.vale.free/p/1', '/sites/socialgram.example/media/lvfree-1.jpg'] });
    const gone = await get(page);
    expect(gone.status).toBe(410);
    expect(gone.body.toString()).toContain('removed in response to a copyright notice');
    expect((await get(picture)).status).toBe(410);
    await sb.control('/control/restore', { url: page });
    expect((await get(picture)).status).toBe(200);
  });

  it('removes a single picture with 404 when asked', async () => {
    const picture = `${sb.origin}/sites/filedrop.example/media/preview-2.jpg`;
    await sb.control(`/control/remove?url=${encodeURIComponent(picture)}&status=404`);
    expect((await get(picture)).status).toBe(404);
    expect((await get(`${sb.origin}/sites/filedrop.example/media/preview-1.jpg`)).status).toBe(200);
  });

  it('removes a copy a while after a notice, as a host acting on it would', async () => {
    const page = `${sb.origin}/sites/tubeclips.example/watch/lv-7731`;
    const res = await sb.control('/control/notice', { url: page, delayMs: 60_000 });
    expect(res.status).toBe(202);
    expect(res.body.removeAt).toBe(new Date(clockMs + 60_000).toISOString());
    expect((await get(page)).status).toBe(200);
    clockMs += 59_999; // a millisecond before the host acts
    expect((await get(page)).status).toBe(200);
    clockMs += 1;
    expect((await get(page)).status).toBe(410);
    expect((await sb.control('/control/state', undefined, 'GET')).body.removed).toHaveProperty(['/sites/tubeclips.example/watch/lv-7731']);
  });

  it('refuses to remove what is not a simulated page', async () => {
    expect((await sb.control('/control/remove', { url: 'https://example.com/x' })).status).toBe(400);
    expect((await sb.control('/control/remove', { url: `${sb.origin}/sites/leakforum.example/threads/none` })).status).toBe(404);
  });
});

describe('RDAP', () => {
  const rdap = async (p: string) => {
    const res = await get(`${sb.origin}/rdap/${p}`);
    return { status: res.status, type: res.contentType, body: JSON.parse(res.body.toString()) };
  };

  it('gives the registrar abuse address of a simulated domain', async () => {
    const res = await rdap('domain/leakforum.example');
    expect(res).toMatchObject({ status: 200, type: 'application/rdap+json', body: { objectClassName: 'domain', ldhName: 'leakforum.example' } });
    expect(abuseEmail(res.body.entities)).toBe('abuse@offshore-names.example');
    expect(abuseEmail((await rdap('domain/TUBECLIPS.example')).body.entities)).toBe('abuse@sandbox-registrar.example');
  });

  it('has one domain with no abuse contact at all', async () => {
    const res = await rdap('domain/filedrop.example');
    expect(res.status).toBe(200);
    expect(abuseEmail(res.body.entities)).toBeUndefined();
    const dns = await (await fetch(`${sb.origin}/dns/resolve?name=filedrop.example`)).json();
    const ip = await rdap(`ip/${dns.Answer[0].data}`);
    expect(abuseEmail(ip.body.entities)).toBeUndefined();
  });

  it('gives the hosting network and its abuse desk for a site address', async () => {
    const dns = await (await fetch(`${sb.origin}/dns/resolve?name=leakforum.example`)).json();
    expect(dns).toMatchObject({ Status: 0, Answer: [{ type: 1, data: '192.0.2.10' }] });
    const res = await rdap('ip/192.0.2.10');
    expect(res.body).toMatchObject({ objectClassName: 'ip network', startAddress: '192.0.2.0', endAddress: '192.0.2.255' });
    expect(abuseEmail(res.body.entities)).toBe('abuse@sandbox-hosting.example');
  });

  it('answers RFC 9083 errors for the unknown and the malformed', async () => {
    expect(await rdap('domain/google.com')).toMatchObject({ status: 404, body: { errorCode: 404 } });
    expect(await rdap('ip/10.0.0.1')).toMatchObject({ status: 404, body: { errorCode: 404 } });
    expect(await rdap('ip/not-an-ip')).toMatchObject({ status: 400, body: { errorCode: 400 } });
  });
});

describe('persistence under dataDir', () => {
  it('keeps planted copies and removals across a restart, without fetching the reference again', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-data-'));
    try {
      const first = await startSandbox({ dataDir, warm: false, objectStoreOrigins: () => [s3.endpoint] });
      const found = await providerFor('google', first.config).search({ engine: 'google', kind: 'reverse_image', imageUrl: refUrl });
      const copy = found.find((c) => c.imageUrl?.includes('-cropped.jpg'))!;
      const removedCopy = found.find((c) => c.imageUrl?.includes('-mirrored.jpg'))!;
      await first.sandbox.remove(removedCopy.imageUrl!);
      const bytes = (await safeFetch(copy.imageUrl!, { sandboxOrigin: first.origin })).body;
      await first.close();

      // Same origin path on a new port: the links are rewritten to the new origin, as after `npm start` again.
      const second = await startSandbox({ dataDir, warm: false, objectStoreOrigins: () => [s3.endpoint] });
      const moved = (u: string) => u.replace(first.origin, second.origin);
      const again = await safeFetch(moved(copy.imageUrl!), { sandboxOrigin: second.origin });
      expect(again.status).toBe(200);
      expect(again.body.equals(bytes)).toBe(true);
      expect((await safeFetch(moved(copy.url), { sandboxOrigin: second.origin })).status).toBe(200);
      expect((await safeFetch(moved(removedCopy.imageUrl!), { sandboxOrigin: second.origin })).status).toBe(410);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
