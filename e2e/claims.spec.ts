import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import published from '../bench/published.json';
import { signIn, uniqueEmail } from './support/session';

/*
 * Claims that are true (issue 26): on every public page (and the signed-in competitive page, and the scan form's
 * figures) a number is either a figure the server computed from the platform's records (GET /api/public/stats), a
 * benchmark figure from bench/published.json that bench/README.md still states, or a plan rule; each sits in an
 * element whose data-figure says which. The test fails on any digit outside such an element, and on a marked
 * figure that differs from its source.
 */

const README = readFileSync('bench/README.md', 'utf8');

/** Every text node with a digit that is not inside a [data-figure] element, and the marked figures. */
async function readFigures(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main') ?? document.body;
    const loose: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      if (!/\d/.test(text)) continue;
      const el = n.parentElement;
      if (!el || el.closest('[data-figure]') || el.closest('[hidden], [aria-hidden="true"]')) continue;
      loose.push(text.trim());
    }
    const marked = [...main.querySelectorAll<HTMLElement>('[data-figure]')].map((e) => ({ source: e.dataset.figure!, id: e.dataset.figureId ?? '', text: e.textContent!.trim() }));
    return { loose, marked };
  });
}

async function expectTrueFigures(page: Page, stats: Record<string, unknown>) {
  const { loose, marked } = await readFigures(page);
  expect(loose, `numbers on ${page.url()} that are neither computed nor from a benchmark`).toEqual([]);
  const count = (n: unknown) => new Intl.NumberFormat('en-US').format(n as number);
  const computed: Record<string, string> = {
    scans: count(stats.scans),
    copiesFound: count(stats.copiesFound),
    noticesSent: count(stats.noticesSent),
    copiesRemoved: count(stats.copiesRemoved),
  };
  for (const f of marked) {
    if (f.source === 'computed' && computed[f.id] !== undefined) expect(f.text, f.id).toBe(computed[f.id]);
    if (f.source === 'benchmark') {
      const claim = published.claims.find((c) => c.id === f.id || `${c.id}-how` === f.id);
      if (f.id === 'measuredOn') continue;
      expect(claim, `benchmark figure ${f.id} is in bench/published.json`).toBeDefined();
      if (claim && f.id === claim.id) expect(f.text).toBe(claim.value);
    }
    expect(['computed', 'benchmark', 'plan', 'ordinal']).toContain(f.source);
  }
  return marked;
}

test('every figure on the public pages is computed or tied to a benchmark in the repository', async ({ browser, page }) => {
  for (const claim of published.claims) expect(README, `bench/README.md states ${claim.readmeText}`).toContain(claim.readmeText);

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto('/');
  await expect(anonymous.getByTestId('platform-stats-caption')).toContainText('Counted from Vigil');
  const stats = await (await anonymous.request.get('/api/public/stats')).json();
  const landing = await expectTrueFigures(anonymous, stats);
  expect(landing.filter((f) => f.source === 'benchmark').length).toBeGreaterThan(0);
  expect(await anonymous.getByText(/99\.9%|98\.7% success|250M|80,000|thousands of creators/i).count()).toBe(0);
  // Issue 24: face recognition is named now that likeness matching exists, and named as opt-in.
  await expect(anonymous.getByText('Face recognition, opt-in')).toBeVisible();

  await anonymous.goto('/pricing');
  await expect(anonymous.getByText('Counted from Vigil', { exact: false })).toBeVisible();
  // Every plan card names face recognition, as every plan gets it (opt-in, Triage's per-scan cap).
  await expect(anonymous.getByText(/^Face recognition, opt-in: your face looked for in up to \d+ found pictures per scan$/)).toHaveCount(4);
  await expectTrueFigures(anonymous, stats);
  await visitor.close();

  await signIn(page, uniqueEmail('claims'));
  await expect(page.getByTestId('scan-facts')).not.toContainText('…');
  await expect(page.getByTestId('scan-facts')).not.toContainText(/2-5 min|94%/);
  await page.goto('/competitive');
  for (const tab of ['Overview', 'Features', 'Monitoring', 'Benchmarks', 'Analytics']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    await expectTrueFigures(page, stats);
  }
});
