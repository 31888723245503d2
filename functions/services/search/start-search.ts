import { ulid } from 'ulid';
import { startWorkflow } from '../../adapters/workflows';
import { putObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { ValidationError, WorkflowUnavailableError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { UploadedFile } from '../../lib/multipart';
import type { SearchWorkflowInput } from '../../workflows/search/types';
import { recordSearchStarted } from '../metrics';
import { admitScan } from '../allowances';
import { checkReferenceFiles, type CheckedReference } from '../references';
import { createSearch, finishSearch, type ReferenceFile, type SearchOrigin } from './searches';

export interface StartSearchInput {
  userId: string;
  /** Creator names to search for (may be empty when reference files are given). */
  names: string[];
  engines: string[];
  contentType: string;
  /** Uploaded reference files, checked here by their bytes before anything is stored. */
  files?: UploadedFile[];
  /** Who started the scan: the creator's form (default), a monitor's "Run now", or a monitor's schedule. */
  origin?: SearchOrigin;
}

export interface StartedSearch {
  id: string;
  query: string;
  searchEngines: string[];
}

/**
 * Starts a scan; every scan starts here. Every check happens before anything is written, so a refused start
 * stores nothing; then the scan is admitted (plan allowance and one running scan, issue 10). Then the reference files go to S3, the search is written as `running` (tagged with its
 * origin), and the search workflow starts with an execution named after the search (a retried start cannot
 * run it twice). A workflow that does not start fails the search and throws {@link WorkflowUnavailableError}.
 */
export async function startSearch(input: StartSearchInput): Promise<StartedSearch> {
  const { userId, names, origin = 'manual' } = input;
  const references = await checkReferenceFiles(input.files ?? []);
  if (names.length === 0 && references.length === 0) {
    throw new ValidationError('Enter a creator name or upload at least one reference file.', [
      { path: 'body.query', message: 'Enter a creator name or upload at least one reference file.' },
    ]);
  }

  const searchId = ulid();
  // The scan allowance and the one-running-scan slot, after validation and before anything is stored
  // (scheduled monitor runs are paced by their monitor instead).
  const admission = await admitScan(userId, searchId, origin);
  try {
    return await launchSearch(searchId, { ...input, origin }, references);
  } catch (err) {
    // The scan did not start: its unit of the allowance and the slot go back.
    await admission.release();
    throw err;
  }
}

async function launchSearch(
  searchId: string,
  input: StartSearchInput & { origin: SearchOrigin },
  references: CheckedReference[],
): Promise<StartedSearch> {
  const { userId, names, engines, contentType, origin } = input;
  const stored: (ReferenceFile & { kind: 'image' | 'video' })[] = [];
  for (const ref of references) {
    const id = ulid();
    const key = `references/${userId}/${searchId}/${id}.${ref.extension}`;
    await putObject(config().uploadsBucket, key, ref.content, ref.mime, { filename: encodeURIComponent(ref.filename) });
    stored.push({ id, key, filename: ref.filename, mediaType: ref.mime, kind: ref.kind });
  }
  const query = names.join(', ');
  await createSearch({
    id: searchId,
    userId,
    query,
    searchEngines: engines,
    contentType,
    origin,
    references: stored.map(({ kind: _kind, ...r }) => r),
  });

  const workflowInput: SearchWorkflowInput = {
    searchId,
    userId,
    names,
    engines,
    contentType,
    references: stored.map((r) => ({ id: r.id, key: r.key, kind: r.kind, mediaType: r.mediaType })),
  };
  try {
    const arn = config().searchStateMachineArn;
    if (!arn) throw new Error('SEARCH_STATE_MACHINE_ARN is not configured');
    await startWorkflow(arn, searchId, workflowInput);
  } catch (err) {
    logger.error('search workflow did not start', { searchId, error: err as Error });
    await finishSearch(searchId, { status: 'failed', successfulEngines: [], failedEngines: engines, error: 'The scan could not be started.' });
    throw new WorkflowUnavailableError('The scan could not be started. Please try again in a minute.');
  }
  await recordSearchStarted({
    userId,
    engines,
    contentType,
    names: names.length,
    referenceImages: stored.filter((r) => r.kind === 'image').length,
  });
  return { id: searchId, query, searchEngines: engines };
}
