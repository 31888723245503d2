import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startServer, type RunningServer } from '../server';
import { signIn, TestBrowser } from './support/browser';

// Data kept on disk under DATA_DIR (dynalite's LevelDB, s3rver's files) survives a stop and a start.
let dataDir: string;
let app: RunningServer | undefined;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-data-'));
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (port = 0) =>
  startServer({ port, dataDir, webDir: join(dataDir, 'no-site'), env: { LOG_LEVEL: 'SILENT' } });

const s3 = () => new S3Client({ endpoint: process.env.S3_ENDPOINT, forcePathStyle: true, region: 'us-east-1' });

describe('local data across restarts', () => {
  it('keeps accounts, users, sessions and files', async () => {
    // Run 1: sign up, store a file.
    app = await start();
    const port = app.port;
    const first = new TestBrowser(app.url);
    await signIn(first, 'keeper@example.com', 'remember-me-please', { given_name: 'Kay' });
    const user = (await first.json('/api/auth/user')).body;
    expect(user).toMatchObject({ email: 'keeper@example.com', firstName: 'Kay' });
    const client = s3();
    await client.send(new PutObjectCommand({ Bucket: 'vigil-notices', Key: `${user.id}/n.txt`, Body: 'notice' }));
    client.destroy();
    await app.close();
    app = undefined;

    // Run 2, same port and data folder, as after Ctrl-C and `npm start`.
    app = await start(port);
    expect(app.url).toBe(`http://localhost:${port}`);

    // The session made before the restart is still valid.
    expect((await first.json('/api/auth/user')).body).toEqual(user);

    // The account's password still works, a wrong one still fails, and the user is the same.
    const wrong = await signIn(new TestBrowser(app.url), 'keeper@example.com', 'not-my-password');
    expect(wrong.final.status).toBe(400);
    expect(wrong.final.body).toContain('Incorrect email or password.');
    const second = new TestBrowser(app.url);
    await signIn(second, 'keeper@example.com', 'remember-me-please');
    expect((await second.json('/api/auth/user')).body.id).toBe(user.id);

    const again = s3();
    const obj = await again.send(new GetObjectCommand({ Bucket: 'vigil-notices', Key: `${user.id}/n.txt` }));
    expect(await obj.Body!.transformToString()).toBe('notice');
    again.destroy();
  });

  it('shows a clear hint instead of the site when it has not been built', async () => {
    const res = await fetch(`${app!.url}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Run <code>npm run build:web</code>');
    // The API works regardless.
    expect((await fetch(`${app!.url}/api/health`)).status).toBe(200);
  });
});
