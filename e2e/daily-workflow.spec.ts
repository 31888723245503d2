import { expect, test } from '@playwright/test';
import { scanLunaVale } from './support/scan';
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

  // /search without a scan in its address shows the creator's last scan.
  const { id } = await scan.json();
  await page.goto('/search');
  await expect(page.getByText(id, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Open chat assistant' }).click();
  await page.getByRole('textbox', { name: 'Message' }).fill('How many scans do I have left?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('log', { name: 'Conversation' })).toContainText(`you have ${left} scans left this month (1 of 3 used)`);
});

test('screens say the server\'s refusal in words, and text fields show the server\'s limits', async ({ page }) => {
  await signIn(page, uniqueEmail('refused'));

  // The dashboard: a file named like a picture that is not one is refused by the server (415), in its words.
  await page.goto('/');
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.getByLabel('Reference content').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('plain text, not a picture\n'.repeat(20)) });
  await page.getByRole('button', { name: 'Start Protection Scan' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '"notes.jpg" is not a JPG, PNG, MP4 or MOV file.' })).toBeVisible();

  // Settings: the allowlist note carries the server's 500-character limit with a counter; the server's refusal of
  // a domain already listed is shown in its words.
  await page.goto('/settings?tab=allowlist');
  const notes = page.getByLabel(/^Notes/);
  await expect(notes).toHaveAttribute('maxlength', '500');
  await notes.fill('n'.repeat(600));
  await expect(page.getByText('500 / 500')).toBeVisible();
  await expect(notes).toHaveValue('n'.repeat(500));
  const addDomain = async () => {
    await page.getByLabel('Domain', { exact: true }).fill('partner-site.test');
    await page.getByLabel('Reason').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Add Domain' }).click();
  };
  await addDomain();
  await expect(page.getByText('partner-site.test is now on your allowlist.', { exact: true })).toBeVisible();
  await addDomain();
  await expect(page.getByText('This domain is already on your allowlist.', { exact: true })).toBeVisible();

  // Contact: the message's limit is the server's, counted as one types.
  await page.goto('/contact');
  await expect(page.getByLabel(/^Message/)).toHaveAttribute('maxlength', '5000');
  await page.getByLabel(/^Message/).fill('Hello');
  await expect(page.getByText('5 / 5,000')).toBeVisible();
});

test('a phone user decides 10 results in the review queue without scrolling, by tap and by swipe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page, uniqueEmail('phone'));
  await scanLunaVale(page);
  await page.goto('/review?undecided=1');
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  const position = page.getByTestId('queue-position');
  const total = Number((await position.innerText()).match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(10);

  // No keyboard hints on a touch screen; the swipe hint instead.
  await expect(page.locator('kbd').first()).toBeHidden();
  await expect(page.getByText('Swipe the result left to mark it unauthorized, right to mark it safe.')).toBeVisible();

  const bar = page.getByTestId('decision-bar');
  for (let i = 0; i < 9; i++) {
    const button = bar.getByRole('button', { name: i % 2 === 0 ? 'Unauthorized' : 'Safe' });
    await expect(button).toBeInViewport();
    await button.tap();
    await expect(position).toHaveText(`Result ${i + 2} of ${total}`);
  }
  // The tenth by a swipe to the left: unauthorized.
  const card = page.getByTestId('queue-card');
  const box = (await card.boundingBox())!;
  const y = box.y + Math.min(box.height, 300) / 2;
  await card.dispatchEvent('pointerdown', { pointerType: 'touch', clientX: box.x + box.width - 40, clientY: y, isPrimary: true });
  await card.dispatchEvent('pointerup', { pointerType: 'touch', clientX: box.x + 40, clientY: y, isPrimary: true });
  await expect(position).toHaveText(`Result 11 of ${total}`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});
