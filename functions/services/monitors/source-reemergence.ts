import { safeFetch } from '../../adapters/fetch/safe-fetch';
import { getObject } from '../../adapters/s3';
import { connectorFor, loadSourcesConfig, type SourceCandidate, type SourceRun, type SourceSpec } from '../../adapters/sources';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { bestMatch, hashCandidate, hashReference, hashVideoReference, ReferenceSet } from '../../matching';
import { verifyCopy } from '../../matching/verify';
import { splitNames } from '../../../shared/schemas/search-start';
import { sourceKey } from '../../../shared/schemas/sources';
import { casesForUrls } from '../cases/case-urls';
import type { CaseRecord } from '../cases/case-store';
import { getSearch } from '../search/searches';
import { listResultsBySearch, type ResultRecord } from '../search/results';
import { recordSourceRead, recordSourceRun, sharedSourceLimiter } from '../search/sources';

/*
 * Re-emergence in sources (issue 25): a removed Telegram post, Reddit post or leak-site post does not come back at
 * its own link; it is posted again. So every re-emergence run (functions/jobs/reemergence.ts, every 4 hours) reads
 * again each source where a removed copy had appeared, once per creator and source, and a post in it that copies
 * the same reference file, posted after the removal, reopens the case.
 */

/** A removed copy that came from a source, waiting to be seen again there. */
export interface RemovedSourceCopy {
  case: Pick<CaseRecord, 'id' | 'userId' | 'infringingUrl' | 'resolvedAt' | 'outcome'>;
  result: Pick<ResultRecord, 'id' | 'searchId' | 'url' | 'confidence' | 'evidence' | 'monitorId'>;
}

/** A post that copies a removed copy's reference again. */
export interface Repost {
  caseId: string;
  url: string;
  postedAt?: string;
  referenceId: string;
}

/**
 * How far back a run reads a source: posts older than this were read by an earlier run (every 4 hours), so a
 * day leaves room for runs that failed or were late, and no run pages through months of a busy channel.
 */
export const SOURCE_RECHECK_LOOKBACK_HOURS = 24;

/** Pictures compared per source and run (each is a fetch and a decode): a cap, as a source's run has one. */
export const SOURCE_RECHECK_MAX_PICTURES = 120;

const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 8_000;
const SOURCE_RUN_MS = 100_000;

/** When a copy was removed: its outcome's time, else when the case was resolved. */
const removedAt = (c: RemovedSourceCopy['case']) => c.outcome?.at ?? c.resolvedAt;

/**
 * Which posts are reposts of which removed copies, given what each post's pictures copy (`copies(post)`, the
 * reference ids its media matched). A post is a repost of a removed copy when it is in the same source, copies
 * the same reference file, is not the removed copy's own link, has no case of its own, and was posted after the
 * removal (a post without a date: only when the scan that found the copy had not seen it, so a copy that was
 * there all along is never taken for one that came back). Pure: the run's fetching and matching are outside.
 */
export function repostsAmong(
  posts: readonly SourceCandidate[],
  removed: readonly RemovedSourceCopy[],
  copies: (post: SourceCandidate) => ReadonlySet<string>,
  known: { casedUrls: ReadonlySet<string>; seenUrls: ReadonlySet<string> },
): Repost[] {
  const out: Repost[] = [];
  for (const r of removed) {
    const reference = r.result.evidence.matchedReferenceId;
    const gone = removedAt(r.case);
    if (!reference || !gone) continue;
    const own = new Set([r.result.url, r.result.evidence.via?.postUrl, ...r.case.infringingUrl.split(/[\r\n]+/)].filter(Boolean).map((u) => u!.trim()));
    const post = posts.find((p) => {
      if (own.has(p.url) || known.casedUrls.has(p.url)) return false;
      if (p.postedAt ? !(Date.parse(p.postedAt) > Date.parse(gone)) : known.seenUrls.has(p.url)) return false;
      return copies(p).has(reference);
    });
    if (post) out.push({ caseId: r.case.id, url: post.url, referenceId: reference, ...(post.postedAt ? { postedAt: post.postedAt } : {}) });
  }
  return out;
}

/** The removed copies grouped by creator and source (kind and name): each group is one read of that source. */
export function groupBySource(removed: readonly RemovedSourceCopy[]): RemovedSourceCopy[][] {
  const groups = new Map<string, RemovedSourceCopy[]>();
  for (const r of removed) {
    const via = r.result.evidence.via;
    if (!via || !r.result.evidence.matchedReferenceId) continue;
    const key = `${r.case.userId} ${via.kind}:${via.target.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

/** Reads one source as the workflow's QuerySource task does: the connector, the deployment's settings, a time cap. */
export type ReadSource = (spec: SourceSpec, terms: string[], since: string) => Promise<SourceRun>;

const readSource: ReadSource = async (spec, terms, since) => {
  const connector = connectorFor(spec.kind, await loadSourcesConfig(), { deps: { limiter: sharedSourceLimiter() } });
  return connector.collect(spec, { terms, since }, { signal: AbortSignal.timeout(SOURCE_RUN_MS) });
};

/**
 * The reference files' fingerprints, from the scans that found the removed copies (their files stay in the
 * uploads bucket while a case uses them), each hashed once per run.
 */
interface References {
  set: ReferenceSet;
  /** The image references' bytes, for the verification of a grey-zone picture. */
  images: Map<string, Buffer>;
}

async function referenceSet(group: readonly RemovedSourceCopy[]): Promise<References | undefined> {
  const wanted = new Map<string, { key: string; video: boolean }>();
  for (const searchId of new Set(group.map((r) => r.result.searchId))) {
    const search = await getSearch(searchId);
    for (const ref of search?.references ?? []) {
      if (group.some((r) => r.result.evidence.matchedReferenceId === ref.id)) wanted.set(ref.id, { key: ref.key, video: ref.mediaType.startsWith('video/') });
    }
  }
  const refs: { id: string; hashes: Uint32Array; quality: number }[] = [];
  const images = new Map<string, Buffer>();
  for (const [id, { key, video }] of wanted) {
    try {
      const obj = await getObject(config().uploadsBucket, key);
      if (!obj) continue;
      if (!video) images.set(id, obj.body);
      const hashed = video ? await hashVideoReference(obj.body) : await hashReference(obj.body);
      if (hashed.hashes.length > 0) refs.push({ id, hashes: hashed.hashes, quality: hashed.quality });
    } catch (err) {
      logger.warn('re-emergence: reference not hashed', { referenceId: id, error: err as Error });
    }
  }
  return refs.length ? { set: ReferenceSet.from(refs), images } : undefined;
}

/**
 * What a post's pictures copy: each picture (a video's poster) fetched through the safe fetcher and matched as
 * Triage matches, a grey-zone distance decided by the geometric verification against the reference image.
 */
function postMatcher(refs: References) {
  let left = SOURCE_RECHECK_MAX_PICTURES;
  return async (post: SourceCandidate): Promise<Set<string>> => {
    const found = new Set<string>();
    for (const m of post.media) {
      const url = m.kind === 'video' ? m.thumbnailUrl : m.url;
      if (!url || left <= 0) continue;
      left -= 1;
      try {
        const res = await safeFetch(url, { accept: ['image/*'], maxBytes: IMAGE_MAX_BYTES, timeoutMs: IMAGE_TIMEOUT_MS });
        if (!res.ok) continue;
        const best = bestMatch(await hashCandidate(res.body), refs.set);
        if (!best) continue;
        const reference = best.needsVerification ? refs.images.get(best.referenceId) : undefined;
        const verified = reference ? (await verifyCopy(res.body, reference, `reemergence/${best.referenceId}`)).verified : false;
        if (best.isMatch || verified) found.add(best.referenceId);
      } catch (err) {
        logger.debug('re-emergence: picture not compared', { url, error: (err as Error).message });
      }
    }
    return found;
  };
}

/**
 * Reads each source where a removed copy had appeared (once per creator and source) and returns the posts that
 * bring a removed copy back. A source that cannot be read is recorded on its health and skipped until the next
 * run; nothing else fails.
 */
export async function findReposts(removed: readonly RemovedSourceCopy[], now: Date, deps: { read?: ReadSource } = {}): Promise<{ reposts: Repost[]; sourcesRead: number }> {
  const read = deps.read ?? readSource;
  const reposts: Repost[] = [];
  let sourcesRead = 0;
  for (const group of groupBySource(removed)) {
    const via = group[0]!.result.evidence.via!;
    const spec: SourceSpec = { kind: via.kind, target: via.target };
    const earliest = group.map((r) => removedAt(r.case)).filter((t): t is string => !!t).sort()[0];
    if (!earliest) continue;
    const floor = new Date(now.getTime() - SOURCE_RECHECK_LOOKBACK_HOURS * 3_600_000).toISOString();
    const since = earliest > floor ? earliest : floor;
    const search = await getSearch(group[0]!.result.searchId);
    const started = new Date();
    let run: SourceRun;
    try {
      run = await read(spec, splitNames(search?.query ?? ''), since);
    } catch (err) {
      const problem = (err as Error).message || (err as Error).name;
      logger.warn('re-emergence: source not read', { source: sourceKey(spec), error: err as Error });
      await recordSourceRun({ ...spec, at: started.toISOString(), ok: false, requests: 0, candidates: 0, rateLimitWaitMs: 0, problem }).catch(() => undefined);
      continue;
    }
    sourcesRead += 1;
    await recordSourceRead(spec, run, started.toISOString()).catch((err) => logger.warn('re-emergence: source health not recorded', { source: sourceKey(spec), error: err as Error }));
    // Only posts that could be reposts are fetched and matched: new since the removal, or undated.
    const candidates = run.candidates.filter((p) => p.media.length > 0 && (!p.postedAt || Date.parse(p.postedAt) > Date.parse(earliest)));
    if (candidates.length === 0) continue;
    const refs = await referenceSet(group);
    if (!refs) continue;
    const match = postMatcher(refs);
    const copies = new Map<string, Set<string>>();
    for (const post of candidates) copies.set(post.url, await match(post));
    const userId = group[0]!.case.userId;
    const cased = await casesForUrls(userId, candidates.map((p) => p.url));
    const seen = new Set<string>();
    for (const searchId of new Set(group.map((r) => r.result.searchId))) for (const r of await listResultsBySearch(searchId)) seen.add(r.url);
    reposts.push(...repostsAmong(candidates, group, (p) => copies.get(p.url) ?? new Set(), { casedUrls: new Set(cased.keys()), seenUrls: seen }));
  }
  return { reposts, sourcesRead };
}
