import { expect, test, type Page } from '@playwright/test';
import { signIn, uniqueEmail } from './support/session';

/** Starts a scan through the API as the signed-in page (same session cookie) and waits for it to finish. */
async function scanToEnd(page: Page, origin: string): Promise<void> {
  const res = await page.request.post('/api/search', { headers: { origin }, multipart: { query: 'Luna Vale', searchEngines: '["google"]' } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/search/${id}`)).json()) as { status: string }).status, { timeout: 60_000 })
    .not.toMatch(/^(pending|running)$/);
}

test("a trial creator's 4th scan of the month gets the upgrade prompt, and the Usage tab shows the counts", async ({ page, baseURL }) => {
  await signIn(page, uniqueEmail('plans'));
  const origin = new URL(baseURL!).origin;
  for (let i = 0; i < 3; i++) await scanToEnd(page, origin);

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

  // Upgrading (demo billing applies it at once) lifts the limit: the next scan starts.
  await page.goto('/account?tab=billing');
  await page.getByRole('button', { name: 'Upgrade to Basic' }).click();
  await expect(page.getByText('Plan Upgraded', { exact: true })).toBeVisible();
  await page.goto('/account?tab=usage');
  await expect(page.getByTestId('usage-scans')).toHaveText('3 of 10 used');
});

test('the Pricing page states the enforced allowances and says demo billing', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByText('3 violations submitted per month (bulk, Google only)')).toBeVisible();
  await expect(page.getByText('50 scans per month')).toBeVisible();
  await expect(page.getByTestId('demo-billing')).toBeVisible();
});
