import { expect, test } from '@playwright/test';
import { demoPhotos } from './support/scan';
import { signIn, uniqueEmail } from './support/session';

test('a creator scans by name and photos, sees planted copies ranked high, reviews them, and the stats move', { tag: '@bundles' }, async ({ page }) => {
  await signIn(page, uniqueEmail('scanner'));
  const photos = await demoPhotos(page.request);

  const start = page.getByRole('button', { name: 'Start Protection Scan' });
  await expect(start).toBeDisabled();
  await expect(page.getByText('Please enter a creator name or upload reference content')).toBeVisible();
  await page.getByRole('textbox', { name: 'Creator name' }).fill('Luna Vale');
  await page.getByLabel('Reference content').setInputFiles(photos);
  await expect(page.getByRole('button', { name: 'Remove luna-2.jpg' })).toBeVisible();
  await start.click();

  // The progress card shows the scan and the workflow's real progress, then the dashboard moves to review.
  await expect(page.getByRole('region', { name: 'Scan status' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Review results' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/Sandbox results/i).first()).toBeVisible();

  await page.getByRole('tab', { name: /^Images/ }).click();
  const panel = page.getByRole('tabpanel');
  const first = panel.getByRole('article').first();
  await expect(first.getByText(/^(9\d|8\d|100)%/).first()).toBeVisible();

  const pendingBefore = Number(await page.getByTestId('stat-pendingReview').innerText().then((t) => t.match(/\d+/)![0]));
  await first.getByRole('button', { name: 'Mark as Unauthorized' }).click();
  await expect(page.getByText('Review Updated', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Mark as Unauthorized' })).toHaveCount(0);
  await expect(first.getByRole('button', { name: 'Send DMCA' })).toBeVisible();
  await expect(page.getByTestId('stat-activeViolations')).toContainText('1');
  await expect(page.getByTestId('stat-pendingReview')).toContainText(String(pendingBefore - 1));
});

test('the allowlist adds and removes a domain', { tag: '@bundles' }, async ({ page }) => {
  await signIn(page, uniqueEmail('allow'));
  await page.goto('/settings?tab=allowlist');
  await page.getByRole('tab', { name: 'Domain Allowlist' }).click();
  await page.getByRole('textbox', { name: 'Domain', exact: true }).fill('https://www.LunaVale.example/about');
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: /owned property/i }).click();
  await page.getByRole('button', { name: 'Add Domain' }).click();
  await expect(page.getByText('Domain Added', { exact: true })).toBeVisible();
  const list = page.getByRole('list', { name: 'Allowlist entries' });
  await expect(list.getByText('lunavale.example')).toBeVisible();
  await page.getByRole('button', { name: 'Remove lunavale.example' }).click();
  await expect(page.getByText('Domain Removed', { exact: true })).toBeVisible();
  await expect(list.getByText('lunavale.example')).toHaveCount(0);
});
