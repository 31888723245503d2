import { expect, test, type Page } from '@playwright/test';
import { demoPhoto } from './support/photos';
import { signIn, uniqueEmail, FROM_SITE } from './support/session';

/*
 * Issue 23 part A in Chromium: every refusal of a notice shows its message in the DMCA form (a URL the scan did
 * not find that cannot be fetched, or that shows something else; an allowlisted domain, the creator's own site, an
 * original URL off "My sites", a note over 500 characters), and the description is previewed from the template
 * before anything is created.
 */

async function unauthorizedResult(page: Page): Promise<{ id: string; url: string; domain: string }> {
  const photo = await demoPhoto(page.request, 1);
  const started = await page.request.post('/api/search', {
    headers: FROM_SITE,
    multipart: { userId: 'me', query: 'Luna Vale', contentType: 'images,videos', searchEngines: '["google"]', referenceFiles: { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(started.status()).toBe(201);
  const { id } = await started.json();
  await expect.poll(async () => (await (await page.request.get(`/api/search/${id}`)).json()).status, { timeout: 60_000 }).toBe('completed');
  const results = (await (await page.request.get(`/api/search/${id}/results`)).json()) as { id: string; url: string; domain: string; evidence: { matchMethod?: string } }[];
  const copy = results.find((r) => r.evidence.matchMethod === 'fingerprint' && !r.url.includes(','))!;
  expect((await page.request.put(`/api/search-results/${copy.id}/review`, { headers: FROM_SITE, data: { status: 'unauthorized' } })).status()).toBe(200);
  return copy;
}

test('the DMCA form shows every refusal of a notice, and previews the templated description', async ({ page }) => {
  await signIn(page, uniqueEmail('refusals'));
  const copy = await unauthorizedResult(page);

  // My sites, beside the allowlist.
  await page.goto('/settings?tab=allowlist');
  await page.getByLabel('Site or handle').fill('not a site');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter your site' })).toBeVisible();
  await page.getByLabel('Site or handle').fill('https://lunavale.example/');
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByRole('list', { name: 'My sites' })).toContainText('lunavale.example');

  await page.goto(`/dmca/new?resultId=${copy.id}`);
  const preview = page.getByRole('button', { name: 'Preview description' });
  const urls = page.getByLabel('Infringing URLs');

  // A URL the scan did not find (and Vigil cannot match) is refused, named under the field.
  const stranger = `${new URL(copy.url).origin}/member/someone-else-${Date.now()}`;
  await urls.fill(`${copy.url}\n${stranger}`);
  await preview.click();
  await expect(page.getByText(`${stranger} was not found by this scan and could not be fetched to check it`)).toBeVisible();
  // A page Vigil can fetch that does not show the work (the site's own index) is refused too, said so.
  const elsewhere = copy.url.replace(/(\/sites\/[^/]+\/).*$/, '$1');
  expect(elsewhere).not.toBe(copy.url);
  await urls.fill(`${copy.url}\n${elsewhere}`);
  await preview.click();
  await expect(page.getByText(`${elsewhere} was not found by this scan and does not show a copy of your reference files`)).toBeVisible();
  await urls.fill(copy.url);

  // An original URL off My sites.
  await page.getByLabel('Original URL').fill('https://phish.example/login');
  await preview.click();
  await expect(page.getByText(/The original URL must be on one of your sites/)).toBeVisible();
  await page.getByLabel('Original URL').fill('https://lunavale.example/gallery/1');

  // A note over 500 characters is refused, never cut.
  const note = page.getByLabel('Your note (optional)');
  await note.fill('x'.repeat(501));
  await preview.click();
  await expect(page.getByText('Your note is longer than 500 characters. Shorten it: nothing is cut for you.')).toBeVisible();
  await expect(note).toHaveValue('x'.repeat(501));

  // The preview: the work, how the copy matched, the note without its links.
  await note.fill('From my spring set, see https://evil.example/login');
  await preview.click();
  const shown = page.getByRole('region', { name: 'Description preview' });
  await expect(shown).toContainText('The copyrighted work: "luna.jpg"');
  await expect(shown).toContainText('perceptual fingerprint');
  await expect(shown).toContainText('Note from the copyright holder: From my spring set, see [link removed]');

  // An allowlisted domain, then the creator's own site: refused, said in the form.
  const host = new URL(copy.url).hostname;
  expect((await page.request.post('/api/user/me/allowlist', { headers: FROM_SITE, data: { domain: copy.domain || host, reason: 'authorized_partner' } })).status()).toBe(201);
  await preview.click();
  await expect(page.getByText(/which is on your allowlist: Vigil never sends a notice about it/)).toBeVisible();
  const entries = (await (await page.request.get('/api/user/me/allowlist')).json()) as { id: string }[];
  for (const e of entries) await page.request.delete(`/api/allowlist/${e.id}`, { headers: FROM_SITE });
  expect((await page.request.post('/api/user/me/own-sites', { headers: FROM_SITE, data: { site: copy.domain } })).status()).toBe(201);
  await preview.click();
  await expect(page.getByText(/is on your own (site|handle) .* Vigil never sends a notice about it/)).toBeVisible();
});
