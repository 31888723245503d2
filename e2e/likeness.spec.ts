import { expect, test } from '@playwright/test';
import { LIKENESS_NOT_REVIEWED } from '../shared/plans';
import { demoFacePhoto } from './support/photos';
import { signIn, uniqueEmail } from './support/session';

/*
 * Likeness matching (issue 24), as a creator meets it: consent and enrolment in Settings with three photos of her
 * face, then a scan whose reference is one of those photos. The sandbox's reverse image search answers with the
 * copies of the reference and with a Socialgram post showing a new picture of her face between two strangers
 * (local/sandbox/faces.ts). That picture is no copy of any file she uploaded: the scan finds it as a likeness
 * match, review shows her enrolled face beside the found face with the distance, and bulk submission refuses it
 * in words until she has reviewed it.
 */
test('a creator enrols her face; a scan finds a new picture of her as a likeness match that bulk submission refuses until reviewed', async ({ page }) => {
  test.setTimeout(360_000);
  await signIn(page, uniqueEmail('likeness'));
  const photos = await Promise.all([1, 2, 3].map((n) => demoFacePhoto(page.request, n)));

  // Settings: what it does, explicit consent, three photos, the crops confirmed.
  await page.goto('/settings?tab=likeness');
  await expect(page.getByTestId('likeness-consent-text')).toContainText('face');
  const turnOn = page.getByRole('button', { name: 'Turn on likeness matching' });
  await expect(turnOn).toBeDisabled();
  await page.getByLabel(/I have read this and I agree/).check();
  await turnOn.click();
  await expect(page.getByTestId('likeness-state')).toContainText('Consented on');
  await page.getByLabel('Photos of yourself (JPG or PNG)').setInputFiles(photos.map((buffer, i) => ({ name: `me-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
  const faces = page.getByRole('list', { name: 'Your faces' }).getByRole('listitem');
  await expect(faces).toHaveCount(3, { timeout: 120_000 });
  await page.getByRole('button', { name: 'Confirm 3 faces and turn on' }).click();
  await expect(page.getByTestId('likeness-state')).toContainText(/^On since .*your 3 enrolled faces/);

  // A scan whose reference is one of her photos (a name the sandbox's pages do not mention keeps it small).
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Creator name' }).fill('Mira Solen');
  await page.getByLabel('Reference content').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photos[0]! });
  await page.getByRole('button', { name: 'Start Protection Scan' }).click();
  await expect(page.getByRole('heading', { name: 'Review results' })).toBeVisible({ timeout: 240_000 });

  // The Socialgram post's picture is a likeness match, not a copy; its copies of the reference stay copies.
  const results = (await (await page.request.get('/api/user/me/results?limit=500')).json()) as { id: string; url: string; evidence?: { matchMethod?: string } }[];
  const likeness = results.filter((r) => r.evidence?.matchMethod === 'likeness');
  expect(likeness.map((r) => new URL(r.url).pathname)).toEqual([expect.stringMatching(/\/sites\/socialgram\.example\/nightout\.snaps\/p\//)]);
  expect(results.filter((r) => r.evidence?.matchMethod === 'fingerprint' || r.evidence?.matchMethod === 'verified').length).toBeGreaterThanOrEqual(4);

  // Review: the likeness match shows her enrolled face beside the found face, with the distance.
  await page.goto('/review?host=socialgram.example&undecided=1');
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible();
  const badge = page.getByTestId('likeness-badge');
  for (let i = 0; i < 6 && !(await badge.isVisible()); i++) {
    const position = await page.getByTestId('queue-position').innerText();
    await page.keyboard.press('j');
    await expect(page.getByTestId('queue-position')).not.toHaveText(position);
  }
  await expect(badge).toContainText('Likeness match: your face was found in this picture, which is not a copy of a file you uploaded.');
  const pair = page.getByTestId('likeness-faces');
  await expect(pair.getByRole('img', { name: 'Your enrolled face' })).toBeVisible();
  await expect(pair.getByText(/^Face found \(distance 0\.[0-4]\d\)$/)).toBeVisible();
  for (const img of await pair.getByRole('img').all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  // Marked unauthorized, it is still not offered for bulk submission: the card says why, in words.
  await page.getByRole('toolbar', { name: 'Review actions' }).getByRole('button', { name: /^Unauthorized/ }).click();
  const status = async () => ((await (await page.request.get('/api/user/me/results?limit=500')).json()) as { id: string; userReviewStatus?: string }[]).find((r) => r.id === likeness[0]!.id)?.userReviewStatus;
  await expect.poll(status).toBe('unauthorized');
  await page.goto('/');
  await page.getByRole('button', { name: 'Send Takedown Notices' }).click();
  const card = page.getByRole('region', { name: 'Bulk DMCA Automation' });
  await card.getByText(/^Why some unauthorized results are not listed/).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'Garden party (@nightout.snaps)' })).toContainText(LIKENESS_NOT_REVIEWED);
});
