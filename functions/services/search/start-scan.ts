import { ulid } from 'ulid';
import type { ScanOrigin } from '../../../shared/schemas/monitor';
import type { SourceSpec } from '../../../shared/schemas/sources';
import type { SearchWorkflowInput } from '../../../shared/workflows/search';
import { startWorkflow } from '../../adapters/workflows';
import { config } from '../../lib/config';
import { WorkflowUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { admitScan } from '../allowances';
import { estimateProviderCalls, recordSearchStarted } from '../metrics';
import { createSearch, finishSearch, type ReferenceFile } from './searches';

export interface StoredReference extends ReferenceFile {
  kind: 'image' | 'video';
}

export interface StartScan {
  userId: string;
  names: string[];
  engines: string[];
  contentType: string;
  /** Reference files already stored in the uploads bucket. */
  references?: StoredReference[];
  /** Stores the request's reference files under the scan's id; called only once the scan is admitted. */
  storeReferences?: (searchId: string) => Promise<StoredReference[]>;
  /** With `storeReferences`: how many of the files to store are images (each is one reverse image search per engine). */
  referenceImages?: number;
  origin: ScanOrigin;
  /** Set for monitor runs: the scan is tagged with its monitor. */
  monitorId?: string;
  /** Lets the caller choose the id (to store reference files under it first). */
  searchId?: string;
  /** Issue 25: sources read directly, next to the engines. */
  sources?: SourceSpec[];
  /** Monitor runs: the previous run's start, so sources read only newer posts. */
  since?: string;
}

/**
 * The one way a scan starts (manual `POST /api/search`, a monitor's run-now, the monitor dispatcher): writes the
 * search as `running`, starts the search workflow with an execution named after the search (a retried start is
 * refused by Step Functions, never run twice) and records the metric. If the execution cannot start, the search
 * is closed as `failed` and WorkflowUnavailableError (503) is thrown.
 */
export async function startScan(input: StartScan): Promise<{ id: string; query: string; searchEngines: string[] }> {
  const searchId = input.searchId ?? ulid();
  // The slot (scans a person starts), the creator's scan allowance and the platform's provider budget (every
  // run, scheduled ones included), before anything is stored.
  const providerSearches = estimateProviderCalls({
    engines: input.engines.length,
    contentType: input.contentType,
    names: input.names.length,
    referenceImages: input.referenceImages ?? (input.references ?? []).filter((r) => r.kind === 'image').length,
  });
  const admission = await admitScan(input.userId, searchId, input.origin, providerSearches);
  try {
    const references = input.storeReferences ? await input.storeReferences(searchId) : (input.references ?? []);
    return await launchScan({ ...input, references }, searchId);
  } catch (err) {
    // The scan did not start: its unit of the allowance and the slot go back.
    await admission.release();
    throw err;
  }
}

async function launchScan(input: StartScan & { references: StoredReference[] }, searchId: string) {
  const query = input.names.join(', ');
  await createSearch({
    id: searchId,
    userId: input.userId,
    query,
    searchEngines: input.engines,
    contentType: input.contentType,
    references: input.references.map(({ kind: _kind, ...r }) => r),
    origin: input.origin,
    monitorId: input.monitorId,
    sources: input.sources,
  });
  const workflowInput: SearchWorkflowInput = {
    searchId,
    userId: input.userId,
    names: input.names,
    engines: input.engines,
    contentType: input.contentType,
    references: input.references.map((r) => ({ id: r.id, key: r.key, kind: r.kind, mediaType: r.mediaType })),
    ...(input.monitorId ? { monitorId: input.monitorId } : {}),
    sources: (input.sources ?? []).map(({ kind, target }) => ({ kind, target })),
    since: input.since ?? null,
  };
  try {
    const arn = config().searchStateMachineArn;
    if (!arn) throw new Error('SEARCH_STATE_MACHINE_ARN is not configured');
    await startWorkflow(arn, searchId, workflowInput);
  } catch (err) {
    logger.error('search workflow did not start', { searchId, error: err as Error });
    await finishSearch(searchId, { status: 'failed', successfulEngines: [], failedEngines: input.engines, error: 'The scan could not be started.' });
    throw new WorkflowUnavailableError('The scan could not be started. Please try again in a minute.');
  }
  await recordSearchStarted({
    userId: input.userId,
    engines: input.engines,
    contentType: input.contentType,
    names: input.names.length,
    referenceImages: input.references.filter((r) => r.kind === 'image').length,
  });
  return { id: searchId, query, searchEngines: input.engines };
}
