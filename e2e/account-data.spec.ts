import { expect, test } from '@playwright/test';
import { outboxMailsWith } from './support/outbox';
import { signIn, uniqueEmail } from './support/session';

test('a creator downloads their data, then deletes the account through the e-mailed link and is told when it is done', async ({ page }) => {
  test.setTimeout(120_000);
  const since = Date.now();
  const email = uniqueEmail('erase');
  await signIn(page, email);
  await page.goto('/account?tab=settings');

  // Download: the export is a job; the page shows the archive's link when the export function has built it.
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Your archive of .* is ready \(\d+ records, 0 files, .*\)/ })).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the archive' }).click();
  expect((await download).suggestedFilename()).toMatch(/^vigil-export-.*\.zip$/);

  // Delete: typing DELETE enables the request; a link goes to the address; nothing is deleted yet.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const send = page.getByRole('button', { name: 'Send the confirmation e-mail' });
  await expect(send).toBeDisabled();
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a confirmation link to ${email}` })).toBeVisible();

  let link = '';
  await expect.poll(async () => {
    const [mail] = (await outboxMailsWith('/api/account/deletion?token=', since)).filter((m) => m.raw.includes(email));
    link = mail ? /https?:\/\/\S+\/api\/account\/deletion\?token=\S+/.exec(mail.text)![0] : '';
    return link;
  }, { timeout: 15_000 }).not.toBe('');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Delete your Vigil account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is being deleted' })).toBeVisible();
  await expect.poll(async () => (await outboxMailsWith('Your Vigil account and everything stored with it are deleted', since)).filter((m) => m.raw.includes(email)).length, { timeout: 60_000 }).toBeGreaterThan(0);

  // Signed out everywhere, and the identity is gone: the address signs up afresh with another password.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await signIn(page, email, 'a different password');
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
});
