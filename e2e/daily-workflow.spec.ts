import { expect, test } from '@playwright/test';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

// Issue 26: the assistant that knows the account, failures said in words, the daily workflow.

test('the assistant answers "how many scans do I have left" with the creator\'s real figure', async ({ page }) => {
  await signIn(page, uniqueEmail('asker'));
  // One scan counted against the trial's monthly allowance of 3.
  const scan = await page.request.post('/api/search', { headers: FROM_SITE, multipart: { query: 'Luna Vale', searchEngines: '["google"]' } });
  expect(scan.status()).toBe(201);
  const usage = await (await page.request.get('/api/auth/user')).json();
  const figures = await (await page.request.get(`/api/user/${usage.id}/usage`)).json();
  const left = figures.allowances.scans.limit - figures.allowances.scans.used;
  expect(left).toBe(2);

  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('How many scans do I have left?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(`you have ${left} scans left this month (1 of 3 used)`);
});
