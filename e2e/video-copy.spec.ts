import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { demoPhoto } from './support/photos';
import { signIn, uniqueEmail } from './support/session';

/** A 12 s slideshow of three demo originals (each made this journey's own, so its planted copies are too). */
async function referenceClip(request: Parameters<typeof demoPhoto>[0]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-e2e-video-'));
  const stills: string[] = [];
  for (const n of [1, 2, 3]) {
    const file = join(dir, `${n}.jpg`);
    writeFileSync(file, await demoPhoto(request, n));
    stills.push(file);
  }
  const scaled = stills.map((_, i) => `[${i}:v]scale=640:360:force_original_aspect_ratio=increase,crop=640:360,setsar=1,fps=15[v${i}]`).join(';');
  const out = join(dir, 'my-clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...stills.flatMap((s) => ['-loop', '1', '-t', '4', '-i', s]), '-filter_complex', `${scaled};[v0][v1][v2]concat=n=3:v=1:a=0[out]`, '-map', '[out]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out]);
  return out;
}

test('a scan with a reference video finds its edited copy on the sandbox tube site, confirmed by fingerprint, with the frame pair in review', async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, uniqueEmail('video'));
  const clip = await referenceClip(page.request);
  await page.getByRole('textbox', { name: 'Creator name' }).fill('Luna Vale');
  await page.getByLabel('Reference content').setInputFiles([clip]);
  await page.getByRole('button', { name: 'Start Protection Scan' }).click();

  // The scan card says what was done with the clip, then the dashboard moves to review.
  await expect(page.getByRole('note', { name: 'Reference video fingerprinted' })).toContainText(/my-clip\.mp4: \d+ frames hashed from 12 s of video/, { timeout: 240_000 });
  await expect(page.getByRole('heading', { name: 'Review results' })).toBeVisible({ timeout: 240_000 });

  await page.getByRole('tab', { name: /^Images/ }).click();
  const copy = page.getByRole('tabpanel').getByRole('article').filter({ has: page.getByTestId('video-frame-pair') }).filter({ hasText: 'tubeclips.example' }).first();
  await expect(copy.getByTestId('match-evidence')).toContainText(/Video copy matched by fingerprint: \d+ of \d+ sampled frames agreed/);
  const pair = copy.getByTestId('video-frame-pair');
  await expect(pair.getByText(/^Your reference, at \d+:\d\d$/)).toBeVisible();
  await expect(pair.getByText(/^Found copy, at \d+:\d\d$/)).toBeVisible();
  // Both frames are Vigil's stored thumbnails and load.
  for (const img of await pair.getByRole('img').all()) await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
});
