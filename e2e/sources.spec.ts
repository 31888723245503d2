import { expect, test, type Page } from '@playwright/test';
import { outboxMailsWith } from './support/outbox';
import { demoPhoto } from './support/photos';
import { signIn, uniqueEmail, FROM_SITE } from './support/session';

/*
 * Issue 25 in Chromium, against `npm start`'s runtime and its sandbox web (Telegram previews, Reddit's API and the
 * leak sites in their real shapes, planted with the demo creator's copies): a creator adds a Telegram channel, a
 * subreddit and a leak site to a monitor, its run finds the copies in each, and a case on one copy of each is sent
 * to that place's copyright channel. One signed-in page; the monitor is paused once its run is done.
 */

type Result = { id: string; url: string; evidence: { matchedReferenceId?: string; via?: { kind: string; target: string } } };

/** The monitor's first run, once it finished (later runs read only posts newer than the run before them). */
async function firstRun(page: Page, id: string): Promise<string> {
  let searchId = '';
  await expect
    .poll(
      async () => {
        const runs = (await (await page.request.get(`/api/monitors/${id}`)).json()).runs as { searchId: string; status: string }[];
        const first = runs.at(-1);
        searchId = first && (first.status === 'completed' || first.status === 'partial') ? first.searchId : '';
        return searchId;
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .not.toBe('');
  return searchId;
}

test.afterEach(async ({ page }) => {
  for (const m of (await (await page.request.get('/api/user/me/monitors')).json()) as { id: string }[]) {
    expect((await page.request.delete(`/api/monitors/${m.id}`, { headers: FROM_SITE })).status()).toBe(204);
  }
});

test('a monitor watches a Telegram channel, a subreddit and a leak site, finds the copies in each, and a case on each is sent', async ({ page }) => {
  test.setTimeout(360_000);
  const started = Date.now();
  await signIn(page, uniqueEmail('sources'));
  expect((await page.request.post('/api/subscription/upgrade', { headers: FROM_SITE, data: { planId: 'pro' } })).ok()).toBe(true);
  const photo = await demoPhoto(page.request, 1);

  // The monitor form offers sources beside the names and files.
  await page.goto('/monitoring');
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.locator('input[type=file]').setInputFiles({ name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo });
  const sources = page.getByRole('group', { name: 'Sources (optional)' });
  await sources.getByLabel('Source type').selectOption('telegram');
  await sources.getByLabel('Channel').fill('@lunavale_leaks');
  await sources.getByRole('button', { name: 'Add source' }).click();
  await sources.getByLabel('Source type').selectOption('reddit');
  await sources.getByLabel('Subreddit').fill('r/lunavaleleaks');
  await sources.getByRole('button', { name: 'Add source' }).click();
  await sources.getByLabel('Source type').selectOption('site');
  await sources.getByLabel('Leak site').selectOption('xenforo-forum');
  await sources.getByRole('button', { name: 'Add source' }).click();
  await expect(sources.getByRole('list', { name: 'Sources' }).getByRole('listitem')).toHaveCount(3);
  await page.getByLabel('Cadence').selectOption('daily');
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();
  const monitorId = (await (await page.request.get('/api/user/me/monitors')).json())[0].id as string;

  // Its first run reads the three sources beside the engines. Once it started the monitor is paused (the e2e cadence
  // is 20 s; a later run would read only posts newer than the first).
  await expect.poll(async () => ((await (await page.request.get(`/api/monitors/${monitorId}`)).json()).runs as unknown[]).length, { timeout: 60_000 }).toBeGreaterThan(0);
  await page.request.put(`/api/monitors/${monitorId}`, { headers: FROM_SITE, data: { paused: true } });
  const searchId = await firstRun(page, monitorId);
  await page.goto(`/monitoring/${monitorId}`);
  await expect(page.getByText('Telegram channel @lunavale_leaks · Subreddit r/lunavaleleaks · Leak site xenforo-forum')).toBeVisible();

  // The run's results say where each copy came from.
  await page.goto(`/search?id=${searchId}`);
  const violations = page.getByRole('list', { name: 'Violations' });
  for (const where of ['Telegram channel @lunavale_leaks', 'Subreddit r/lunavaleleaks', 'Leak site xenforo-forum']) {
    await expect(violations.getByText(`Found in ${where}`).first()).toBeVisible();
  }

  // A case on one copy of each, sent: Telegram's and Reddit's copyright addresses, the forum's abuse desk.
  const results = (await (await page.request.get(`/api/search/${searchId}/results`)).json()) as Result[];
  const expected = { telegram: 'dmca@telegram.org', reddit: 'copyright@reddit.com', site: 'abuse@simpcity.su' } as const;
  for (const [kind, recipient] of Object.entries(expected)) {
    const copy = results.find((r) => r.evidence.via?.kind === kind && r.evidence.matchedReferenceId)!;
    expect(copy, `a ${kind} copy`).toBeTruthy();
    expect((await page.request.put(`/api/search-results/${copy.id}/review`, { headers: FROM_SITE, data: { status: 'unauthorized' } })).ok()).toBe(true);
    const created = await page.request.post('/api/dmca', {
      headers: FROM_SITE,
      data: { searchResultId: copy.id, infringingUrl: copy.url, description: 'My photo set', searchEngine: 'google' },
    });
    const caseId = (await created.json()).id as string;
    expect((await page.request.post(`/api/dmca/${caseId}/submit-automated`, { headers: FROM_SITE })).ok()).toBe(true);
    await expect.poll(async () => (await outboxMailsWith(copy.url, started)).map((m) => /^To:.*$/im.exec(m.raw)?.[0] ?? ''), { timeout: 60_000 }).toContainEqual(expect.stringContaining(recipient));
    // The case page says where the copy was found.
    await page.goto(`/dmca/${caseId}`);
    await expect(page.getByTestId('found-via')).toContainText('Found in');
  }
});
