import { expect, test } from '@playwright/test';
import { SUPPORT_EMAIL as SANDBOX_SUPPORT_EMAIL } from '../shared/help/support';
import { E2E_SUPPORT_EMAIL } from '../playwright.config';
import { PASSWORD, signIn, uniqueEmail } from './support/session';

const SIGNED_IN_ROUTES = ['/', '/search', '/cases', '/dmca/new', '/settings', '/account', '/help', '/competitive', '/risk-dashboard', '/contact', '/admin', '/pricing', '/test-signup'];
const NAV_ENTRIES = ['Dashboard', 'Search', 'Cases', 'Risk Analysis', 'Competitive Edge', 'Pricing', 'Account', 'Settings'];

test.describe('signed out', () => {
  test('shows the landing page, pricing and test-signup, and 404 for everything else', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toHaveAttribute('href', '/api/login');
    await expect(page.getByRole('link', { name: 'Pricing' }).first()).toBeVisible();

    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: 'Start with Free Trial' })).toBeVisible();

    await page.goto('/test-signup');
    await expect(page.getByRole('button', { name: /copy/i }).first()).toBeVisible();

    for (const path of ['/search', '/admin', '/no-such-page']) {
      await page.goto(path);
      await expect(page.getByText('404 Page Not Found')).toBeVisible();
    }
  });

  test('the API refuses anonymous calls and cross-site writes', async ({ request }) => {
    expect((await request.get('/api/auth/user')).status()).toBe(401);
    expect((await request.get('/api/health')).status()).toBe(200);
    const res = await request.post('/api/chatbot', { headers: { origin: 'https://evil.example' }, data: { message: 'hi' } });
    expect(res.status()).toBe(403);
  });

  test('every response carries the security headers', async ({ request }) => {
    for (const path of ['/', '/api/health', '/idp/.well-known/openid-configuration']) {
      const headers = (await request.get(path)).headers();
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });
});

test.describe('sign-in', () => {
  test('a new creator signs up, sees the whole signed-in shell, and signs out', async ({ page }) => {
    const email = uniqueEmail();
    await signIn(page, email);

    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const entry of NAV_ENTRIES) await expect(nav.getByRole('link', { name: entry, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New Scan' })).toHaveAttribute('href', '/search');

    for (const path of SIGNED_IN_ROUTES) {
      await page.goto(path);
      await expect(page.getByText('404 Page Not Found')).toHaveCount(0);
    }
    await page.goto('/definitely-not-a-route');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: /Billing/ })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole('menuitem', { name: /Log Out/ }).click();
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('a later sign-in needs the same password; a short one is refused at sign-up; Sign out of all devices ends every session', async ({ page, browser }) => {
    const email = uniqueEmail();
    await page.goto('/api/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');

    await signIn(page, email, PASSWORD);

    await page.goto('/api/logout');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/');
    await page.goto('/api/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.');

    // Signed in here again, and on a second device (its own browser context, its own cookies) as the same creator,
    // which ends every session with Account's "Sign out of all devices": its own and this one's.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(async () => (await page.request.get('/api/auth/user')).status()).toBe(200);
    const other = await browser.newContext();
    const phone = await other.newPage();
    await signIn(phone, email, PASSWORD);
    expect((await page.request.get('/api/auth/user')).status()).toBe(200);
    await phone.goto('/account');
    await phone.getByRole('button', { name: 'Sign out of all devices' }).click();
    await expect(phone.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.reload();
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
    await other.close();
  });

  test('Help and Contact show the support inbox the server is configured with (SUPPORT_EMAIL), never a built-in one', async ({ page }) => {
    await signIn(page, uniqueEmail());
    expect(await (await page.request.get('/api/site-config')).json()).toEqual({ supportEmail: E2E_SUPPORT_EMAIL });

    await page.goto('/contact');
    await expect(page.getByTestId('support-email')).toHaveText(E2E_SUPPORT_EMAIL);
    await expect(page.getByTestId('support-email')).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);

    await page.goto('/help');
    await expect(page.getByRole('link', { name: 'Email Support' })).toHaveAttribute('href', `mailto:${E2E_SUPPORT_EMAIL}`);
    await expect(page.getByTestId('support-email')).toHaveText(E2E_SUPPORT_EMAIL);
    await page.getByText('How do I contact support?').click();
    await expect(page.getByText(`write to ${E2E_SUPPORT_EMAIL}`).first()).toBeVisible();
    await expect(page.getByText(SANDBOX_SUPPORT_EMAIL)).toHaveCount(0);
  });

  test('an administrator sees the Admin entry', async ({ page }) => {
    await signIn(page, 'admin@vigil.test');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  });

  test('the session cookie is not readable by page scripts', async ({ page }) => {
    await signIn(page, uniqueEmail());
    expect(await page.evaluate(() => document.cookie)).toBe('');
  });
});
