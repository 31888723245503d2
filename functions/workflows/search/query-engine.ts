import { presignGet } from '../../adapters/s3';
import { OPS_METRICS, recordOpsMetric } from '../../adapters/metrics/ops-metrics';
import {
  ProviderQuotaError,
  loadProviderConfig,
  providerFor,
  ThrottledError,
  type Candidate,
  type Engine,
  type SearchKind,
  type SearchRequest,
} from '../../adapters/providers';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { getSearch, updateSearchProgress } from '../../services/search/searches';
import { splitNames } from '../../../shared/schemas/search-start';
import type { EngineOutcome, QueryEngineInput } from './types';
import { putWork, workKey } from './work-store';
import { traced } from '../../lib/tracer';

/** Reverse image search needs a public URL of the reference: a presigned GET valid for the search's duration. */
const REFERENCE_URL_SECONDS = 30 * 60;

/** The searches one engine runs for a scan: web always, images and videos as the scan's contentType asks, and reverse image per reference image. */
export function plannedRequests(
  engine: Engine,
  names: string[],
  contentType: string,
  referenceUrls: string[],
): SearchRequest[] {
  const kinds: SearchKind[] = ['web'];
  if (/images/.test(contentType)) kinds.push('images');
  if (/videos/.test(contentType)) kinds.push('videos');
  const requests: SearchRequest[] = [];
  for (const name of names) for (const kind of kinds) requests.push({ engine, kind, query: name });
  for (const imageUrl of referenceUrls) requests.push({ engine, kind: 'reverse_image', imageUrl });
  return requests;
}

/**
 * QueryEngine task (one Map branch): runs the engine's searches through its provider, stores the candidates
 * in S3 and records progress. Throws `ThrottledError` (the state machine retries it) when throttling persists,
 * and any other error when no search of the engine succeeded (the branch is caught and the engine counted as
 * failed); searches that fail next to successful ones are reported in `failedKinds`.
 */
export async function queryEngine(input: QueryEngineInput): Promise<EngineOutcome> {
  const search = await getSearch(input.searchId);
  if (!search) throw new Error(`search ${input.searchId} not found`);
  const provider = providerFor(input.engine as Engine, await loadProviderConfig());
  const names = splitNames(search.query);
  // The sandbox web (no provider key) is also shown the reference videos: it plants edited copies of each on its
  // tube and file-host sites, as a real web holds reuploads (issue 24). Real engines are asked about pictures only.
  const asked = [...(input.fingerprint?.reverseImageReferences ?? []), ...(provider.sandbox ? (input.fingerprint?.videoReferences ?? []) : [])];
  const referenceUrls = await Promise.all(asked.map((r) => presignGet(config().uploadsBucket, r.key, REFERENCE_URL_SECONDS)));
  const requests = plannedRequests(input.engine as Engine, names, search.contentType, referenceUrls).filter((r) =>
    provider.supports(r.engine, r.kind),
  );

  const settled = await Promise.allSettled(requests.map((r) => provider.search(r)));
  const candidates: Candidate[] = [];
  const failures: { kind: string; error: unknown }[] = [];
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') candidates.push(...s.value);
    else failures.push({ kind: requests[i].kind, error: s.reason });
  });
  // A used-up provider plan is named and counted (its alarm), and never retried as throttling.
  const quota = failures.filter((f) => f.error instanceof ProviderQuotaError);
  if (quota.length) {
    recordOpsMetric(OPS_METRICS.providerQuotaErrors, quota.length);
    logger.error('search provider quota used up', { engine: input.engine, error: quota[0].error as Error });
  }
  if (requests.length > 0 && failures.length === requests.length) {
    const throttled = failures.find((f) => f.error instanceof ThrottledError);
    throw throttled?.error ?? failures[0].error;
  }
  for (const f of failures) logger.warn('engine search failed', { engine: input.engine, kind: f.kind, error: f.error as Error });

  const candidatesKey = workKey(input.searchId, `engine-${input.engine}`);
  await putWork(candidatesKey, candidates);
  await updateSearchProgress(input.searchId, {
    stage: 'searching',
    increment: { enginesDone: 1, candidatesFound: candidates.length },
  });
  return {
    candidatesKey,
    candidates: candidates.length,
    failedKinds: failures.map((f) => f.kind),
    sandbox: provider.sandbox,
  };
}

/** Lambda entry of the QueryEngine task (found missing by running the deployed bundle: VIGIL_HANDLERS=bundles). */
export const handler = traced(queryEngine);
