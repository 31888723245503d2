import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_CREDENTIALS } from './credentials';
import { startS3, type RunningS3 } from './s3';

// The loopback port of the S3 stand-in is reachable by anything on the machine, a web page's fetch included:
// it must hold to the same rules as the site's /s3 mount (local/tests/server.test.ts, "the S3 mount").
let s3: RunningS3;
let dir: string;
let client: S3Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-s3-test-'));
  s3 = await startS3({ directory: dir, buckets: ['uploads'] });
  client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: LOCAL_CREDENTIALS });
  await client.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'u1/secret.jpg', Body: 'secret', ContentType: 'image/jpeg' }));
});

afterAll(async () => {
  client.destroy();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the S3 stand-in on its own port', () => {
  it('serves requests signed with the runtime key', async () => {
    const got = await client.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'u1/secret.jpg' }));
    expect(await got.Body!.transformToString()).toBe('secret');
  });

  it('refuses unsigned reads, listings, form uploads and unsigned writes', async () => {
    expect((await fetch(`${s3.endpoint}/uploads/u1/secret.jpg`)).status).toBe(403);
    for (const path of ['/', '/uploads', '/uploads/', '/uploads?list-type=2']) {
      expect([path, (await fetch(`${s3.endpoint}${path}`)).status]).toEqual([path, 403]);
    }
    const form = new FormData();
    form.set('key', 'evil.html');
    form.set('Content-Type', 'text/html');
    form.set('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'a.html');
    expect((await fetch(`${s3.endpoint}/uploads`, { method: 'POST', body: form })).status).toBe(405);
    expect((await fetch(`${s3.endpoint}/uploads/evil.html`, { method: 'PUT', body: '<script>' })).status).toBe(403);
  });

  it('refuses a request signed with another secret', async () => {
    const stranger = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: LOCAL_CREDENTIALS.accessKeyId, secretAccessKey: 'guessed' },
      maxAttempts: 1,
    });
    await expect(stranger.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'u1/secret.jpg' }))).rejects.toThrow();
    stranger.destroy();
  });
});
