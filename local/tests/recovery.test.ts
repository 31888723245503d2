import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn, TestBrowser } from './support/browser';

// `kill -9` of the local runtime during a scan, then `npm start` again: the scan must not stay `running`.
const REPO_ROOT = resolve(__dirname, '..', '..');
let dataDir: string;
let child: ChildProcess | undefined;

const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** The runtime as `npm run serve` starts it, in its own process (so it can be killed outright). */
async function startRuntime(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'local/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'ERROR', NODE_OPTIONS: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; ) {
    const ok = await fetch(`http://localhost:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return proc;
    await sleep(250);
  }
  proc.kill('SIGKILL');
  throw new Error('the local runtime did not start within 90 s');
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-recovery-'));
});
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('ends a scan that was running when the runtime was killed within 60 s of the next start', async () => {
  const port = await freePort();
  child = await startRuntime(port);
  const base = `http://localhost:${port}`;
  const browser = new TestBrowser(base);
  await signIn(browser, 'killed@example.com', 'survive-a-kill-9');
  const cookie = await browser.jar.getCookieString(base);
  const form = new FormData();
  form.append('query', 'Luna Vale');
  form.append('searchEngines', JSON.stringify(['google', 'bing', 'duckduckgo']));
  form.append('contentType', 'images,videos');
  const started = await fetch(`${base}/api/search`, { method: 'POST', body: form, headers: { cookie, origin: base } });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: string };

  // kill -9: no clean-up runs; the execution was RUNNING on disk.
  child.kill('SIGKILL');
  await new Promise((ok) => child!.once('exit', ok));
  const search = async () => (await (await fetch(`${base}/api/search/${id}`, { headers: { cookie } })).json()) as {
    status: string;
    metadata?: { error?: string };
  };

  child = await startRuntime(port);
  const restartedAt = Date.now();
  let current = await search();
  while ((current.status === 'running' || current.status === 'pending') && Date.now() - restartedAt < 60_000) {
    await sleep(500);
    current = await search();
  }
  expect(['failed', 'completed', 'partial']).toContain(current.status);
  if (current.status === 'failed') expect(current.metadata?.error).toMatch(/stopped unexpectedly/);
}, 240_000);
