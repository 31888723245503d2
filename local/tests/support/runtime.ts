import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const REPO_ROOT = resolve(__dirname, '..', '..', '..');

/** A free loopback port. */
export const freePort = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/**
 * The runtime as `npm run serve` starts it, in its own process (so it can be killed outright), on `port` with
 * `dataDir`. Resolves once `/api/health` answers, which is after it has dealt with what the last run left running
 * (local/server.ts). `env.VIGIL_CLOCK_OFFSET_MS` sets its clock ahead (shifted-clock.ts).
 */
export async function startRuntime(port: number, dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  // shifted-clock.ts: with VIGIL_CLOCK_OFFSET_MS in `env`, the runtime's clock runs that far ahead of the system's.
  const proc = spawn(process.execPath, ['--import', 'tsx', '--import', './local/tests/support/shifted-clock.ts', 'local/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: process.env.CRASH_DEBUG ? 'WARN' : 'ERROR', NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  proc.once('exit', (code, signal) => {
    exited = true;
    if (process.env.CRASH_DEBUG) console.error('runtime exited', code, signal);
  });
  for (const deadline = Date.now() + 90_000; Date.now() < deadline && !exited; ) {
    const ok = await fetch(`http://localhost:${port}/api/health`).then((r) => r.ok, () => false);
    if (ok) return proc;
    await sleep(250);
  }
  proc.kill('SIGKILL');
  throw new Error(exited ? 'the local runtime exited while starting' : 'the local runtime did not start within 90 s');
}

/** `kill -9`: no clean-up runs. Resolves when the process is gone. */
export async function killHard(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const gone = new Promise((ok) => proc.once('exit', ok));
  proc.kill('SIGKILL');
  await gone;
}

/** Polls `read` every `everyMs` until `done` holds or `ms` pass; returns the last value read. */
export async function pollUntil<T>(read: () => Promise<T>, done: (v: T) => boolean, ms: number, everyMs = 500): Promise<T> {
  let v = await read();
  for (const deadline = Date.now() + ms; !done(v) && Date.now() < deadline; ) {
    await sleep(everyMs);
    v = await read();
  }
  return v;
}
