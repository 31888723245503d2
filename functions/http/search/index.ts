import { contract } from '../../../shared/contract';
import { areaHandler, json, userEndpoint } from '../chain';
import { storeReferences } from '../../services/references';
import { startScan } from '../../services/search/start-scan';
import { parseScanRequest } from '../scan-request';
import { checkSources, siteRuleSummaries } from '../../services/search/sources';

/**
 * `POST /api/search` (multipart): every check happens before anything is written, so a refused request
 * stores nothing. Then the reference files go to S3 and the scan starts through the one start-scan service.
 */
const startSearch = userEndpoint(contract.startSearch, async ({ event, caller }) => {
  const { userId, input, references } = await parseScanRequest(event, caller);
  const started = await startScan({
    userId,
    names: input.query,
    engines: input.searchEngines,
    contentType: input.contentType,
    origin: 'manual',
    sources: checkSources(input.sources),
    // Stored only once the scan is admitted, so a refused request stores nothing.
    storeReferences: (searchId) => storeReferences(userId, searchId, references),
    referenceImages: references.filter((r) => r.kind === 'image').length,
  });
  return json(started, 201);
});

/** `GET /api/sources/sites`: the leak sites the scan and monitor forms offer (issue 25). */
const sourceSites = userEndpoint(contract.sourceSites, async () => json(siteRuleSummaries()));

export const handler = areaHandler('search', [startSearch, sourceSites]);
