import { expect, test, type Page } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { signIn, uniqueEmail } from './support/session';

/*
 * axe on every route, signed out and signed in (creator and administrator): zero serious or critical
 * findings. One page per role visits the routes in turn (tabs included), and all findings are collected
 * before the one assertion, so a failure lists every page at once.
 */

const SIGNED_OUT = ['/', '/pricing', '/test-signup', '/no-such-page'];

const SIGNED_IN = [
  '/',
  '/search',
  '/review',
  '/review?view=list',
  '/cases',
  '/dmca/new',
  '/settings',
  '/account',
  '/help',
  '/competitive',
  '/risk-dashboard',
  '/contact',
  '/pricing',
  '/test-signup',
  '/no-such-page',
];

const ADMIN = ['/admin', '/account?tab=admin'];

async function sweep(page: Page, routes: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Reduced motion: no animations to wait for, so axe sees the settled page.
    findings.push(...(await seriousFindings(page)).map((f) => `${route}: ${f}`));
    // Every tab of the page's first tab list, in turn.
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    const count = await tabs.count();
    for (let i = 1; i < count; i++) {
      const tab = tabs.nth(i);
      const name = (await tab.innerText()).trim();
      await tab.click();
      await page.waitForLoadState('networkidle');
      findings.push(...(await seriousFindings(page)).map((f) => `${route} [${name}]: ${f}`));
    }
  }
  return findings;
}

test.use({ reducedMotion: 'reduce' });
// Many pages and tabs per role (about 2 s of axe each): one browser page per role keeps the sweep to a few minutes.
test.setTimeout(300_000);

test('every signed-out route has no serious or critical axe finding', async ({ page }) => {
  expect(await sweep(page, SIGNED_OUT)).toEqual([]);
});

test('every signed-in route has no serious or critical axe finding', async ({ page }) => {
  await signIn(page, uniqueEmail('axe'));
  expect(await sweep(page, SIGNED_IN)).toEqual([]);
});

test('every admin screen has no serious or critical axe finding', async ({ page }) => {
  await signIn(page, 'admin@vigil.test');
  expect(await sweep(page, ADMIN)).toEqual([]);
});
