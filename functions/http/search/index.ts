import { contract } from '../../../shared/contract';
import { MAX_REFERENCE_FILE_BYTES, MAX_REFERENCE_FILES } from '../../../shared/references';
import { libraryUploadFieldsSchema } from '../../../shared/schemas/library';
import { areaHandler, json, resolveUserParam, userEndpoint } from '../chain';
import { parseMultipart } from '../../lib/multipart';
import { parseOrThrow } from '../../lib/validation';
import { addToLibrary, deleteLibraryReference, listLibrary, updateLibraryReference } from '../../services/library';
import { checkReferenceFiles, storeReferences } from '../../services/references';
import { startScan } from '../../services/search/start-scan';
import { parseScanRequest } from '../scan-request';
import { deleteSearch } from '../../services/account-data/delete-search';
import { checkSources, siteRuleSummaries } from '../../services/search/sources';

/**
 * `POST /api/search` (multipart): every check happens before anything is written, so a refused request
 * stores nothing. Then the reference files go to S3 and the scan starts through the one start-scan service.
 */
const startSearch = userEndpoint(contract.startSearch, async ({ event, caller }) => {
  const { userId, input, references, libraryReferences } = await parseScanRequest(event, caller);
  const started = await startScan({
    userId,
    names: input.query,
    engines: input.searchEngines,
    contentType: input.contentType,
    origin: 'manual',
    sources: checkSources(input.sources),
    // Stored only once the scan is admitted, so a refused request stores nothing.
    // Uploads join the creator's reference library; chosen library files are reused as they are.
    storeReferences: async () => [...libraryReferences, ...(await storeReferences(userId, references))],
    referenceImages: [...references, ...libraryReferences].filter((r) => r.kind === 'image').length,
  });
  return json(started, 201);
});

/** `DELETE /api/search/{id}`: the owner's finished scan, its results and its files (anyone else's is a 404). */
const deleteSearchEndpoint = userEndpoint(contract.deleteSearch, async ({ params, caller }) => {
  await deleteSearch(caller.userId, params.id);
  return { status: 204 };
});

/*
 * The reference library (issue 26). Listing and adding follow resolveUserParam (me, own id, or an admin); a
 * change or deletion by file id is the owner's only: the id is looked up in the caller's own library, so anyone
 * else gets 404.
 */
const listLibraryEndpoint = userEndpoint(contract.listLibrary, async ({ params, caller }) => json(await listLibrary(resolveUserParam(caller, params.id))));

const addLibraryEndpoint = userEndpoint(contract.addLibrary, async ({ event, params, caller }) => {
  const userId = resolveUserParam(caller, params.id);
  const { fields, files } = await parseMultipart(event, { maxFiles: MAX_REFERENCE_FILES, maxFileBytes: MAX_REFERENCE_FILE_BYTES });
  const facts = parseOrThrow(libraryUploadFieldsSchema, fields, 'body');
  const checked = await checkReferenceFiles(files.filter((f) => f.field === 'referenceFiles'));
  return json(await addToLibrary(userId, checked, facts), 201);
});

const updateLibraryEndpoint = userEndpoint(contract.updateLibrary, async ({ params, body, caller }) => json(await updateLibraryReference(caller.userId, params.id, body)));

const deleteLibraryEndpoint = userEndpoint(contract.deleteLibrary, async ({ params, caller }) => {
  await deleteLibraryReference(caller.userId, params.id);
  return { status: 204 };
});

/** `GET /api/sources/sites`: the leak sites the scan and monitor forms offer (issue 25). */
const sourceSites = userEndpoint(contract.sourceSites, async () => json(siteRuleSummaries()));

export const handler = areaHandler('search', [startSearch, sourceSites, deleteSearchEndpoint, listLibraryEndpoint, addLibraryEndpoint, updateLibraryEndpoint, deleteLibraryEndpoint]);
