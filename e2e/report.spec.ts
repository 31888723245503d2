import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { scanLunaVale } from './support/scan';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

/** Issue 14: the creator's protection report of the last 30 days, downloaded from the Cases page as PDF and CSV. */

const CASES = 3;

async function saved(download: Download, testInfo: { outputPath(name: string): string }): Promise<string> {
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

test('a creator downloads the 30-day report as PDF and CSV, listing each case with its status', async ({ page }, testInfo) => {
  await signIn(page, uniqueEmail('report'));
  await scanLunaVale(page);

  // Three copies marked unauthorized and turned into cases (the journeys that do this by hand are elsewhere).
  const results: { id: string; url: string }[] = await (await page.request.get('/api/user/me/results?limit=500')).json();
  const picked = results.slice(0, CASES);
  const reviewed = await page.request.put('/api/search-results/review', { headers: FROM_SITE, data: { ids: picked.map((r) => r.id), status: 'unauthorized' } });
  expect(reviewed.status()).toBe(200);
  const cases: { id: string; caseNumber: string }[] = [];
  for (const r of picked) {
    const res = await page.request.post('/api/dmca', {
      headers: FROM_SITE,
      data: { searchResultId: r.id, infringingUrl: r.url, description: 'My photo set, posted without permission.', searchEngine: 'google' },
    });
    expect(res.status(), await res.text()).toBe(201);
    cases.push(await res.json());
  }

  await page.goto('/cases');
  await expect(page.getByRole('heading', { name: 'DMCA Cases' })).toBeVisible();

  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Report (PDF)' }).click()]);
  expect(pdfDownload.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfFile = await saved(pdfDownload, testInfo);
  expect(readFileSync(pdfFile).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdfFile, '-'], { encoding: 'utf8' });
  for (const c of cases) expect(text).toMatch(new RegExp(`Case ${c.caseNumber}\\s+·\\s+Pending`));

  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Report (CSV)' }).click()]);
  expect(csvDownload.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync(await saved(csvDownload, testInfo), 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toMatch(/^case_number,status,host,/);
  expect(lines).toHaveLength(1 + CASES); // the header and one row per case
  for (const c of cases) expect(lines.filter((l) => l.startsWith(`${c.caseNumber},pending,`))).toHaveLength(1);

  // Issue 26: the cases list's tabs, search and bulk actions, on the same cases.
  const listed = page.getByRole('link', { name: /^View case / });
  // Each tab shows how many cases it holds.
  await expect(page.getByRole('tab', { name: `Pending ${CASES}` })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sent 0' })).toBeVisible();
  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page.getByText('No case matches these filters.')).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(listed).toHaveCount(CASES);
  await page.getByRole('searchbox', { name: 'Search' }).fill(cases[1]!.caseNumber);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(listed).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`status=pending.*q=${cases[1]!.caseNumber}`));
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(listed).toHaveCount(CASES);
  // A trial sends no notice automatically: the bulk toast counts every refusal, in the server's words.
  await page.getByLabel('Select all loaded cases').check();
  await page.getByRole('button', { name: 'Send notices' }).click();
  await expect(page.getByText(`Notices sent: 0 of ${CASES}`, { exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^${CASES} not sent\\. VGL-`))).toBeVisible();
});

test("the admin's Export Report downloads the platform report; Schedule Report turns the monthly e-mail on and off", async ({ page }, testInfo) => {
  await signIn(page, 'admin@vigil.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vigil-platform-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await saved(download, testInfo);
  expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })).toMatch(/Cases opened\s+\d+/);

  // Off until scheduled; on, the button is pressed and the next send (06:00 UTC on the 1st) is stated, after a reload too.
  const schedule = page.getByRole('button', { name: 'Schedule Report' });
  const state = page.getByTestId('report-schedule');
  await expect(state).toHaveText('Monthly report e-mail: off');
  await expect(schedule).toHaveAttribute('aria-pressed', 'false');
  await schedule.click();
  await expect(page.getByText('Report scheduled', { exact: true })).toBeVisible();
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (now.getUTCDate() === 1 && now.getUTCHours() < 6 ? 0 : 1), 1));
  const nextDay = next.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await expect(state).toHaveText(`Monthly report e-mail: on, next ${nextDay} to 1 administrator`);
  await page.reload();
  await expect(state).toHaveText(`Monthly report e-mail: on, next ${nextDay} to 1 administrator`);
  await expect(schedule).toHaveAttribute('aria-pressed', 'true');
  expect(await (await page.request.get('/api/admin/report/schedule')).json()).toMatchObject({ enabled: true, recipients: ['admin@vigil.test'] });

  await schedule.click();
  await expect(page.getByText('Report schedule stopped', { exact: true })).toBeVisible();
  await expect(state).toHaveText('Monthly report e-mail: off');
  expect(await (await page.request.get('/api/admin/report/schedule')).json()).toMatchObject({ enabled: false, nextSendAt: null });
});
