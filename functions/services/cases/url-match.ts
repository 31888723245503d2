import pMap from 'p-map';
import { splitResultUrls } from '../../../shared/schemas/cases';
import { safeFetch } from '../../adapters/fetch/safe-fetch';
import { getObject, parseStorageRef } from '../../adapters/s3';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { bestMatch, hashCandidate, hashReference, ReferenceSet } from '../../matching';
import { canonicalUrl } from '../search/canonical-url';
import type { ResultRecord } from '../search/results';
import { getSearch } from '../search/searches';
import { pageImages } from './page-check';

/*
 * Notices name only URLs Vigil found and matched (issue 23). A URL of the result itself (canonicalised) was
 * found and matched by the scan. Any other URL the creator names is fetched here through the safe fetcher and
 * matched against the references of the result's scan, by the fingerprint alone (the strict rule: no grey zone
 * without the scan's verifier); it may be named only when one of its pictures is a copy.
 */

const PAGE_MAX_BYTES = 8 * 1024 * 1024;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
/** Pictures of a page compared at most (the first ones in page order). */
const MAX_PAGE_IMAGES = 12;

/** How a URL came to be named: the scan found it, or the creator named it and Vigil matched it on fetching. */
export type UrlProvenance = { url: string; how: 'found' } | { url: string; how: 'fetched-match'; distance: number; referenceId: string; at: string };

/** The result's own URLs, canonical. */
export function resultCanonicalUrls(result: Pick<ResultRecord, 'url'>): Set<string> {
  return new Set(splitResultUrls(result.url).map(canonicalUrl));
}

/** The references (images) of the result's scan, hashed (read from storage; a video reference is skipped). */
async function referenceSetOf(result: ResultRecord): Promise<ReferenceSet | undefined> {
  const search = await getSearch(result.searchId);
  const refs = (search?.references ?? []).filter((r) => r.mediaType.startsWith('image/'));
  const hashed = await pMap(
    refs,
    async (r) => {
      const at = parseStorageRef(r.key, config().uploadsBucket);
      const object = at?.kind === 's3' ? await getObject(at.bucket, at.key) : undefined;
      if (!object) return undefined;
      try {
        const h = await hashReference(object.body);
        return { id: r.id, hashes: h.hashes, quality: h.quality };
      } catch {
        return undefined;
      }
    },
    { concurrency: 2 },
  );
  const ok = hashed.filter((h): h is NonNullable<typeof h> => !!h);
  return ok.length > 0 ? ReferenceSet.from(ok) : undefined;
}

async function fetchBody(url: string, accept?: string[]): Promise<{ body: Buffer; contentType?: string; url: string } | undefined> {
  try {
    const res = await safeFetch(url, { maxBytes: accept ? IMAGE_MAX_BYTES : PAGE_MAX_BYTES, timeoutMs: TIMEOUT_MS, ...(accept ? { accept } : {}) });
    return res.ok ? { body: res.body, contentType: res.contentType, url: res.url } : undefined;
  } catch (err) {
    logger.debug('submitted URL not fetched', { url, error: (err as Error).message });
    return undefined;
  }
}

/** The closest copy of a reference among the pictures at `url` (itself a picture, or a page showing some). */
async function matchAt(url: string, refs: ReferenceSet): Promise<{ distance: number; referenceId: string } | 'unreachable' | undefined> {
  const page = await fetchBody(url);
  if (!page) return 'unreachable';
  const ct = (page.contentType ?? '').toLowerCase();
  const pictures: Buffer[] = [];
  if (ct.startsWith('image/')) pictures.push(page.body);
  else if (/^(text\/html|application\/xhtml\+xml)/.test(ct)) {
    const urls = pageImages(page.body.toString('utf8'), page.url).slice(0, MAX_PAGE_IMAGES);
    const fetched = await pMap(urls, (u) => fetchBody(u, ['image/*']), { concurrency: 4 });
    for (const f of fetched) if (f) pictures.push(f.body);
  }
  let best: { distance: number; referenceId: string } | undefined;
  for (const picture of pictures) {
    try {
      const m = bestMatch(await hashCandidate(picture), refs);
      if (m?.isMatch && (!best || m.distance < best.distance)) best = { distance: m.distance, referenceId: m.referenceId };
    } catch {
      // not a picture the matcher reads: the next one
    }
  }
  return best;
}

/**
 * Checks that every URL may be named in a notice about `result`: its own URLs pass; any other is fetched and
 * matched. Returns each URL's provenance, or the refusal naming the first URL that may not be named.
 */
export async function checkNamedUrls(result: ResultRecord, urls: string[], now = new Date()): Promise<{ ok: UrlProvenance[] } | { refused: string; url: string }> {
  const own = resultCanonicalUrls(result);
  const out: UrlProvenance[] = [];
  let refs: ReferenceSet | undefined | null = null;
  for (const url of urls) {
    if (own.has(canonicalUrl(url))) {
      out.push({ url, how: 'found' });
      continue;
    }
    refs ??= await referenceSetOf(result);
    if (!refs) {
      return { url, refused: `${url.slice(0, 200)} was not found by this scan, and the scan has no reference picture to match it against, so it cannot be named in a notice.` };
    }
    const m = await matchAt(url, refs);
    if (m === 'unreachable') return { url, refused: `${url.slice(0, 200)} was not found by this scan and could not be fetched to check it, so it cannot be named in a notice.` };
    if (!m) return { url, refused: `${url.slice(0, 200)} was not found by this scan and does not show a copy of your reference files, so it cannot be named in a notice.` };
    out.push({ url, how: 'fetched-match', distance: m.distance, referenceId: m.referenceId, at: now.toISOString() });
  }
  return { ok: out };
}
