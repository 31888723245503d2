import pMap from 'p-map';
import { safeFetch } from '../../adapters/fetch/safe-fetch';
import type { Candidate } from '../../adapters/providers';
import { logger } from '../../lib/logger';
import { bestMatch, decodeHashes, hashCandidate, hashToHex, ReferenceSet } from '../../matching';
import { withoutAllowlisted } from '../../services/allowlist';
import { enrolledFaces, type EnrolledFace } from '../../services/likeness/status';
import { storeEvidenceImage, storeThumbnail } from '../../services/evidence/images';
import type { NewResult } from '../../services/search/results';
import { getSearch, updateSearchProgress } from '../../services/search/searches';
import { LIKENESS_PICTURES_PER_SCAN } from '../../../shared/plans';
import type { ResultContentType } from '../../../shared/schemas/search';
import { splitNames } from '../../../shared/schemas/search-start';
import type { StoredFingerprint } from './fingerprint';
import { classifySite, nameMatch, scoreCandidate } from './scoring';
import { makeVerifier } from './triage-verify';
import { examineVideo, isVideoCandidate, makeReferenceFrames, type VideoExamination } from './triage-video';
import { videoSamplingConfig } from '../../lib/config';
import type { SampledFrame } from '../../services/video-sampling';
import type { EngineResult, FoundCandidate, SearchState, SourceResult, TriageOutput } from './types';
import { getWork, putWork, workKey } from './work-store';
import { traced } from '../../lib/tracer';

/** At most this many results are kept per scan, best first (web results and up to 290 images and videos). */
export const MAX_RESULTS_PER_SCAN = 300;
/** Images fetched at once; each fetch is capped in size and time by the safe fetcher (decodes have their own slots: lib/decode-limits.ts). */
const FETCH_CONCURRENCY = 8;
const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_TIMEOUT_MS = 8_000;

const TRACKING_PARAMS = /^(utm_\w+|fbclid|gclid|msclkid|mc_cid|mc_eid|ref|ref_src)$/i;

/** Normalises a URL for de-duplication: lower-case host without `www.`, no fragment, no tracking parameters, no trailing slash. */
export function normaliseUrl(raw: string): string {
  try {
    const u = new URL(raw);
    u.hash = '';
    u.hostname = u.hostname.toLowerCase().replace(/^www\./, '');
    for (const k of [...u.searchParams.keys()]) if (TRACKING_PARAMS.test(k)) u.searchParams.delete(k);
    u.searchParams.sort();
    const s = u.toString();
    return s.endsWith('/') && u.pathname !== '/' ? s.slice(0, -1) : s;
  } catch {
    return raw;
  }
}

/** Which results tab a candidate belongs to. */
export function contentTypeOf(c: Pick<Candidate, 'kind'>): ResultContentType {
  if (c.kind === 'web') return 'web';
  if (c.kind === 'videos') return 'videos';
  return 'images';
}

/** Telegram usernames that are not channels: the site's own pages (`t.me/s/x` is a preview of `x`, `t.me/+x` an invite). */
const TELEGRAM_RESERVED = new Set(['s', 'share', 'joinchat', 'addstickers', 'addemoji', 'proxy', 'socks', 'iv', 'login', 'c']);

/** Telegram channels that results link to (`t.me/<name>/...`, `telegram.me/<name>`): offered to the creator (issue 25). */
export function telegramChannelsIn(urls: readonly string[]): string[] {
  const found = new Set<string>();
  for (const raw of urls) {
    const m = /^https?:\/\/(?:www\.)?(?:t\.me|telegram\.me)\/(?:s\/)?([A-Za-z][A-Za-z0-9_]{3,30}[A-Za-z0-9])(?:[/?#]|$)/i.exec(raw);
    if (m && !TELEGRAM_RESERVED.has(m[1]!.toLowerCase())) found.add(m[1]!.toLowerCase());
  }
  return [...found].sort();
}

interface Merged {
  candidate: FoundCandidate;
  contentType: ResultContentType;
  engines: Set<string>;
  instances: number;
  exact: boolean;
}

/** Merges the engines' candidates: the same page (or, for pictures, the same image) found twice is one result with more instances. */
export function mergeCandidates(candidates: FoundCandidate[]): Merged[] {
  const byKey = new Map<string, Merged>();
  for (const c of candidates) {
    const contentType = contentTypeOf(c);
    const key = `${contentType} ${normaliseUrl(contentType === 'images' && c.imageUrl ? c.imageUrl : c.url)}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, { candidate: c, contentType, engines: new Set([c.engine]), instances: 1, exact: c.matchType === 'exact' });
      continue;
    }
    seen.engines.add(c.engine);
    seen.instances += 1;
    seen.exact ||= c.matchType === 'exact';
    if (!seen.candidate.imageUrl && c.imageUrl) seen.candidate = { ...c, title: seen.candidate.title || c.title };
    // A copy an engine and a source both found still says which source and post it came from.
    if (!seen.candidate.via && c.via) seen.candidate = { ...seen.candidate, via: c.via };
  }
  return [...byKey.values()];
}

function platformOf(domain: string): string {
  const label = domain.split('.').slice(-2, -1)[0] ?? domain;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

function loadReferenceSet(stored: StoredFingerprint[]): ReferenceSet {
  return ReferenceSet.from(stored.map((s) => ({ id: s.referenceId, hashes: decodeHashes(s.hashes), quality: s.quality })));
}

interface Visual {
  matched: boolean;
  similarity: number;
  distance: number;
  referenceId: string;
  evidenceKey?: string;
  /** The copy's own fingerprint (64 hex digits): a monitor compares it with the pictures it found before. */
  fingerprint: string;
  /** How a match was decided: the fingerprint alone, or the grey zone confirmed by verification. */
  matchMethod?: 'fingerprint' | 'verified';
  verification?: { inliers: number; spread: number; transform: number[] };
  region?: { x: number; y: number; w: number; h: number };
  /** A video copy: the frame pair, times and agreement (VideoExamination's evidence). */
  video?: VideoExamination['evidence'];
}

/**
 * One verdict from a candidate's picture (its poster or image) and its sampled frames: a clip whose frames
 * agree on a reference is a copy even when its poster is not; otherwise the picture decides, and a clip
 * without a picture gives its closest frame.
 */
function combineVisual(picture: Visual | undefined, video: VideoExamination | undefined): Visual | undefined {
  if (video?.matched && video.referenceId) {
    return {
      matched: true,
      similarity: video.similarity,
      distance: video.distance ?? 0,
      referenceId: video.referenceId,
      evidenceKey: video.foundFrameKey,
      fingerprint: video.fingerprint ?? picture?.fingerprint ?? '',
      matchMethod: 'fingerprint',
      video: video.evidence,
    };
  }
  if (picture) return picture;
  if (video?.referenceId && video.fingerprint) {
    return { matched: false, similarity: video.similarity, distance: video.distance ?? 257, referenceId: video.referenceId, fingerprint: video.fingerprint };
  }
  return undefined;
}

type Verifier = ReturnType<typeof makeVerifier>;

/** A likeness match (issue 24): the creator's enrolled face found in the picture. */
interface LikenessHit {
  distance: number;
  threshold: number;
  enrolledFaceId: string;
  box: { x: number; y: number; w: number; h: number };
  foundFaceKey?: string;
  evidenceKey?: string;
}

/**
 * At most this many pictures of a scan are searched for faces (the best-scored first is not known yet, so in
 * the engines' order): detection costs 0.5-3 s of CPU per picture (bench/README.md, "Likeness"), and Triage
 * has 15 minutes. Pictures already matched as copies are not searched: a copy stays a copy.
 */
export const LIKENESS_MAX_PICTURES = LIKENESS_PICTURES_PER_SCAN;

/** Compares the faces of candidate pictures with the creator's enrolled faces; one detection at a time (the wasm backend has one thread). */
function makeFaceSearch(faces: EnrolledFace[], userId: string, searchId: string) {
  let left = LIKENESS_MAX_PICTURES;
  let queue: Promise<unknown> = Promise.resolve();
  return async (body: Buffer, url: string, seenAt: string): Promise<LikenessHit | undefined> => {
    if (faces.length === 0 || left <= 0) return undefined;
    left -= 1;
    const run = queue.then(async () => {
      const { closestFace, detectFaces, faceCrop, LIKENESS_THRESHOLD } = await import('../../matching/likeness');
      const best = closestFace(await detectFaces(body), faces);
      if (!best) return undefined;
      const hit: LikenessHit = {
        distance: Math.round(best.distance * 1000) / 1000,
        threshold: LIKENESS_THRESHOLD,
        enrolledFaceId: best.enrolled.id,
        box: best.face.box,
      };
      hit.evidenceKey = await storeEvidenceImage({ userId, searchId, sourceUrl: url, seenAt }, body);
      hit.foundFaceKey = await storeEvidenceImage({ userId, searchId, sourceUrl: url, seenAt }, await faceCrop(body, best.face.box, 160));
      return hit;
    });
    queue = run.catch(() => undefined);
    try {
      return await run;
    } catch (err) {
      logger.debug('candidate faces not compared', { url, error: (err as Error).message });
      return undefined;
    }
  };
}
type FaceSearch = ReturnType<typeof makeFaceSearch>;

/** Frames of a sampled candidate video searched for faces: spread over the clip, first hit wins (each costs a detection). */
export const LIKENESS_FRAMES_PER_VIDEO = 3;

/**
 * The likeness search on a candidate video's sampled frames (the sampler's `onSampledFrames` seam): a few frames
 * spread over the clip, while the frames are still in memory. Returns the hook and a reader of its hit.
 */
export function framesFaceSearch(faces: FaceSearch, url: string, seenAt: string) {
  let hit: LikenessHit | undefined;
  const onSampledFrames = async (frames: SampledFrame[]) => {
    const step = Math.max(1, Math.floor(frames.length / LIKENESS_FRAMES_PER_VIDEO));
    for (let i = 0; i < frames.length && i / step < LIKENESS_FRAMES_PER_VIDEO && !hit; i += step) hit = await faces(frames[i]!.png, url, seenAt);
  };
  return { onSampledFrames, hit: () => hit };
}

interface Picture {
  visual?: Visual;
  likeness?: LikenessHit;
  /** The stored thumbnail the site shows (never the copying site's own URL). */
  thumbnailKey?: string;
}

/**
 * Fetches a candidate's picture once through the safe fetcher, keeps a re-encoded thumbnail of it, compares
 * it with the references (when the scan has any; grey-zone distances are verified geometrically) and keeps a matched picture, re-encoded, as evidence.
 */
async function examinePicture(m: Merged, refs: ReferenceSet | undefined, verify: Verifier, faces: FaceSearch, userId: string, searchId: string): Promise<Picture> {
  const urls = [m.candidate.imageUrl, m.candidate.thumbnailUrl].filter((u): u is string => !!u);
  for (const url of urls) {
    let body: Buffer;
    try {
      const res = await safeFetch(url, { accept: ['image/*'], maxBytes: IMAGE_MAX_BYTES, timeoutMs: IMAGE_TIMEOUT_MS });
      if (!res.ok) continue;
      body = res.body;
    } catch (err) {
      logger.debug('candidate image not fetched', { url, error: (err as Error).message });
      continue;
    }
    const picture: Picture = {};
    try {
      picture.thumbnailKey = await storeThumbnail({ userId, searchId, sourceUrl: url }, body);
    } catch (err) {
      // Not a picture we keep (SVG, HTML, too many pixels, damaged): try the next URL.
      logger.debug('candidate image refused', { url, error: (err as Error).message });
      continue;
    }
    const likenessUnlessCopy = async () => {
      if (!picture.visual?.matched) picture.likeness = await faces(body, url, m.candidate.seenAt);
      return picture;
    };
    if (!refs) return likenessUnlessCopy();
    try {
      const hashed = await hashCandidate(body);
      const best = bestMatch(hashed, refs);
      if (!best) return likenessUnlessCopy();
      // Grey zone: the fingerprint is close but not conclusive; geometric verification decides.
      const checked = best.needsVerification ? await verify(best.referenceId, body) : undefined;
      const verified = checked?.verified === true;
      picture.visual = {
        fingerprint: hashToHex(hashed.hashes, 0),
        matched: best.isMatch || verified,
        similarity: best.similarity,
        distance: best.distance,
        referenceId: best.referenceId,
        matchMethod: best.isMatch ? 'fingerprint' : verified ? 'verified' : undefined,
        verification: checked && { inliers: checked.inliers, spread: checked.spread, transform: checked.transform },
        region: verified ? checked.region : undefined,
      };
      if (picture.visual.matched) {
        picture.visual.evidenceKey = await storeEvidenceImage({ userId, searchId, sourceUrl: url, seenAt: m.candidate.seenAt }, body);
      }
    } catch (err) {
      logger.debug('candidate image not compared', { url, error: (err as Error).message });
    }
    return likenessUnlessCopy();
  }
  return {};
}

/**
 * Triage task: merges the engines' candidates, drops allowlisted domains, compares pictures with the
 * references, scores every candidate (see scoring.ts) and stores the best MAX_RESULTS_PER_SCAN for Persist.
 */
export async function triage(state: SearchState): Promise<TriageOutput> {
  await updateSearchProgress(state.searchId, { stage: 'triage' });
  const search = await getSearch(state.searchId);
  const names = splitNames(search?.query ?? state.names.join(','));
  const ok = (state.engineResults ?? []).filter((r): r is Extract<EngineResult, { ok: true }> => r.ok);
  // Issue 25: the sources' candidates (their Map ran after the engines') join the engines' here.
  const fromSources = (state.sourceResults ?? []).filter((r): r is Extract<SourceResult, { ok: true }> => r.ok && r.result.candidates > 0);
  const candidates = (
    await Promise.all([...ok.map((r) => getWork<FoundCandidate[]>(r.result.candidatesKey)), ...fromSources.map((r) => getWork<FoundCandidate[]>(r.result.candidatesKey))])
  ).flat();

  const merged = mergeCandidates(candidates);
  // The page URL too: a handle declared in My sites is a URL prefix on a shared platform.
  const kept = await withoutAllowlisted(state.userId, merged, (m) => [m.candidate.domain, m.candidate.url]);
  const refs = state.fingerprint?.fingerprintsKey
    ? loadReferenceSet(await getWork<StoredFingerprint[]>(state.fingerprint.fingerprintsKey))
    : undefined;
  const verify = makeVerifier(state.references, state.searchId);
  const referenceFrames = makeReferenceFrames(state.references);
  // Candidate videos sampled this scan: video results and direct links first, then tube and file-host pages, up to the cap.
  const videoCandidates = kept.filter((m) => isVideoCandidate(m.candidate, m.contentType));
  videoCandidates.sort((a, b) => Number(b.contentType === 'videos') - Number(a.contentType === 'videos'));
  const sampled = new Set(videoCandidates.slice(0, videoSamplingConfig().maxCandidatesPerScan));
  const ids = { userId: state.userId, searchId: state.searchId };
  // Likeness (issue 24): only this creator's own enrolled faces, and only when they opted in.
  const faces = makeFaceSearch(await enrolledFaces(state.userId), state.userId, state.searchId);

  const results = await pMap(
    kept,
    async (m): Promise<NewResult & { confidenceScore: number }> => {
      const c = m.candidate;
      const frameFaces = framesFaceSearch(faces, c.url, c.seenAt);
      const [picture, video] = await Promise.all([
        examinePicture(m, refs, verify, faces, state.userId, state.searchId),
        sampled.has(m) ? examineVideo(c, refs, referenceFrames, ids, { onSampledFrames: frameFaces.onSampledFrames }).catch((err: Error) => {
          logger.warn('candidate video not examined', { url: c.url, error: err });
          return undefined;
        }) : Promise.resolve(undefined),
      ]);
      const visual = combineVisual(picture.visual, video);
      // A face found in the poster or page picture, else in the clip's frames (issue 24).
      const likeness = picture.likeness ?? frameFaces.hit();
      const thumbnailKey = picture.thumbnailKey ?? video?.foundFrameKey;
      const site = classifySite(c.domain);
      const name = nameMatch(names, [c.title, c.snippet ?? '', c.url].join(' '));
      const score = scoreCandidate({ visual, name, site, likeness });
      return {
        url: c.url,
        contentType: m.contentType,
        domain: c.domain,
        title: c.title,
        platform: platformOf(c.domain),
        source: c.sandbox ? 'sandbox' : c.provider,
        description: c.snippet ?? '',
        instances: m.instances,
        previewRef: thumbnailKey,
        ...(visual?.fingerprint ? { fingerprint: visual.fingerprint } : {}),
        ...score,
        evidence: {
          seenAt: c.seenAt,
          engines: [...m.engines],
          matchedReferenceId: visual?.matched ? visual.referenceId : undefined,
          matchedImageKey: visual?.evidenceKey ?? likeness?.evidenceKey,
          distance: visual?.distance,
          matchMethod: visual?.matched ? visual.matchMethod : likeness ? 'likeness' : name > 0 ? 'name' : undefined,
          ...(likeness && !visual?.matched
            ? { likeness: { distance: likeness.distance, threshold: likeness.threshold, enrolledFaceId: likeness.enrolledFaceId, box: likeness.box, foundFaceKey: likeness.foundFaceKey } }
            : {}),
          verification: visual?.verification,
          region: visual?.matched ? visual.region : undefined,
          via: c.via,
          video: visual?.matched ? visual.video : undefined,
        },
      };
    },
    { concurrency: FETCH_CONCURRENCY },
  );

  // A source lists everything its channel, subreddit or site holds: only the posts that copy a reference (or
  // name the creator) are results; the rest are other people's posts, never shown (issue 25).
  const relevant = results.filter((r) => !r.evidence?.via || r.evidence.matchedReferenceId || r.evidence.matchMethod === 'name');
  relevant.sort((a, b) => b.confidenceScore - a.confidenceScore);
  const best = relevant.slice(0, MAX_RESULTS_PER_SCAN);
  const matched = best.filter((r) => r.evidence?.matchedReferenceId).length;
  const triagedKey = workKey(state.searchId, 'triaged');
  await putWork(triagedKey, best);
  await updateSearchProgress(state.searchId, { increment: { candidatesMatched: matched } });
  return { triagedKey, kept: best.length, matched, droppedAllowlisted: merged.length - kept.length, telegramChannels: telegramChannelsIn(best.map((r) => r.url)) };
}

export const handler = traced(triage);
