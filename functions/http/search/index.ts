import { ulid } from 'ulid';
import { contract } from '../../../shared/contract';
import { putObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { areaHandler, json, userEndpoint } from '../../lib/http';
import { startScan, type StoredReference } from '../../services/search/start-scan';
import { parseScanRequest } from '../scan-request';

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
    // Stored only once the scan is admitted, so a refused request stores nothing.
    storeReferences: async (searchId) => {
      const stored: StoredReference[] = [];
      for (const ref of references) {
        const id = ulid();
        const key = `references/${userId}/${searchId}/${id}.${ref.extension}`;
        await putObject(config().uploadsBucket, key, ref.content, ref.mime, { filename: encodeURIComponent(ref.filename) });
        stored.push({ id, key, filename: ref.filename, mediaType: ref.mime, kind: ref.kind });
      }
      return stored;
    },
  });
  return json(started, 201);
});

export const handler = areaHandler('search', [startSearch]);
