import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '../../../shared/references';
import { searchStartFieldsSchema } from '../../../shared/schemas/search-start';
import { contract } from '../../../shared/contract';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../../lib/http';
import { parseOrThrow } from '../../lib/validation';
import { parseMultipart } from '../../lib/multipart';
import { startSearch } from '../../services/search/start-search';

/** `POST /api/search` (multipart: names, engines, reference files): a manual scan, started by the service. */
const startSearchEndpoint = userEndpoint(contract.startSearch, async ({ event, caller }) => {
  const { fields, files } = await parseMultipart(event, { maxFiles: MAX_REFERENCE_FILES, maxFileBytes: MAX_REFERENCE_FILE_BYTES });
  const input = parseOrThrow(searchStartFieldsSchema, fields, 'body');
  const userId = resolveUserParam(caller, input.userId || 'me');
  const started = await startSearch({
    userId,
    names: input.query,
    engines: input.searchEngines,
    contentType: input.contentType,
    files: files.filter((f) => f.field === 'referenceFiles'),
    origin: 'manual',
  });
  return json(started, 201);
});

export const handler = areaHandler('search', [startSearchEndpoint]);
