import type { NewResult } from '../../services/search/results';
import { saveTriagedResults } from '../../services/search/scan-steps';
import { setSearchNewCount, updateSearchProgress } from '../../services/search/searches';
import type { SearchState } from './types';
import { getWork } from './work-store';
import { traced } from '../../lib/tracer';

/** Persist task: writes the triaged results and the user's counters (idempotent: result ids derive from the URL). */
export async function persist(state: SearchState): Promise<{ persisted: number }> {
  if (!state.triage) return { persisted: 0 };
  await updateSearchProgress(state.searchId, { stage: 'persisting' });
  const results = await getWork<NewResult[]>(state.triage.triagedKey);
  // A retried task finds its batch already counted and counts nothing (neither globally nor for the user).
  const { ids, newCount } = await saveTriagedResults(state.searchId, state.userId, results);
  if (state.monitorId) await setSearchNewCount(state.searchId, newCount);
  return { persisted: ids.length };
}

export const handler = traced(persist);
