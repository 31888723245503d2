import { logger } from '../../lib/logger';
import { afterMonitorRun } from '../../services/monitors/follow-up';
import { closeSearch } from '../../services/search/scan-steps';
import type { FinalSearchStatus, SearchMetadata } from '../../../shared/schemas/search';
import { recordDiscoveredChannels, recordScanChannels } from '../../services/search/sources';
import type { SearchState } from './types';
import { traced } from '../../lib/tracer';

/**
 * The final status of a scan: `failed` when a step outside the engine Map failed or no engine answered;
 * `partial` when some engines failed; `completed` otherwise.
 */
export function outcomeOf(state: SearchState): { status: FinalSearchStatus; successfulEngines: string[]; failedEngines: string[]; sources: SourceBranch[] } {
  const results = state.engineResults ?? [];
  const successfulEngines = results.filter((r) => r.ok).map((r) => r.engine);
  const answered = new Set(successfulEngines);
  const failedEngines = state.engines.filter((e) => !answered.has(e));
  const sources = sourceBranches(state);
  const sourcesAnswered = sources.filter((s) => s.ok).length;
  if (state.failure || successfulEngines.length + sourcesAnswered === 0) return { status: 'failed', successfulEngines, failedEngines, sources };
  const partial = failedEngines.length > 0 || sources.some((s) => !s.ok || s.reason);
  return { status: partial ? 'partial' : 'completed', successfulEngines, failedEngines, sources };
}

type SourceBranch = NonNullable<SearchMetadata['sources']>[number];

/**
 * Each source's branch as the scan's metadata records it (issue 25): answered (`ok`) with its candidates, and a
 * reason when it stopped early; or failed with the reason. A source the Map never reached (a step before it
 * failed) is failed too.
 */
export function sourceBranches(state: SearchState): SourceBranch[] {
  const results = state.sourceResults ?? [];
  return (state.sources ?? []).map((spec, i): SourceBranch => {
    const r = results[i];
    const base = { kind: spec.kind, target: spec.target };
    if (!r) return { ...base, ok: false, candidates: 0, reason: 'The source was not read: the scan stopped before it.' };
    if (!r.ok) return { ...base, ok: false, candidates: 0, reason: `The source could not be read (${r.error}).` };
    const failed = r.result.stoppedBecause !== undefined && r.result.requests === 0 && r.result.posts === 0;
    return {
      ...base,
      ok: !failed,
      candidates: r.result.candidates,
      requests: r.result.requests,
      ...(r.result.seconds !== undefined ? { seconds: r.result.seconds } : {}),
      ...(r.result.stoppedBecause ? { reason: r.result.stoppedBecause } : {}),
    };
  });
}

/** Finalize task: closes the search with its status and metadata; every path of the workflow ends here. */
export async function finalize(state: SearchState): Promise<{ status: FinalSearchStatus }> {
  const outcome = outcomeOf(state);
  if (state.failure) logger.error('search workflow step failed', { searchId: state.searchId, failure: state.failure });
  const { finished, search } = await closeSearch(state.searchId, {
    ...outcome,
    error: outcome.status === 'failed' ? 'The scan could not be completed.' : undefined,
  });
  // Channel discovery (issue 25): Telegram channels the posts and results link to, offered on the monitor's page
  // for a monitor run, on the scan's page for a manual scan.
  const channels = [...(state.triage?.telegramChannels ?? []), ...(state.sourceResults ?? []).flatMap((r) => (r.ok ? r.result.telegramChannels : []))];
  if (finished && !state.monitorId) {
    await recordScanChannels(state.searchId, channels).catch((err) => logger.warn('discovered channels not recorded', { searchId: state.searchId, error: err as Error }));
  }
  // A monitor run: novelty alerts and the re-check of resolved copies, once, by the call that closed the run.
  if (finished && state.monitorId) {
    await recordDiscoveredChannels(state.monitorId, channels).catch((err) =>
      logger.warn('discovered channels not recorded', { searchId: state.searchId, monitorId: state.monitorId, error: err as Error }),
    );
    await afterMonitorRun(state.searchId, state.monitorId).catch((err) =>
      logger.error('monitor follow-up failed', { searchId: state.searchId, monitorId: state.monitorId, error: err as Error }),
    );
  }
  return { status: search.status as FinalSearchStatus };
}

export const handler = traced(finalize);
