import { expect, test } from '@playwright/test';
import { signIn, uniqueEmail, FROM_SITE } from './support/session';

test('a regular user is refused everywhere admin', async ({ page }) => {
  await signIn(page, uniqueEmail('regular'));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not authorized' })).toBeVisible();
  await expect(page.getByText('You need administrator access to view this page.')).toBeVisible();
  for (const path of ['metrics', 'users', 'system', 'financial', 'user-management', 'ai-insights', 'financial-stats']) {
    expect((await page.request.get(`/api/admin/${path}`)).status()).toBe(403);
  }
  await page.goto('/account');
  await expect(page.getByRole('tab', { name: 'Admin Dashboard' })).toHaveCount(0);
});

// Exact platform-wide figures: tagged @alone, so it runs after every other journey, with the server to itself.
test('the admin sees figures move when a user signs up, scans and upgrades, and edits a discount', { tag: '@alone' }, async ({ browser, page }) => {
  await signIn(page, 'admin@vigil.test');
  const before = await (await page.request.get('/api/admin/metrics')).json();
  const systemBefore = await (await page.request.get('/api/admin/system')).json();

  // Another creator signs up and upgrades to Pro in their own browser.
  const other = await browser.newContext();
  const creator = await other.newPage();
  const email = uniqueEmail('payer');
  await signIn(creator, email);
  await creator.goto('/account?tab=billing');
  await creator.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await creator.getByRole('button', { name: 'Confirm Pro' }).click();
  await expect(creator.getByText('Plan Upgraded', { exact: true })).toBeVisible();
  const scan = await creator.request.post('/api/search', { headers: FROM_SITE, multipart: { query: 'Luna Vale', searchEngines: '["google"]' } });
  expect(scan.status()).toBe(201);
  const { id } = await scan.json();
  await expect.poll(async () => (await (await creator.request.get(`/api/search/${id}`)).json()).status, { timeout: 60_000 }).toBe('completed');
  await other.close();

  const systemAfter = await (await page.request.get('/api/admin/system')).json();
  expect(systemAfter.totalSearches).toBe(systemBefore.totalSearches + 1);
  expect(systemAfter.totalViolations).toBeGreaterThanOrEqual(systemBefore.totalViolations);
  // Response time and uptime come from the request metrics the handlers published (the EMF log locally,
  // CloudWatch on AWS), not from a table item: every request of this test is in them.
  expect(systemAfter.averageResponseTime).toBeGreaterThan(0);
  expect(systemAfter.systemUptime).toBeGreaterThan(0);

  const after = await (await page.request.get('/api/admin/metrics')).json();
  expect(after.totalUsers).toBe(before.totalUsers + 1);
  expect(after.activeSubscriptions).toBe(before.activeSubscriptions + 1);
  expect(after.totalRevenue).toBe(before.totalRevenue + 100);
  expect(after.monthlyRecurringRevenue).toBe(before.monthlyRecurringRevenue + 100);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  await expect(page.getByText(/^[1-9]\d*ms$/)).toBeVisible(); // Avg Response, a real figure
  await page.getByRole('tab', { name: 'User Management' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /^Edit discount for/ }).click();
  const input = row.getByRole('spinbutton');
  await input.fill('150');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid discount value', { exact: true })).toBeVisible();
  await input.fill('25');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated successfully', { exact: true })).toBeVisible();
  await expect(row).toContainText('25%');
});

test('a creator sees their risk picture, chats with the assistant, and sends a contact message', async ({ page }) => {
  await signIn(page, uniqueEmail('insight'));

  await page.goto('/risk-dashboard');
  await expect(page.getByTestId('risk-banner')).toBeVisible();
  await page.getByRole('tab', { name: 'Threat Trends' }).click();
  await expect(page.locator('.recharts-surface').first()).toBeVisible();

  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  const chat = page.getByRole('dialog', { name: 'Vigil Assistant' });
  await expect(chat.getByRole('list', { name: 'Suggested questions' })).toBeVisible();
  await chat.getByRole('textbox', { name: 'Message' }).fill('Which file types can I upload?');
  await chat.getByRole('button', { name: 'Send message' }).click();
  await expect(chat.getByText(/help centre/i).first()).toBeVisible();
  await expect(chat.getByText(/MP4/).first()).toBeVisible();
  await chat.getByRole('button', { name: 'Close chat' }).click();

  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await page.getByLabel('Name').fill('Casey');
  await page.getByLabel('Email').fill('casey@example.org');
  await page.getByLabel('Message').fill('How do I add a second creator name?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('');
});
