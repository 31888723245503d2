import { expect, test, type Page } from '@playwright/test';
import { demoPhoto } from './support/photos';
import { FROM_SITE, signIn, uniqueEmail } from './support/session';

/*
 * Issue 23 in Chromium, one lean journey on a shared creator: a case climbs from the host to its network and is
 * removed; another ends delisted after the agent files it in the console; a counter-notice shows its window; a
 * page behind a CDN whose complaint desk is a web form becomes an agent task that the agent files in the console.
 * The sandbox's hosts answer notices by their takedown policy (set per page here through its test control).
 */

interface Result {
  id: string;
  url: string;
  domain: string;
  confidenceScore: number;
}

/** A scan with this journey's own copy of a demo original, through the API (the scan journey is scan.spec.ts). */
async function scanResults(page: Page): Promise<Result[]> {
  const started = await page.request.post('/api/search', {
    headers: FROM_SITE,
    multipart: {
      query: 'Luna Vale',
      contentType: 'images',
      searchEngines: '["google"]',
      referenceFiles: { name: 'luna.jpg', mimeType: 'image/jpeg', buffer: await demoPhoto(page.request, 2) },
    },
  });
  expect(started.status()).toBe(201);
  const { id } = await started.json();
  await expect.poll(async () => (await (await page.request.get(`/api/search/${id}`)).json()).status, { timeout: 60_000 }).toBe('completed');
  return (await (await page.request.get(`/api/search/${id}/results`)).json()) as Result[];
}

/** Reloads the open case page until its outcome reads `text` (the ladder runs on its own timers). */
async function expectOutcome(page: Page, text: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.reload({ waitUntil: 'networkidle' });
      return (await page.getByTestId('case-outcome').allTextContents()).join(' ');
    }, { timeout: 60_000, intervals: [2_000] })
    .toContain(text);
}

/** Opens a case about `result` with the host's policy set, and submits it from the case page. */
async function submitCase(page: Page, result: Result, policy: string): Promise<string> {
  expect((await page.request.post('/sandbox/control/policy', { data: { url: result.url, policy } })).ok()).toBe(true);
  expect((await page.request.put(`/api/search-results/${result.id}/review`, { headers: FROM_SITE, data: { status: 'unauthorized' } })).ok()).toBe(true);
  const created = await page.request.post('/api/dmca', {
    headers: FROM_SITE,
    data: { searchResultId: result.id, infringingUrl: result.url, description: 'Photo set 2', searchEngine: 'google' },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto(`/dmca/${id}`);
  await page.getByRole('button', { name: 'Submit Automatically' }).click();
  return id as string;
}

test('the escalation ladder: host to network, delisting filed by the agent, and a counter-notice window', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, uniqueEmail('ladder'));
  expect((await page.request.put('/api/user/me/content-creator', { headers: FROM_SITE, data: { contentCreatorName: 'Lee Ladder', contentCreatorEmail: 'lee@example.org', contentCreatorPhone: '', contentCreatorAddress: '2 Rung Road' } })).ok()).toBe(true);
  expect((await page.request.post('/api/subscription/upgrade', { headers: FROM_SITE, data: { planId: 'pro' } })).ok()).toBe(true);
  const results = await scanResults(page);
  const onForum = results.find((r) => r.domain === 'leakforum.example' && r.confidenceScore >= 0.7)!;
  const onFiledrop = results.find((r) => r.domain === 'filedrop.example' && r.confidenceScore >= 0.7)!;
  expect(onForum && onFiledrop).toBeTruthy();

  // 1. The forum ignores its own abuse mailbox; its network acts: removed at the source on the network step.
  const climbed = await submitCase(page, onForum, 'yields-to-network');
  const ladder = page.getByTestId('case-ladder');
  await expectOutcome(page, 'Removed at the source');
  await expect(ladder).toContainText('Notice sent to abuse@leakforum.example');
  await expect(ladder).toContainText('Notice sent to abuse@sandbox-hosting.example');
  await expect(page.getByTestId('case-outcome')).toContainText('The network hosting its IP address');

  // 2. The file host ignores everyone: the case climbs to delisting, the agent files it in the console.
  const delisted = await submitCase(page, onFiledrop, 'ignores-everyone');
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signIn(agent, 'agent@vigil.test');
  await agent.goto('/agent');
  const request = agent.getByTestId('delisting-request').filter({ hasText: onFiledrop.url });
  await expect
    .poll(async () => {
      await agent.reload({ waitUntil: 'networkidle' });
      return request.count();
    }, { timeout: 90_000, intervals: [2_000] })
    .toBe(1);
  await expect(request.getByRole('button', { name: 'Copy Infringing URLs' })).toBeVisible();
  await expect(request).toContainText('A Vigil client');
  // The agent files on Google's form (the sandbox engine's form here) and records its reference number.
  const filed = await (await agent.request.post('/sandbox/engines/google/removals', { data: { urls: [onFiledrop.url] } })).json();
  await request.getByLabel('Engine reference number').fill(filed.reference);
  await request.getByRole('button', { name: 'Filed' }).click();
  await expect(request.getByTestId('delisting-status')).toHaveText('filed');
  await expect(request).toContainText(filed.reference);
  // Bing refuses; the Google delisting decides the case.
  await agent.getByRole('tab', { name: 'Bing queue' }).click();
  await agent.getByTestId('delisting-request').filter({ hasText: onFiledrop.url }).getByRole('button', { name: 'Refused' }).click();
  await expect(agent.getByTestId('delisting-request').filter({ hasText: onFiledrop.url }).getByTestId('delisting-status')).toHaveText('refused');
  await page.goto(`/dmca/${delisted}`);
  await expectOutcome(page, 'Delisted only');

  // 3. The forum's uploader files a counter-notice: the agent records it, the creator sees the 512(g) window.
  await agent.getByLabel('Case id').fill(climbed);
  await agent.getByLabel('Sent by').fill('forum uploader');
  await agent.getByLabel('Received on').fill('2026-11-18');
  await agent.getByLabel('Statement').fill('Removed by mistake.');
  await agent.getByRole('button', { name: 'Record counter-notice' }).click();
  await expect(agent.getByTestId('counter-notice-window')).toContainText('from 2026-12-03 and must by 2026-12-09');
  await page.goto(`/dmca/${climbed}`);
  await expect(page.getByTestId('counter-notice')).toContainText('2026-12-03');
  await expect(page.getByTestId('case-outcome')).toContainText('Counter-noticed');

  // 4. A page behind ShieldCDN, whose complaint desk is a web form: the ladder opens an agent task; the agent
  // files the form (the sandbox's here) from the console's fields and records its reference on the case.
  const proxied = results.find((r) => r !== onForum && r !== onFiledrop && !['tubeclips.example', 'filedrop.example'].includes(r.domain) && r.confidenceScore >= 0.7)!;
  const behindForm = await submitCase(page, proxied, 'behind-form-cdn');
  await agent.goto('/agent');
  await agent.getByRole('tab', { name: 'CDN web forms' }).click();
  const task = agent.getByTestId('cdn-task').filter({ hasText: proxied.url });
  await expect
    .poll(async () => {
      await agent.reload({ waitUntil: 'networkidle' });
      await agent.getByRole('tab', { name: 'CDN web forms' }).click();
      return task.count();
    }, { timeout: 60_000, intervals: [1_000] })
    .toBe(1);
  await expect(task).toContainText('ShieldCDN');
  await expect(task.getByRole('button', { name: 'Copy Infringing URLs' })).toBeVisible();
  await expect(task.getByRole('link', { name: /Open ShieldCDN/ })).toHaveAttribute('href', 'https://abuse.shieldcdn.example/dmca');
  const report = await (await agent.request.post('/sandbox/cdn/shieldcdn/reports', { data: { urls: [proxied.url] } })).json();
  await task.getByLabel('Form reference number').fill(report.reference);
  await task.getByRole('button', { name: 'Filed' }).click();
  await expect(task.getByTestId('cdn-task-status')).toHaveText('filed');
  await page.goto(`/dmca/${behindForm}`);
  await expect(page.getByTestId('case-ladder')).toContainText(`Web form filed by the agent to https://abuse.shieldcdn.example/dmca (ShieldCDN (sandbox))`);
  await expect(page.getByTestId('case-ladder')).toContainText(`reference ${report.reference}`);
  await expectOutcome(page, 'Removed at the source');
  await agentContext.close();
});
