import { expect, test } from '@playwright/test';
import { demoPhoto } from './support/photos';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

/*
 * Issue 26, no silent failure: the forms not walked by daily-workflow.spec.ts (scan start, allowlist, contact) and
 * takedown-refusals.spec.ts (DMCA form, My sites) show the server's limits as input limits and say each 4xx on
 * screen: the reference library (upload, delete while a monitor uses the file), the monitor form choosing a
 * library file, the cases list's filters, and the administrator's Pricing Updates.
 */

test('the library, monitor, cases and pricing forms carry the server\'s limits and say its refusals', async ({ page, browser }) => {
  await signIn(page, uniqueEmail('forms'));

  // Reference library: limits on the fields; a file that is not a picture is refused by the server (415), in its words.
  await page.goto('/settings?tab=library');
  const upload = page.getByRole('form', { name: 'Add to your library' });
  await expect(upload.getByLabel('Title of the work')).toHaveAttribute('maxlength', '200');
  await expect(upload.getByLabel('First published')).toHaveAttribute('max', new Date().toISOString().slice(0, 10));
  await upload.getByLabel('File').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a picture\n'.repeat(20)) });
  await expect(upload.getByText('5 / 200')).toBeVisible();
  await upload.getByRole('button', { name: 'Add to library' }).click();
  await expect(upload.getByRole('alert')).toHaveText('"notes.jpg" is not a JPG, PNG, MP4 or MOV file.');

  // A real picture with its title and date; then a monitor chooses it from the library instead of an upload.
  await upload.getByLabel('File').setInputFiles({ name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(page.request, 2) });
  await upload.getByLabel('Title of the work').fill('Beach set, photo 2');
  await upload.getByLabel('First published').fill('2026-03-14');
  await upload.getByRole('button', { name: 'Add to library' }).click();
  const files = page.getByRole('list', { name: 'Reference files' });
  await expect(files).toContainText('Beach set, photo 2');
  await expect(files).toContainText('first published 2026-03-14');

  await page.goto('/monitoring');
  await page.getByRole('checkbox', { name: /Beach set, photo 2/ }).check();
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();

  // In use by the monitor: the deletion is refused (409), said on the file's row.
  await page.goto('/settings?tab=library');
  await expect(files).toContainText('Used by beach.jpg');
  await page.getByRole('button', { name: 'Delete Beach set, photo 2' }).click();
  await page.getByRole('alertdialog', { name: 'Delete "Beach set, photo 2"?' }).getByRole('button', { name: 'Delete file' }).click();
  await expect(files.getByRole('alert')).toHaveText('"Beach set, photo 2" is used by the monitor "beach.jpg": delete that monitor first, or keep the file.');
  // Done with the monitor: it would otherwise run every 20 s for the rest of the suite.
  const [beach] = (await (await page.request.get('/api/user/me/monitors')).json()) as { id: string }[];
  expect((await page.request.delete(`/api/monitors/${beach!.id}`, { headers: FROM_SITE })).status()).toBe(204);

  // Cases list: the search box has the server's limit; a date range the server refuses is said, not an empty list.
  await page.goto('/cases');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('maxlength', '500');
  await page.goto('/cases?from=2026-11-10&to=2026-11-01');
  await expect(page.getByRole('alert')).toHaveText('from must be on or before to.');

  // Pricing Updates (administrator): the inputs carry the server's bounds; prices that do not rise are refused (400), in its words.
  const admin = await browser.newPage();
  await signIn(admin, 'admin@vigil.test');
  await admin.goto('/admin?tab=settings');
  await admin.getByRole('button', { name: 'Configure Pricing Updates' }).click();
  const prices = admin.getByRole('form', { name: 'Plan prices' });
  await expect(prices.getByLabel('Basic ($/month)')).toHaveAttribute('max', '10000');
  await prices.getByLabel('Basic ($/month)').fill('500');
  await prices.getByRole('button', { name: 'Save prices' }).click();
  await expect(prices.getByRole('alert')).toHaveText('Each plan must cost more than the one below it (basic < pro < enterprise).');
  await admin.close();
});

/*
 * Issue 27: a scan is deleted from the search page after a confirmation; the server's refusals are said in its
 * words (a result with a case, a monitor's run; a scan still running is refused the same way, tested on the route
 * in functions/http/account/tests/account-data.test.ts), and nothing is deleted then. A monitor is deleted from its
 * page after a confirmation too, and its runs can be deleted then.
 */
test('a scan is deleted after a confirmation, and the refusals are said in words', async ({ page }) => {
  await signIn(page, uniqueEmail('tidy'));
  const scan = async (query: string) => {
    const res = await page.request.post('/api/search', { headers: FROM_SITE, multipart: { query, searchEngines: '["google"]' } });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const finished = (id: string) =>
    expect.poll(async () => (await (await page.request.get(`/api/search/${id}`)).json()).status, { timeout: 60_000, intervals: [500] }).toMatch(/completed|partial|failed/);
  // Two scans of the trial's three, one at a time (the trial runs one scan at once); the monitor's first run takes
  // the third.
  const withCase = await scan('Luna Vale');
  await finished(withCase);
  const spare = await scan('Luna Vale');
  await finished(spare);
  await page.goto('/monitoring');
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();
  const monitorId = (await (await page.request.get('/api/user/me/monitors')).json())[0].id as string;

  // A case on one result keeps the scan: refused (409), said under the button, and the results are still there.
  const [result] = (await (await page.request.get(`/api/search/${withCase}/results`)).json()) as { id: string; url: string }[];
  expect((await page.request.put(`/api/search-results/${result!.id}/review`, { headers: FROM_SITE, data: { status: 'unauthorized' } })).ok()).toBe(true);
  const created = await page.request.post('/api/dmca', { headers: FROM_SITE, data: { searchResultId: result!.id, infringingUrl: result!.url, description: 'My photo set', searchEngine: 'google' } });
  expect(created.status()).toBe(201);
  await page.goto(`/search?id=${withCase}`);
  await page.getByRole('button', { name: 'Delete this scan' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this scan?' });
  await expect(confirm).toContainText('deleted for good');
  await confirm.getByRole('button', { name: 'Delete scan' }).click();
  await expect(page.getByRole('alert')).toHaveText('1 result of this scan has a case: a case keeps its result, so the scan cannot be deleted.');
  expect((await page.request.get(`/api/search/${withCase}`)).status()).toBe(200);

  // A monitor's run: refused, the monitor keeps its results.
  await expect.poll(async () => ((await (await page.request.get(`/api/monitors/${monitorId}`)).json()).runs as unknown[]).length, { timeout: 60_000, intervals: [500] }).toBeGreaterThan(0);
  const run = ((await (await page.request.get(`/api/monitors/${monitorId}`)).json()).runs as { searchId: string }[])[0]!.searchId;
  await finished(run);
  await page.goto(`/search?id=${run}`);
  await page.getByRole('button', { name: 'Delete this scan' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this scan?' }).getByRole('button', { name: 'Delete scan' }).click();
  await expect(page.getByRole('alert')).toHaveText("This scan is a monitor's run, whose results the monitor keeps: delete the monitor first.");
  // The monitor is deleted from its page after a confirmation (Cancel keeps it); then its runs are scans like any other.
  await page.goto(`/monitoring/${monitorId}`);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const deleteMonitor = page.getByRole('alertdialog', { name: 'Delete this monitor?' });
  await expect(deleteMonitor).toContainText('Its past runs with their results, your reference library and your cases stay.');
  await deleteMonitor.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.get(`/api/monitors/${monitorId}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Delete this monitor?' }).getByRole('button', { name: 'Delete monitor' }).click();
  await expect(page.getByText('Monitor deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/monitoring$/);
  expect((await page.request.get(`/api/monitors/${monitorId}`)).status()).toBe(404);
  expect((await page.request.delete(`/api/search/${run}`, { headers: FROM_SITE })).status()).toBe(204);

  // Cancel deletes nothing; confirming deletes the scan, and its address no longer finds it.
  await page.goto(`/search?id=${spare}`);
  await page.getByRole('button', { name: 'Delete this scan' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await page.request.get(`/api/search/${spare}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Delete this scan' }).click();
  await page.getByRole('button', { name: 'Delete scan' }).click();
  await expect(page.getByText('Scan deleted', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
  expect((await page.request.get(`/api/search/${spare}`)).status()).toBe(404);
  expect((await page.request.get(`/api/search/${spare}/results`)).status()).toBe(404);
});
