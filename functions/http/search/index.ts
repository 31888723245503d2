import { ulid } from 'ulid';
import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '../../../shared/references';
import { searchStartFieldsSchema } from '../../../shared/schemas/search-start';
import { putObject } from '../../adapters/s3';
import { startWorkflow } from '../../adapters/workflows';
import { config } from '../../lib/config';
import { HttpError, ValidationError } from '../../lib/errors';
import { contract } from '../../../shared/contract';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../../lib/http';
import { logger } from '../../lib/logger';
import { parseMultipart } from '../../lib/multipart';
import { recordSearchStarted } from '../../services/metrics';
import { checkReferenceFiles } from '../../services/references';
import { createSearch, finishSearch, type ReferenceFile } from '../../services/search/searches';
import type { SearchWorkflowInput } from '../../workflows/search/types';

class WorkflowUnavailableError extends HttpError {
  constructor() {
    super(503, 'WORKFLOW_UNAVAILABLE', 'The scan could not be started. Please try again in a minute.');
  }
}

/**
 * `POST /api/search` (multipart): every check happens before anything is written, so a refused request
 * stores nothing. Then the reference files go to S3, the search is written as `running`, and the search
 * workflow starts with an execution named after the search (a retried start cannot run it twice).
 */
const startSearch = userEndpoint(contract.startSearch, async ({ event, caller }) => {
  const { fields, files } = await parseMultipart(event, { maxFiles: MAX_REFERENCE_FILES, maxFileBytes: MAX_REFERENCE_FILE_BYTES });
  const parsed = searchStartFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
    throw new ValidationError(issues.map((i) => i.message).join('; '), issues);
  }
  const input = parsed.data;
  const userId = resolveUserParam(caller, input.userId || 'me');
  const references = await checkReferenceFiles(files.filter((f) => f.field === 'referenceFiles'));
  if (input.query.length === 0 && references.length === 0) {
    throw new ValidationError('Enter a creator name or upload at least one reference file.', [
      { path: 'body.query', message: 'Enter a creator name or upload at least one reference file.' },
    ]);
  }

  const searchId = ulid();
  const stored: (ReferenceFile & { kind: 'image' | 'video' })[] = [];
  for (const ref of references) {
    const id = ulid();
    const key = `references/${userId}/${searchId}/${id}.${ref.extension}`;
    await putObject(config().uploadsBucket, key, ref.content, ref.mime, { filename: encodeURIComponent(ref.filename) });
    stored.push({ id, key, filename: ref.filename, mediaType: ref.mime, kind: ref.kind });
  }
  const query = input.query.join(', ');
  await createSearch({
    id: searchId,
    userId,
    query,
    searchEngines: input.searchEngines,
    contentType: input.contentType,
    references: stored.map(({ kind: _kind, ...r }) => r),
  });

  const workflowInput: SearchWorkflowInput = {
    searchId,
    userId,
    names: input.query,
    engines: input.searchEngines,
    contentType: input.contentType,
    references: stored.map((r) => ({ id: r.id, key: r.key, kind: r.kind, mediaType: r.mediaType })),
  };
  try {
    const arn = config().searchStateMachineArn;
    if (!arn) throw new Error('SEARCH_STATE_MACHINE_ARN is not configured');
    await startWorkflow(arn, searchId, workflowInput);
  } catch (err) {
    logger.error('search workflow did not start', { searchId, error: err as Error });
    await finishSearch(searchId, { status: 'failed', successfulEngines: [], failedEngines: input.searchEngines, error: 'The scan could not be started.' });
    throw new WorkflowUnavailableError();
  }
  await recordSearchStarted({
    userId,
    engines: input.searchEngines,
    contentType: input.contentType,
    names: input.query.length,
    referenceImages: stored.filter((r) => r.kind === 'image').length,
  });
  return json({ id: searchId, query, searchEngines: input.searchEngines }, 201);
});

export const handler = areaHandler('search', [startSearch]);
