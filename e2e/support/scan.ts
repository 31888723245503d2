import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { demoPhoto } from './photos';

/** Downloads the sandbox's demo originals, made this journey's own (photos.ts), to files the file picker can upload. */
export async function demoPhotos(request: APIRequestContext): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vigil-e2e-'));
  const files: string[] = [];
  for (const n of [1, 2]) {
    const file = join(dir, `luna-${n}.jpg`);
    writeFileSync(file, await demoPhoto(request, n));
    files.push(file);
  }
  return files;
}

/** Runs a name-and-photos scan from the dashboard and waits for the review step. */
export async function scanLunaVale(page: Page): Promise<void> {
  const photos = await demoPhotos(page.request);
  await page.getByRole('textbox', { name: 'Creator name' }).fill('Luna Vale');
  await page.getByLabel('Reference content').setInputFiles(photos);
  await page.getByRole('button', { name: 'Start Protection Scan' }).click();
  await expect(page.getByRole('heading', { name: 'Review results' })).toBeVisible({ timeout: 60_000 });
}

/** The creator's counters as the API has them. */
export async function stats(page: Page): Promise<{ pendingReview: number; activeViolations: number }> {
  return (await page.request.get('/api/user/me/stats')).json();
}
