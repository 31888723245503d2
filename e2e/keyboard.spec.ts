import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoPhotos } from './support/scan';
import { signIn, uniqueEmail } from './support/session';

/** What draws focus on a control: its outline and its box shadow (rings are box shadows), as computed now. */
const focusStyle = (target: Locator) =>
  target.evaluate((el) => {
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : 'none';
    return { outline, boxShadow: s.boxShadow };
  });

/**
 * Presses Tab until `target` has focus (at most 80 times), as a keyboard user moves through the page, and checks
 * that focus is visible: the focused control's outline or box shadow differs from its own unfocused style (buttons
 * and inputs carry a permanent `shadow-xs`, so "has a box shadow" alone would pass without a focus ring).
 */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  if (await target.evaluate((el) => el === document.activeElement)) await target.evaluate((el) => (el as HTMLElement).blur());
  const unfocused = await focusStyle(target);
  for (let i = 0; i < 80; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      // Polled: a ring that fades in (a CSS transition) reads as unfocused for its first frame. It waits for the
      // ring (within the config's expect timeout), not for a set time: a busy machine only makes it poll longer.
      await expect
        .poll(async () => {
          const focused = await focusStyle(target);
          return (focused.outline !== 'none' && focused.outline !== unfocused.outline) || focused.boxShadow !== unfocused.boxShadow;
        }, { message: `focus is visible on ${target} (its unfocused style: ${JSON.stringify(unfocused)})` })
        .toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

test('keyboard only: a creator scans, reviews in the queue and opens a case', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, uniqueEmail('keys'));
  const photos = await demoPhotos(page.request);

  // Settings: the creator's details, which a case needs.
  await page.goto('/settings');
  await tabTo(page, page.getByLabel('Content Creator Name'));
  await page.keyboard.type('Kim Keys');
  await tabTo(page, page.getByLabel('Email', { exact: true }));
  await page.keyboard.type('kim@example.org');
  await tabTo(page, page.getByLabel('Address'));
  await page.keyboard.type('2 Key Street');
  await tabTo(page, page.getByRole('button', { name: 'Save Settings' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Settings Saved', { exact: true })).toBeVisible();

  // Scan: the name, the photos (Enter opens the file chooser; the chooser itself is the system's), start.
  await page.goto('/');
  await tabTo(page, page.getByRole('textbox', { name: 'Creator name' }));
  await page.keyboard.type('Luna Vale');
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: /browse|choose|upload|reference/i }).first());
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(photos);
  await tabTo(page, page.getByRole('button', { name: 'Start Protection Scan' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review results' })).toBeVisible({ timeout: 60_000 });

  // Review in the queue: U marks the first result unauthorized; K goes back to it.
  await tabTo(page, page.getByRole('link', { name: 'Review one by one' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  await expect(page.getByTestId('queue-position')).toHaveText(/^Result 1 of/);
  await page.keyboard.press('u');
  await page.keyboard.press('k');
  await expect(page.getByTestId('queue-position')).toHaveText(/^Result 1 of/);

  // Open a case from it and create it.
  await tabTo(page, page.getByRole('link', { name: 'Open a case' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('checkbox').last());
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Create DMCA Case' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('DMCA Case Created', { exact: true })).toBeVisible();
});

test.describe('at 390 px wide', () => {
  test('the main screens fit a phone without sideways scrolling', async ({ page }) => {
    await signIn(page, uniqueEmail('phone')); // the sign-in helper checks the desktop navigation bar
    await page.setViewportSize({ width: 390, height: 844 });
    for (const route of ['/', '/review', '/review?view=list', '/cases', '/search', '/settings', '/account', '/help']) {
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${route} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
