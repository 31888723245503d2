import { logger } from '../../lib/logger';
import { afterMonitorRun } from '../../services/monitors/follow-up';
import { closeSearch } from '../../services/search/scan-steps';
import type { FinalSearchStatus } from '../../../shared/schemas/search';
import type { SearchState } from './types';
import { traced } from '../../lib/tracer';

/**
 * The final status of a scan: `failed` when a step outside the engine Map failed or no engine answered;
 * `partial` when some engines failed; `completed` otherwise.
 */
export function outcomeOf(state: SearchState): { status: FinalSearchStatus; successfulEngines: string[]; failedEngines: string[] } {
  const results = state.engineResults ?? [];
  const successfulEngines = results.filter((r) => r.ok).map((r) => r.engine);
  const answered = new Set(successfulEngines);
  const failedEngines = state.engines.filter((e) => !answered.has(e));
  if (state.failure || successfulEngines.length === 0) return { status: 'failed', successfulEngines, failedEngines };
  return { status: failedEngines.length > 0 ? 'partial' : 'completed', successfulEngines, failedEngines };
}

/** Finalize task: closes the search with its status and metadata; every path of the workflow ends here. */
export async function finalize(state: SearchState): Promise<{ status: FinalSearchStatus }> {
  const outcome = outcomeOf(state);
  if (state.failure) logger.error('search workflow step failed', { searchId: state.searchId, failure: state.failure });
  const { finished, search } = await closeSearch(state.searchId, {
    ...outcome,
    error: outcome.status === 'failed' ? 'The scan could not be completed.' : undefined,
  });
  // A monitor run: novelty alerts and the re-check of resolved copies, once, by the call that closed the run.
  if (finished && state.monitorId) {
    await afterMonitorRun(state.searchId, state.monitorId).catch((err) =>
      logger.error('monitor follow-up failed', { searchId: state.searchId, monitorId: state.monitorId, error: err as Error }),
    );
  }
  return { status: search.status as FinalSearchStatus };
}

export const handler = traced(finalize);
