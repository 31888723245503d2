import { isAbsolute, relative, resolve } from 'node:path';
import { expect, test } from '@playwright/test';

const REPO_ROOT = resolve(__dirname, '..');

// Runs in the `bundles` project only (playwright.config.ts): the server there runs every function from its bundle.
test('every handler runs from a Lambda bundle copied outside the repository', { tag: '@bundles' }, async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { status: string; handlers: string; bundleDir: string };
  expect(body).toMatchObject({ status: 'ok', handlers: 'bundles' });
  expect(isAbsolute(body.bundleDir)).toBe(true);
  expect(relative(REPO_ROOT, body.bundleDir).startsWith('..')).toBe(true);
});
