import { expect, test, type Page } from '@playwright/test';
import { demoPhoto } from './support/photos';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

/**
 * Starts a scan through the API as the signed-in page (same session cookie) and waits for it to finish; with
 * `photo`, the sandbox's demo original goes along as a reference file, so copies are matched by picture.
 */
async function scanToEnd(page: Page, origin: string, photo?: Buffer): Promise<void> {
  const multipart = { query: 'Luna Vale', searchEngines: '["google"]', ...(photo ? { referenceFiles: { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo } } : {}) };
  const res = await page.request.post('/api/search', { headers: { origin }, multipart });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/search/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .not.toMatch(/^(pending|running)$/);
}

interface Result {
  id: string;
  url: string;
  priority: string;
  confidenceScore: number;
  evidence?: { matchMethod?: string };
}

test("a trial creator's 4th scan (search page and a monitor's Run now) and 4th violation submitted of the month get the upgrade prompt with the figures, and the Usage tab shows the counts", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signIn(page, uniqueEmail('plans'));
  const origin = new URL(baseURL!).origin;
  const photo = await demoPhoto(page.request, 1);
  for (let i = 0; i < 3; i++) await scanToEnd(page, origin, i === 0 ? photo : undefined);

  // The fourth, from the Search page: 402 PLAN_LIMIT becomes the upgrade prompt with the figures.
  await page.goto('/search');
  await page.getByRole('textbox', { name: 'Creator name' }).fill('Luna Vale');
  await page.getByRole('button', { name: 'Start Search' }).click();
  await expect(page.getByText('Plan limit reached', { exact: true })).toBeVisible();
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications.getByText(/includes 3 scans a month and you have used 3.*\(3 of 3 used, resets /)).toBeVisible();
  await notifications.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/account\?tab=billing/);
  await expect(page.getByTestId('demo-billing')).toContainText('Demo billing');
  await expect(page.getByTestId('account-plan-trial')).toContainText('3 scans per month');
  await expect(page.getByTestId('account-plan-basic')).toContainText('10 automated takedowns per month');

  // The Usage tab: the counted scans against the limit, submissions, and the reset date (1st of next month, UTC).
  await page.goto('/account?tab=usage');
  await expect(page.getByTestId('usage-scans')).toHaveText('3 of 3 used');
  await expect(page.getByTestId('usage-submissions')).toHaveText('0 of 3 used');
  const now = new Date();
  const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByTestId('usage-resets')).toHaveText(reset);
  await expect(page.getByText("You have used this month's scans.")).toBeVisible();

  // A monitor's "Run now" takes a scan from the same allowance: the same upgrade prompt, not a plain failure toast.
  const monitor = await page.request.post('/api/monitors', {
    headers: FROM_SITE,
    multipart: { userId: 'me', query: 'Luna Vale', searchEngines: '["google"]', cadence: 'weekly', alerts: 'off' },
  });
  expect(monitor.status(), await monitor.text()).toBe(201);
  const monitorId = ((await monitor.json()) as { id: string }).id;
  await page.goto('/monitoring');
  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(notifications.getByText('Plan limit reached', { exact: true })).toBeVisible();
  await expect(notifications.getByText(/3 scans a month and you have used 3.*\(3 of 3 used, resets /)).toBeVisible();
  await expect(notifications.getByText('Run started failed', { exact: true })).toHaveCount(0);
  // The e2e server runs every cadence every 20 s (scheduled runs are outside the scan allowance): a monitor left
  // behind would keep scanning through the later journeys.
  expect((await page.request.delete(`/api/monitors/${monitorId}`, { headers: FROM_SITE })).status()).toBe(204);

  // Violations: four copies matched by picture, marked unauthorized; three go out in one bulk request (the trial's
  // 3 a month), then the 4th, sent from the bulk card, gets 402 PLAN_LIMIT and the upgrade prompt with the figures.
  const results: Result[] = await (await page.request.get('/api/user/me/results?limit=500')).json();
  const four = results.filter((r) => r.priority === 'high' && r.confidenceScore >= 0.8 && r.evidence?.matchMethod !== 'name').slice(0, 4);
  expect(four).toHaveLength(4);
  expect((await page.request.put('/api/search-results/review', { headers: FROM_SITE, data: { ids: four.map((r) => r.id), status: 'unauthorized' } })).status()).toBe(200);
  const three = await page.request.post('/api/dmca/bulk-submit', {
    headers: { ...FROM_SITE, 'idempotency-key': crypto.randomUUID() },
    data: { searchResultIds: four.slice(0, 3).map((r) => r.id), platforms: ['google'] },
  });
  expect(three.status(), await three.text()).toBe(200);
  // Each item keeps its unit once its notice starts: three used, whatever the workflow has done so far.
  const usedSubmissions = async () =>
    ((await (await page.request.get('/api/user/me/usage')).json()) as { allowances: { submissions: { used: number } } }).allowances.submissions.used;
  await expect.poll(usedSubmissions, { timeout: 30_000 }).toBe(3);

  await page.goto('/');
  await page.getByRole('button', { name: 'Send Takedown Notices' }).click();
  const card = page.getByRole('region', { name: 'Bulk DMCA Automation' });
  await card.getByRole('listitem').filter({ has: page.locator(`a[href="${four[3]!.url.split(',')[0]!.trim()}"]`) }).getByRole('checkbox').click();
  await expect(card.getByText('1 selected')).toBeVisible();
  const refused = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/dmca/bulk-submit'));
  await card.getByRole('button', { name: 'Submit Automated DMCA Requests' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(402);
  expect(await answer.json()).toMatchObject({ code: 'PLAN_LIMIT', limit: 3, used: 3, resetsAt: expect.any(String) });
  await expect(notifications.getByText('Plan limit reached', { exact: true }).last()).toBeVisible();
  await expect(notifications.getByText(/3 violation submissions a month and you have used 3.*\(3 of 3 used, resets /)).toBeVisible();
  await expect(notifications.getByRole('link', { name: 'Upgrade' }).last()).toBeVisible();
  await page.goto('/account?tab=usage');
  await expect(page.getByTestId('usage-submissions')).toHaveText('3 of 3 used');

  // Upgrading (demo billing applies it at once) lifts the limit: the next scan starts.
  await page.goto('/account?tab=billing');
  await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
  await page.getByRole('button', { name: 'Confirm Basic' }).click();
  await expect(page.getByText('Plan Upgraded', { exact: true })).toBeVisible();
  await page.goto('/account?tab=usage');
  await expect(page.getByTestId('usage-scans')).toHaveText('3 of 120 used');
});

test('the Pricing page states the enforced allowances and says demo billing', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('3 violations submitted per month (bulk, Google only)')).toBeVisible();
  await expect(page.getByText('340 scans per month')).toBeVisible();
  await expect(page.getByTestId('demo-billing')).toBeVisible();
});
