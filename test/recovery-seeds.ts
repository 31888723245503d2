import { claimSubmissionAttempt, getCase, putCase, type CaseRecord } from '../functions/services/cases/case-store';
import { createSearch } from '../functions/services/search/searches';

/*
 * Seeds of the recovery tests (sweep, execution-ended), stored through the services with ids the tests choose:
 * the recovery code finds a search or case by the id in its execution's name, so test/fixtures.ts's builders,
 * which make their own ids, do not fit. Kept under test/ so the workflow folders hold production code only.
 */

/** A search of `userId` with id `id`, running (as a scan's start stores it). */
export const searchWithId = (id: string, userId: string) => createSearch({ id, userId, query: 'Luna', searchEngines: ['google', 'bing'], contentType: 'images' });

/** A case of `userId` with id `id` whose first submission attempt is claimed (a notice on its way). */
export async function caseInSubmission(id: string, userId: string): Promise<CaseRecord> {
  const createdAt = new Date().toISOString();
  await putCase({
    id, userId, caseNumber: `VGL-2026-${id}`, searchResultId: `r-${id}`, infringingUrl: 'https://copy.example/a',
    originalUrl: 'https://me.example/a', description: 'mine', searchEngine: 'google', host: 'copy.example', origin: 'form', createdAt,
  });
  const c = (await getCase(id))!;
  expect(await claimSubmissionAttempt(c, 1, createdAt)).toBe(true);
  return c;
}
