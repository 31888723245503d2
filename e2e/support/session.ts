import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A fresh e-mail per journey, so journeys never share an account (the process id tells two workers apart). */
export const uniqueEmail = (prefix = 'creator') => `${prefix}.${Date.now().toString(36)}-${process.pid.toString(36)}-${(counter++).toString(36)}@vigil.test`;

export const PASSWORD = 'correct horse battery';

/** Signs in through the site's Sign In button and the local identity provider's page (creating the account the first time). */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: /sign in/i }).first().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Below the xl breakpoint (the `mobile` project's 390 px) the main navigation sits behind the menu button.
  if ((page.viewportSize()?.width ?? 1280) < 1280) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
}

/**
 * Headers an API write made from a test (not from a page) needs: the API refuses state-changing calls that do
 * not say they come from the site (an Origin of the site, or Sec-Fetch-Site: same-origin, as browsers send).
 */
export const FROM_SITE = { 'sec-fetch-site': 'same-origin' } as const;
