import type { FinalSearchStatus } from '../../../shared/schemas/search';
import { recordResultsPersisted, recordSearchFinished } from '../metrics';
import { persistResults, type NewResult, type PersistOutcome } from './results';
import { finishSearch, type FinishSearch, type SearchRecord } from './searches';

/*
 * The search workflow's writes that the admin figures count: a batch of results persisted, a scan closed.
 * The metric hooks are called here (services), never from the workflow tasks.
 */

/** Persists a triaged batch and counts it once (a retried batch counts nothing, globally or for the user). */
export async function saveTriagedResults(searchId: string, userId: string, results: NewResult[]): Promise<PersistOutcome> {
  const outcome = await persistResults(searchId, results);
  if (!outcome.alreadyPersisted) await recordResultsPersisted(outcome.ids.length, undefined, userId);
  return outcome;
}

/** Closes a scan with its final status; counts the outcome only when this call closed it. */
export async function closeSearch(
  searchId: string,
  outcome: FinishSearch & { status: FinalSearchStatus },
): Promise<{ finished: boolean; search: SearchRecord }> {
  const closed = await finishSearch(searchId, outcome);
  // The time from start to finish feeds the scan form's stated processing time (services/admin/public-stats.ts).
  if (closed.finished) await recordSearchFinished(outcome.status, undefined, Date.now() - Date.parse(closed.search.createdAt));
  return closed;
}
