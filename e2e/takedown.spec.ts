import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_OUTBOX } from '../playwright.config';
import { signIn, uniqueEmail, FROM_SITE } from './support/session';

/** Starts a scan for the demo creator through the API (the scan journey itself is covered in scan.spec.ts). */
async function scanDemoCreator(page: Page): Promise<string> {
  const photo = await (await page.request.get('/sandbox/demo/originals/1.jpg')).body();
  const started = await page.request.post('/api/search', {
    headers: FROM_SITE,
    multipart: {
      userId: 'me',
      query: 'Luna Vale',
      contentType: 'images,videos',
      searchEngines: '["google"]',
      referenceFiles: { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(started.status()).toBe(201);
  const { id } = await started.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/search/${id}`)).json()).status, { timeout: 60_000 })
    .toBe('completed');
  return id;
}

const outboxMessages = () => (existsSync(E2E_OUTBOX) ? readdirSync(E2E_OUTBOX).filter((f) => f.endsWith('.eml')) : []);

test('a creator turns a reviewed result into a case, downloads the notice, upgrades, submits it, and sees it resolved', { tag: '@mobile' }, async ({ page }, testInfo) => {
  // Search engines' portals are on the internet, which this machine cannot reach: answer them with a stub page.
  await page.context().route(/^https:\/\/(reportcontent\.google\.com|www\.microsoft\.com|duckduckgo\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>portal</title>' }),
  );
  await signIn(page, uniqueEmail('takedown'));

  // The creator's own details are kept on file (Settings) and never leave Vigil.
  await page.goto('/settings');
  await page.getByLabel('Content Creator Name').fill('Casey Creator');
  await page.getByLabel('Email', { exact: true }).fill('casey.private@example.org');
  await page.getByLabel('Address').fill('1 Hidden Lane, Privatetown');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

  await scanDemoCreator(page);

  // Review: mark a matched copy on the leak forum as unauthorized, then Send DMCA.
  await page.goto('/');
  await page.getByRole('tab', { name: /^Images/ }).click();
  const copy = page.getByRole('tabpanel').getByRole('article').filter({ hasText: 'leakforum.example' }).first();
  await copy.getByRole('button', { name: 'Mark as Unauthorized' }).click();
  await expect(page.getByText('Review Updated', { exact: true })).toBeVisible();
  const infringingUrl = (await copy.getByRole('link').first().getAttribute('href'))!;
  await copy.getByRole('button', { name: 'Send DMCA' }).click();
  await page.getByRole('link', { name: 'Open DMCA Form' }).click();

  // The DMCA page is filled from the result and, read-only, from the creator's settings.
  await expect(page.getByLabel('Infringing URLs')).toHaveValue(new RegExp(infringingUrl.replace(/[.?]/g, '\\$&')));
  await expect(page.getByLabel('Full Name')).toHaveValue('Casey Creator');
  await expect(page.getByLabel('Full Name')).not.toBeEditable();
  await page.getByLabel('Original URL').fill('https://lunavale.example/gallery/1');
  await page.getByRole('checkbox').last().check();
  await page.getByRole('button', { name: 'Create DMCA Case' }).click();
  await expect(page.getByText('DMCA Case Created', { exact: true })).toBeVisible();

  // The notice PDF: the agent's identity and the URL, never the creator's own details.
  const [download, portal] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Generate PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^dmca-.+\.pdf$/);
  await portal.waitForURL(/reportcontent\.google\.com/);
  await portal.close();
  const pdfPath = testInfo.outputPath('notice.pdf');
  await download.saveAs(pdfPath);
  const text = execFileSync('pdftotext', [pdfPath, '-']).toString().replace(/\s+/g, ' ');
  expect(text).toMatch(/penalty of perjury/i);
  expect(text).toMatch(/good faith/i);
  expect(text.replace(/\s+/g, '')).toContain(infringingUrl.replace(/\s+/g, ''));
  for (const secret of ['Casey Creator', 'casey.private@example.org', 'Hidden Lane']) expect(text).not.toContain(secret);

  // Automated submission is for paid plans: a trial creator is offered the upgrade.
  await page.getByRole('link', { name: 'Upgrade Plan' }).click();
  await page.getByRole('tab', { name: 'Billing & Plans' }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByText('Plan Upgraded', { exact: true })).toBeVisible();

  const sentBefore = outboxMessages().length;
  await page.goto('/cases');
  await page.getByRole('link', { name: /^View case / }).first().click();
  const [portal2] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Submit Automatically' }).click()]);
  await portal2.close();
  await expect(page.getByRole('button', { name: /Copy Country/i })).toBeVisible();
  await expect(page.getByText('United States').first()).toBeVisible();

  // The host's abuse desk receives a real MIME message with the notice attached.
  await expect.poll(() => outboxMessages().length, { timeout: 30_000 }).toBe(sentBefore + 1);
  const eml = readFileSync(join(E2E_OUTBOX, outboxMessages().sort().at(-1)!), 'utf8');
  expect(eml).toMatch(/^To: .*abuse@sandbox-hosting\.example/m);
  expect(eml).toMatch(/Content-Type: application\/pdf/);
  expect(eml).not.toContain('casey.private@example.org');

  // The host removes the copy; the re-check after the configured wait resolves the case.
  await page.request.post(`/sandbox/control/remove?url=${encodeURIComponent(infringingUrl)}`);
  await page.goto('/cases');
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByRole('link', { name: /^View case / }).first().waitFor();
        return page.getByText('Resolved', { exact: true }).count();
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
});
