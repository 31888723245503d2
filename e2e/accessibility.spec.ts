import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { seriousFindings } from './support/axe';
import { demoPhoto } from './support/photos';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

/*
 * axe on every route, signed out and signed in (creator and administrator): zero serious or critical
 * findings. One page per role visits the routes in turn (tabs included), and all findings are collected
 * before the one assertion, so a failure lists every page at once.
 */

const SIGNED_OUT = ['/', '/pricing', '/test-signup', '/no-such-page'];

const SIGNED_IN = [
  '/',
  '/search',
  '/review',
  '/review?view=list',
  '/cases',
  '/dmca/new',
  '/monitoring',
  '/settings',
  '/account',
  '/help',
  '/competitive',
  '/risk-dashboard',
  '/contact',
  '/pricing',
  '/test-signup',
  '/no-such-page',
];

const ADMIN = ['/admin', '/account?tab=admin'];

async function sweep(page: Page, routes: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Reduced motion: no animations to wait for, so axe sees the settled page.
    findings.push(...(await seriousFindings(page)).map((f) => `${route}: ${f}`));
    // Every tab of the page's first tab list, in turn.
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      const tab = tabs.nth(i);
      const name = (await tab.innerText()).trim();
      await tab.click();
      await page.waitForLoadState('networkidle');
      findings.push(...(await seriousFindings(page)).map((f) => `${route} [${name}]: ${f}`));
    }
  }
  return findings;
}

test.use({ reducedMotion: 'reduce' });
// Many pages and tabs per role (about 2 s of axe each): one browser page per role keeps the sweep to a few minutes.
test.setTimeout(300_000);

test('every signed-out route has no serious or critical axe finding', async ({ page }) => {
  expect(await sweep(page, SIGNED_OUT)).toEqual([]);
});

test('every signed-in route has no serious or critical axe finding', async ({ page }) => {
  await signIn(page, uniqueEmail('axe'));
  expect(await sweep(page, SIGNED_IN)).toEqual([]);
});

/**
 * The screens that only show their parts with data: a scan with results (the filled review queue with its evidence
 * panel, the key list and the allowlist confirmation, a filled results list), a monitor and a case. Seeded through
 * the API against the sandbox web, as the other journeys do.
 */
test('the screens with data (queue, results list, monitor, case) have no serious or critical axe finding', async ({ page }) => {
  await signIn(page, uniqueEmail('axe-data'));
  const photo = { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(page.request, 1) };
  // With a second file too plain to fingerprint, so the scan card names it (and axe sees that note).
  const scan = new FormData();
  for (const [name, value] of Object.entries({ userId: 'me', query: 'Luna Vale', contentType: 'images,videos', searchEngines: '["google"]' })) scan.append(name, value);
  scan.append('referenceFiles', new File([new Uint8Array(photo.buffer)], photo.name, { type: photo.mimeType }));
  const plain = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#7a8a9a' } }).png().toBuffer();
  scan.append('referenceFiles', new File([new Uint8Array(plain)], 'plain-wall.png', { type: 'image/png' }));
  const started = await page.request.post('/api/search', { headers: FROM_SITE, multipart: scan });
  expect(started.status()).toBe(201);
  const scanId = ((await started.json()) as { id: string }).id;
  await expect.poll(async () => (await (await page.request.get(`/api/search/${scanId}`)).json()).status, { timeout: 60_000 }).toBe('completed');

  const [first]: { id: string; url: string }[] = await (await page.request.get('/api/user/me/results?limit=500')).json();
  expect((await page.request.put('/api/search-results/review', { headers: FROM_SITE, data: { ids: [first!.id], status: 'unauthorized' } })).status()).toBe(200);
  const kase = await page.request.post('/api/dmca', {
    headers: FROM_SITE,
    data: { searchResultId: first!.id, infringingUrl: first!.url.split(',')[0]!.trim(), description: 'My photo set, posted without permission.', searchEngine: 'google' },
  });
  expect(kase.status(), await kase.text()).toBe(201);
  const caseId = ((await kase.json()) as { id: string }).id;
  const monitor = await page.request.post('/api/monitors', {
    headers: FROM_SITE,
    multipart: { userId: 'me', query: 'Luna Vale', contentType: 'images,videos', searchEngines: '["google"]', cadence: 'weekly', alerts: 'off', referenceFiles: photo },
  });
  expect(monitor.status(), await monitor.text()).toBe(201);
  const monitorId = ((await monitor.json()) as { id: string }).id;
  // The e2e server runs every cadence every 20 s: a monitor left running would scan (and find the other journeys'
  // leaks) during every later test, moving the admin's figures and the monitor journey's alerts. Paused now,
  // deleted at the end.
  expect((await page.request.put(`/api/monitors/${monitorId}`, { headers: FROM_SITE, data: { paused: true } })).status()).toBe(200);

  let findings: string[];
  try {
    findings = await sweep(page, ['/review', '/review?view=list', `/search?id=${scanId}`, '/cases', `/dmca/${caseId}`, '/monitoring', `/monitoring/${monitorId}`]);
  } finally {
    expect((await page.request.delete(`/api/monitors/${monitorId}`, { headers: FROM_SITE })).status()).toBe(204);
  }
  await page.goto(`/search?id=${scanId}`);
  await expect(page.getByRole('note', { name: 'One file is not used to recognise copies' })).toContainText('plain-wall.png: too little detail to fingerprint');
  // The queue's key list and its allowlist confirmation, opened as a creator would.
  await page.goto('/review?undecided=1');
  await expect(page.getByTestId('queue-position')).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  findings.push(...(await seriousFindings(page)).map((f) => `/review [keys]: ${f}`));
  await page.keyboard.press('a');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  findings.push(...(await seriousFindings(page)).map((f) => `/review [allowlist confirmation]: ${f}`));
  expect(findings).toEqual([]);
});

test('every admin screen has no serious or critical axe finding', async ({ page }) => {
  await signIn(page, 'admin@vigil.test');
  expect(await sweep(page, ADMIN)).toEqual([]);
});
