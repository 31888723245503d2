import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_CONTENT_TYPE, DEFAULT_SEARCH_ENGINES } from '../shared/schemas/search-start';
import { seriousFindings } from './support/axe';
import { outboxMailsWith, type OutboxMail } from './support/outbox';
import { demoPhoto } from './support/photos';
import { signIn, uniqueEmail, FROM_SITE } from './support/session';

/*
 * The monitor journey against `npm start`'s runtime with MONITOR_INTERVAL_OVERRIDE_SECONDS=20 and
 * MONITOR_TICK_SECONDS=5 (playwright.config.ts): each monitor's schedule in the Scheduler stand-in fires into the SQS
 * stand-in, whose poller starts each run, nothing is called directly.
 */

type Run = { searchId: string; status: string; newCount: number | null };

async function monitorRuns(page: Page, id: string): Promise<Run[]> {
  return (await (await page.request.get(`/api/monitors/${id}`)).json()).runs as Run[];
}

/** Waits until the monitor has `n` finished runs (their schedules start them on their own). */
async function waitForRuns(page: Page, id: string, n: number): Promise<Run[]> {
  await expect
    .poll(async () => (await monitorRuns(page, id)).filter((r) => r.status === 'completed' || r.status === 'partial').length, { timeout: 90_000, intervals: [1000] })
    .toBeGreaterThanOrEqual(n);
  return monitorRuns(page, id);
}

/** Alert e-mails whose text lists `url`. */
async function alertMailsListing(url: string, since: number): Promise<OutboxMail[]> {
  return (await outboxMailsWith(url, since)).filter((m) => /^X-Vigil-Alert:/im.test(m.raw));
}

// The e2e server runs every cadence every 20 s: a monitor left behind would keep scanning (and hashing the
// sandbox's pictures) through every later journey.
test.afterEach(async ({ page }) => {
  for (const m of (await (await page.request.get('/api/user/me/monitors')).json()) as { id: string }[]) {
    expect((await page.request.delete(`/api/monitors/${m.id}`, { headers: FROM_SITE })).status()).toBe(204);
  }
});

test('a monitor finds the planted copies, marks only a new leak new, alerts once, and reopens a restored copy', async ({ page }) => {
  test.setTimeout(300_000);
  const started = Date.now(); // the outbox outlives one server: earlier runs' mail is older
  await signIn(page, uniqueEmail('monitor'));
  // A paid plan: automated notices are part of the journey (the demo billing applies it at once).
  expect((await page.request.post('/api/subscription/upgrade', { headers: FROM_SITE, data: { planId: 'pro' } })).ok()).toBe(true);
  const photo = await demoPhoto(page.request, 2);

  // Create the monitor on the Monitoring page.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Monitoring' }).click();
  await expect(page.getByRole('heading', { name: 'Monitoring', level: 1 })).toBeVisible();
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.locator('input[type=file]').setInputFiles({ name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Cadence').selectOption('daily');
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();
  const row = page.getByRole('table', { name: 'Monitors' }).getByRole('row').filter({ hasText: 'Luna Vale' });
  await expect(row).toContainText('Daily');
  const monitorId = (await (await page.request.get('/api/user/me/monitors')).json())[0].id as string;

  // Run 1 (the next tick): every copy it finds is new.
  const [run1] = await waitForRuns(page, monitorId, 1);
  expect(run1!.newCount).toBeGreaterThan(3);

  // Something new appears on the web; run 2 marks only that page new.
  const hash = createHash('sha256').update(photo).digest('hex');
  const leak = await (await page.request.post('/sandbox/control/leak', { data: { name: 'Luna Vale', hash } })).json();
  const runs = await waitForRuns(page, monitorId, 2);
  expect(runs[0]!.newCount).toBe(1);

  // The monitor's page lists the runs; the latest run's results, filtered to new, show the leak with a New badge.
  await page.goto(`/monitoring/${monitorId}`);
  await expect(page.getByRole('table', { name: 'Runs' }).getByRole('row')).toHaveCount(3);
  await page.getByRole('table', { name: 'Runs' }).getByRole('link', { name: 'View' }).first().click();
  await expect(page.getByLabel(/Show only new/)).toBeChecked();
  const violations = page.getByRole('list', { name: 'Violations' }).getByRole('listitem');
  await expect(violations).toHaveCount(1);
  await expect(violations.first()).toContainText(leak.page);
  await expect(violations.first().getByText('New', { exact: true })).toBeVisible();

  // One alert e-mail lists the new URL; the bell shows the unread alerts.
  await expect.poll(async () => (await alertMailsListing(leak.page, started)).length).toBe(1);
  const mail = (await alertMailsListing(leak.page, started))[0]!.raw;
  expect(mail).toMatch(/^List-Unsubscribe:\s*<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\?token=/m);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  await expect(page.getByRole('button', { name: /Notifications: \d+ unread/ })).toBeVisible();

  // A copy found by run 1 (listed with the latest run that saw it again) is taken down through an automated notice and the host removes it.
  const results = (await (await page.request.get(`/api/search/${runs[0]!.searchId}/results`)).json()) as { id: string; url: string; priority: string; evidence: { matchedReferenceId?: string } }[];
  const copy = results.find((r) => r.evidence.matchedReferenceId && r.url.includes('/sites/leakforum.example/') && r.url !== leak.page)!;
  expect((await page.request.put(`/api/search-results/${copy.id}/review`, { headers: FROM_SITE, data: { status: 'unauthorized' } })).ok()).toBe(true);
  const created = await page.request.post('/api/dmca', {
    headers: FROM_SITE,
    data: { searchResultId: copy.id, infringingUrl: copy.url, description: 'My photo set', searchEngine: 'google' },
  });
  const caseId = (await created.json()).id as string;
  await page.request.post('/sandbox/control/notice', { data: { url: copy.url, delayMs: 0 } });
  expect((await page.request.post(`/api/dmca/${caseId}/submit-automated`, { headers: FROM_SITE })).ok()).toBe(true);
  await expect.poll(async () => (await (await page.request.get(`/api/dmca/${caseId}`)).json()).status, { timeout: 60_000 }).toBe('resolved');

  // The copy comes back; the next run reopens the case as reappeared and offers to submit again.
  await page.request.post('/sandbox/control/restore', { data: { url: copy.url } });
  await expect.poll(async () => (await (await page.request.get(`/api/dmca/${caseId}`)).json()).status, { timeout: 90_000, intervals: [2000] }).toBe('reappeared');
  await page.goto('/cases');
  const card = page.getByRole('article').filter({ hasText: copy.url });
  await expect(card.getByText('Reappeared', { exact: true }).first()).toBeVisible();
  await expect(card.getByRole('list', { name: 'Case history' })).toContainText(/Sent.*Resolved.*Reappeared/);
  await expect(card.getByRole('button', { name: 'Submit again' })).toBeVisible();
});

test('a monitor with "Submit automatically" files a case for a new picture copy by itself', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, uniqueEmail('autosubmit'));
  const photo = await demoPhoto(page.request, 3);

  // On the trial the switch is offered with an upgrade prompt, and cannot be turned on.
  await page.goto('/monitoring');
  await expect(page.getByRole('checkbox', { name: 'Submit automatically' })).toBeDisabled();
  await expect(page.getByRole('group', { name: 'Automatic takedown' }).getByRole('link', { name: 'Upgrade' })).toBeVisible();

  // On a paid plan: a monitor that submits automatically, citing the creator's original URL.
  expect((await page.request.post('/api/subscription/upgrade', { headers: FROM_SITE, data: { planId: 'pro' } })).ok()).toBe(true);
  await page.reload();
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.locator('input[type=file]').setInputFiles({ name: 'luna-3.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Cadence').selectOption('daily');
  await page.getByRole('checkbox', { name: 'Submit automatically' }).click();
  await page.getByLabel('Original URL').fill('https://lunavale.example/gallery');
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Monitors' }).getByText('Submits automatically')).toBeVisible();
  const monitorId = (await (await page.request.get('/api/user/me/monitors')).json())[0].id as string;
  await waitForRuns(page, monitorId, 1);

  // A new copy of the picture appears on the web; the next run finds it and submits it without a review.
  const hash = createHash('sha256').update(photo).digest('hex');
  const leak = await (await page.request.post('/sandbox/control/leak', { data: { name: 'Luna Vale', hash } })).json();
  expect(leak.image).toBeTruthy();
  const runs = await waitForRuns(page, monitorId, 2);
  type Found = { id: string; url: string; firstSeenAt: string; lastSeenAt: string; reviewedBy?: string; userReviewStatus: string | null };
  // Found first by run 2 (a known picture at a new address is still a new copy to take down) and decided by the
  // system in the run's follow-up, just after the run shows as finished.
  const autoSent = async () =>
    ((await (await page.request.get(`/api/search/${runs[0]!.searchId}/results`)).json()) as Found[]).filter((r) => r.firstSeenAt === r.lastSeenAt && r.reviewedBy === 'auto');
  await expect.poll(async () => (await autoSent()).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const fresh = await autoSent();
  const copy = fresh[0]!;
  expect(copy).toMatchObject({ userReviewStatus: 'unauthorized' });

  // The monitor's page says what it sent; the case was created and its notice submitted.
  await page.goto(`/monitoring/${monitorId}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Last run .*: ${fresh.length} sent automatically`) })).toBeVisible();
  const sent = page.getByRole('list', { name: 'Sent automatically' }).getByRole('listitem').filter({ hasText: copy.url });
  await expect(sent).toHaveCount(1);
  expect(await seriousFindings(page), 'axe findings on the monitor page').toEqual([]);
  await sent.getByRole('link').click();
  await expect(page).toHaveURL(/\/dmca\/[0-9A-Z]{26}$/);
  const caseId = page.url().split('/').at(-1)!;
  await expect
    .poll(async () => (await (await page.request.get(`/api/dmca/${caseId}`)).json()).submission?.state, { timeout: 60_000 })
    .toMatch(/awaiting-recheck|rechecking|resolved|escalated/); // the notice went out
});

test('a monitor run over copies that already have cases files nothing new, and its alert says so (issue 23)', async ({ page }) => {
  test.setTimeout(180_000);
  const started = Date.now();
  await signIn(page, uniqueEmail('refound'));
  expect((await page.request.post('/api/subscription/upgrade', { headers: FROM_SITE, data: { planId: 'pro' } })).ok()).toBe(true);
  const photo = await demoPhoto(page.request, 1);

  // A scan (through the API: the scan journey is scan.spec.ts) finds the copies; each high-priority copy gets its case.
  const scan = await page.request.post('/api/search', {
    headers: FROM_SITE,
    // The engines and content the monitor form sends, so the scan finds what the monitor's run will find.
    multipart: {
      query: 'Luna Vale',
      contentType: DEFAULT_CONTENT_TYPE,
      searchEngines: JSON.stringify(DEFAULT_SEARCH_ENGINES),
      referenceFiles: { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  });
  expect(scan.status()).toBe(201);
  const scanId = (await scan.json()).id as string;
  await expect.poll(async () => (await (await page.request.get(`/api/search/${scanId}`)).json()).status, { timeout: 60_000, intervals: [1000] }).toBe('completed');
  const found = ((await (await page.request.get(`/api/search/${scanId}/results`)).json()) as { id: string; url: string; priority: string }[]).filter((r) => r.priority === 'high');
  expect(found.length).toBeGreaterThan(0);
  expect((await page.request.put('/api/search-results/review', { headers: FROM_SITE, data: { ids: found.map((r) => r.id), status: 'unauthorized' } })).ok()).toBe(true);
  const caseNumbers = new Set<string>();
  for (const r of new Map(found.map((f) => [f.url, f])).values()) {
    const res = await page.request.post('/api/dmca', {
      headers: FROM_SITE,
      data: { searchResultId: r.id, infringingUrl: r.url, description: 'My photo set', searchEngine: 'google', contentConfirmed: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    caseNumbers.add((await res.json()).caseNumber as string);
  }
  const casesBefore = caseNumbers.size;
  const listCases = async () => ((await (await page.request.get('/api/user/me/dmca')).json()) as unknown[]).length;
  expect(await listCases()).toBe(casesBefore);

  // A monitor over the same work, submitting automatically, created on the Monitoring page; its first run finds the same copies.
  await page.goto('/monitoring');
  await page.getByLabel('Creator name').fill('Luna Vale');
  await page.locator('input[type=file]').setInputFiles({ name: 'luna.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByLabel('Cadence').selectOption('daily');
  await page.getByRole('checkbox', { name: 'Submit automatically' }).click();
  await page.getByLabel('Original URL').fill('https://lunavale.example/gallery');
  await page.getByRole('button', { name: 'Create Monitor' }).click();
  await expect(page.getByText('Monitor created', { exact: true })).toBeVisible();
  const monitorId = (await (await page.request.get('/api/user/me/monitors')).json())[0].id as string;
  await waitForRuns(page, monitorId, 1);
  // The run's follow-up (automatic submission, the alert) ends just after the run shows as finished.
  await expect.poll(async () => (await (await page.request.get(`/api/monitors/${monitorId}`)).json()).lastAutoSubmit?.alreadyFiled?.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);

  // Nothing new was filed: the same cases, and the monitor's page says which cases the copies already have.
  expect(await listCases()).toBe(casesBefore);
  await page.goto(`/monitoring/${monitorId}`);
  await expect(page.getByRole('heading', { name: /Last run .*: 0 sent automatically, \d+ already (has a case|have cases) \(nothing new filed\)/ })).toBeVisible();
  const filed = page.getByRole('list', { name: 'Already have cases' }).getByRole('listitem');
  await expect(filed.first()).toBeVisible();
  for (const text of await filed.allTextContents()) expect(caseNumbers.has(text.split(' ')[0]!)).toBe(true);

  // The alert, in the bell and by e-mail, says no new copies and names the cases; it claims nothing was sent.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const alert = page.getByRole('menuitem').filter({ hasText: 'no new copies from' });
  await expect(alert).toContainText(/already (has a case|have cases), nothing new filed \(VGL-/);
  await expect(alert).not.toContainText('sent automatically');
  const mails = async () => (await outboxMailsWith('nothing new filed', started)).filter((m) => /^X-Vigil-Alert:/im.test(m.raw) && [...caseNumbers].some((n) => m.text.includes(n)));
  await expect.poll(async () => (await mails()).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mails();
  expect(mail!.text).toMatch(/already has case VGL-[\d-]+, nothing new filed/);
  expect(mail!.text).not.toMatch(/sent automatically/);
});
