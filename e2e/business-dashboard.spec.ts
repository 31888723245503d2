import { expect, test } from '@playwright/test';
import { BUSINESS_REPORTS } from '../shared/schemas/platform';
import { PASSWORD, signIn, uniqueEmail } from './support/session';

/*
 * The Business Dashboard without sample data (issue 26): every tab opens with computed figures or a "nothing yet"
 * line and none of the spec's sample values; the six reports download as PDF and CSV; maintenance mode stops a
 * new sign-up and the sign-in page says so.
 */

/** The spec's sample values: none may appear on any tab. */
const SAMPLE_VALUES = ['$52,500', '$12,500', '$25,000', '$15,000', '$630,000', '+12.5%', '+34.8%', '+127.3%', '99.9%', '245ms', '15.6%', 'Sample'];

test('the admin opens every Business Dashboard tab with no sample value, and each report downloads', async ({ page }) => {
  await signIn(page, 'admin@vigil.test');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Business Dashboard' })).toBeVisible();
  const tabs = ['Overview', 'Revenue', 'Users', 'User Management', 'AI Insights', 'System', 'Reports', 'Settings'];
  const expected: Record<string, RegExp> = {
    Overview: /Recent Activity/,
    Revenue: /Projected ARR \(MRR x 12\)/,
    Users: /Conversion Funnel/,
    'User Management': /Discount/,
    'AI Insights': /Popular Features/,
    System: /Scan Outcomes/,
    Reports: /Churn Analysis/,
    Settings: /Audit Log/,
  };
  const system = await (await page.request.get('/api/admin/system')).json();
  for (const name of tabs) {
    await page.getByRole('tab', { name, exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText(expected[name]!);
    await expect(panel.getByRole('status')).toHaveCount(0); // every card has loaded
    const text = await panel.innerText();
    for (const sample of SAMPLE_VALUES) expect(text, `${name} shows the sample value ${sample}`).not.toContain(sample);
  }
  // System figures: the same source on both tabs.
  const uptime = `${(system.systemUptime * 100).toFixed(1)}%`;
  await page.getByRole('tab', { name: 'System', exact: true }).click();
  await expect(page.getByTestId('system-uptime')).toHaveText(uptime);
  await page.getByRole('tab', { name: 'Overview', exact: true }).click();
  await expect(page.getByRole('tabpanel')).toContainText(`Uptime${uptime}`);

  await page.getByRole('tab', { name: 'Reports', exact: true }).click();
  for (const title of Object.values(BUSINESS_REPORTS)) {
    for (const format of ['PDF', 'CSV'] as const) {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: `${title} (${format})` }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^vigil-[a-z-]+-\\d{4}-\\d\\d-\\d\\d\\.${format.toLowerCase()}$`));
      expect(await download.failure()).toBeNull();
    }
  }
});

// Maintenance mode stops every sign-up on the server: tagged @alone so no other journey is signing up meanwhile.
test('maintenance mode blocks a new sign-up and the sign-in page says so', { tag: '@alone' }, async ({ browser, page }) => {
  await signIn(page, 'admin@vigil.test');
  await page.goto('/admin?tab=settings');
  await page.getByRole('button', { name: 'Configure Maintenance Mode' }).click();
  await page.getByLabel('Pause new registrations').check();
  await page.getByLabel('Message on the sign-in page').fill('Upgrading the database, back within the hour.');
  await page.getByRole('button', { name: 'Save maintenance mode' }).click();
  await expect(page.getByText('Maintenance mode is on', { exact: true })).toBeVisible();
  await expect(page.getByTestId('audit-log')).toContainText('Turned maintenance mode on');

  const visitor = await browser.newContext();
  try {
    const newcomer = await visitor.newPage();
    await newcomer.goto('/');
    await newcomer.getByRole('link', { name: /sign in/i }).first().click();
    await expect(newcomer.getByRole('status')).toContainText('New accounts are paused. Upgrading the database, back within the hour.');
    await newcomer.getByLabel('Email').fill(uniqueEmail('blocked'));
    await newcomer.getByLabel('Password').fill(PASSWORD);
    await newcomer.getByRole('button', { name: 'Sign in' }).click();
    await expect(newcomer.getByRole('alert')).toHaveText('Upgrading the database, back within the hour.');
    expect((await newcomer.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await visitor.close();
    await page.getByRole('button', { name: 'Configure Maintenance Mode' }).click();
    await page.getByLabel('Pause new registrations').uncheck();
    await page.getByRole('button', { name: 'Save maintenance mode' }).click();
    await expect(page.getByText('Maintenance mode is off', { exact: true })).toBeVisible();
  }
});
