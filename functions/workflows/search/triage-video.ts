import { getObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { bestMatch, hashCandidate, hashToHex, similarityFromDistance, type ReferenceSet } from '../../matching';
import { hammingAt } from '../../matching/hamming';
import { sampleFrames, withVideoFile } from '../../matching/video';
import { hashVideoFrames, matchVideoCopy } from '../../matching/video-copy';
import { storeEvidenceImage, storeThumbnail } from '../../services/evidence/images';
import { looksLikeMedia, sampleVideo, type SampledFrame, type SampleOptions } from '../../services/video-sampling';
import type { Candidate } from '../../adapters/providers';

/** What the video checks read of a candidate: an engine's, or a source's post with its video medium (issue 25). */
type VideoCandidate = Pick<Candidate, 'url' | 'imageUrl' | 'domain' | 'seenAt'> & { videoUrl?: string };
import type { ResultContentType } from '../../../shared/schemas/search';
import { classifySite } from './scoring';
import type { SearchState } from './types';

/** What a sampled candidate video showed: its match (when its frames agree on a reference), and what was fetched. */
export interface VideoExamination {
  matched: boolean;
  referenceId?: string;
  distance?: number;
  similarity: number;
  /** The copy's closest frame, as a fingerprint (64 hex digits), for a monitor's novelty check. */
  fingerprint?: string;
  /** Stored thumbnail of the found frame (evidence of a match, or the preview of a clip without a poster). */
  foundFrameKey?: string;
  /** What sampling fetched and took (bench:video --product reports it). */
  fetched: { bytes: number; requests: number; elapsedMs: number; frames: number; mode: 'whole' | 'ranges' | 'hls' };
  evidence?: {
    referenceFrameKey?: string;
    referenceSeconds?: number;
    foundSeconds: number;
    framesAgreed: number;
    framesCompared: number;
    durationSeconds: number;
    mediaUrl: string;
    bytesFetched: number;
  };
}

/**
 * Whether Triage samples a candidate as a video: a video search result, a direct media link, or a page on a
 * tube or file-host site (a reverse image search finds those by their poster).
 */
export function isVideoCandidate(c: VideoCandidate, contentType: ResultContentType): boolean {
  if (contentType === 'videos' || c.videoUrl) return true;
  if (looksLikeMedia(c.url) || (c.imageUrl && looksLikeMedia(c.imageUrl))) return true;
  const kind = classifySite(c.domain);
  return contentType !== 'web' && (kind === 'tube' || kind === 'filehost');
}

/**
 * The frames of each video reference, hashed as candidates with their times, read once per Triage task: the
 * reference frame a copy matched is shown beside the found one (the stored fingerprint set keeps no times).
 */
export function makeReferenceFrames(references: SearchState['references']) {
  const cache = new Map<string, Promise<Array<{ seconds: number; hash: Uint32Array; png: Buffer }> | undefined>>();
  return (referenceId: string) => {
    let hit = cache.get(referenceId);
    if (!hit) {
      const ref = references.find((r) => r.id === referenceId && r.kind === 'video');
      hit = ref
        ? getObject(config().uploadsBucket, ref.key).then(async (o) => {
            if (!o) return undefined;
            return withVideoFile(o.body, async (file) => {
              const { pngs, rate } = await sampleFrames(file, { fps: 1, maxFrames: 120, side: 320 });
              const out: Array<{ seconds: number; hash: Uint32Array; png: Buffer }> = [];
              for (let i = 0; i < pngs.length; i++) {
                const h = await hashCandidate(pngs[i]);
                if (h.hashes.length > 0) out.push({ seconds: i / rate, hash: h.hashes.subarray(0, 8), png: pngs[i] });
              }
              return out;
            });
          })
        : Promise.resolve(undefined);
      hit = hit.catch((err: Error) => {
        logger.debug('reference frames not read', { referenceId, error: err.message });
        return undefined;
      });
      cache.set(referenceId, hit);
    }
    return hit;
  };
}

export type ReferenceFrames = ReturnType<typeof makeReferenceFrames>;

/**
 * Samples a candidate video (services/video-sampling: through the safe fetcher, within the byte and time
 * budget) and matches its frames against the references, images and videos alike (`matchVideoCopy`). For a
 * match, the found frame and the reference frame it is closest to are kept as small evidence pictures with
 * their times and the number of frames that agreed. The frames themselves are dropped when this returns.
 *
 * `onSampledFrames` is the seam other frame checks use (the likeness search): it sees every sampled frame once.
 */
export async function examineVideo(
  c: VideoCandidate,
  refs: ReferenceSet | undefined,
  referenceFrames: ReferenceFrames,
  ids: { userId: string; searchId: string },
  options: { onSampledFrames?: SampleOptions['onSampledFrames']; limits?: SampleOptions['limits']; sandboxOrigin?: string; storeEvidence?: boolean } = {},
): Promise<VideoExamination | undefined> {
  const { onSampledFrames, storeEvidence = true } = options;
  // A source's post names its video medium; an engine's result is the page or a direct link.
  const target = c.videoUrl ?? (c.imageUrl && looksLikeMedia(c.imageUrl) ? c.imageUrl : c.url);
  const outcome = await sampleVideo(target, { onSampledFrames, limits: options.limits, ...(options.sandboxOrigin ? { sandboxOrigin: options.sandboxOrigin } : {}) });
  if (!outcome.ok) {
    logger.debug('candidate video not sampled', { url: target, reason: outcome.reason, bytes: outcome.bytesFetched });
    return undefined;
  }
  const { sample } = outcome;
  const frames: SampledFrame[] = sample.frames;
  const examination: VideoExamination = {
    matched: false,
    similarity: 0,
    fetched: { bytes: sample.bytesFetched, requests: sample.requests, elapsedMs: sample.elapsedMs, frames: frames.length, mode: sample.mode },
  };
  const keep = (f: SampledFrame) => storeEvidenceImage({ ...ids, sourceUrl: `${sample.mediaUrl}#t=${f.seconds.toFixed(2)}`, seenAt: c.seenAt }, f.png);
  if (!refs) {
    if (!storeEvidence) return examination;
    examination.foundFrameKey = await storeThumbnail({ ...ids, sourceUrl: sample.mediaUrl }, frames[Math.floor(frames.length / 2)].png).catch(() => undefined);
    return examination;
  }
  const hashed = await hashVideoFrames(frames.map((f) => f.png));
  const match = matchVideoCopy(hashed.frames, refs);
  // The frame closest to the reference the clip voted for.
  let best: { index: number; distance: number } | undefined;
  hashed.frames.forEach((h, index) => {
    if (h.hashes.length === 0) return;
    const m = bestMatch(h, refs);
    if (!m || (match && m.referenceId !== match.referenceId)) return;
    if (!best || m.distance < best.distance) best = { index, distance: m.distance };
  });
  if (!match || !best) return examination;
  const found = frames[best.index];
  examination.referenceId = match.referenceId;
  examination.distance = match.distance;
  examination.similarity = similarityFromDistance(match.distance);
  examination.fingerprint = hashToHex(hashed.frames[best.index].hashes, 0);
  if (!match.isMatch) return examination;
  examination.matched = true;
  if (!storeEvidence) return examination;
  examination.foundFrameKey = await keep(found);
  // For a video reference, the reference frame nearest the found one, with its time.
  const refFrames = await referenceFrames(match.referenceId);
  let referenceFrameKey: string | undefined;
  let referenceSeconds: number | undefined;
  if (refFrames && refFrames.length > 0) {
    const foundHash = (await hashCandidate(found.png)).hashes;
    let nearest = refFrames[0];
    let nearestDistance = 257;
    for (const rf of refFrames) {
      for (let at = 0; at < foundHash.length; at += 8) {
        const d = hammingAt(rf.hash, 0, foundHash, at);
        if (d < nearestDistance) {
          nearest = rf;
          nearestDistance = d;
        }
      }
    }
    referenceSeconds = nearest.seconds;
    referenceFrameKey = await storeEvidenceImage({ ...ids, sourceUrl: `reference:${match.referenceId}#t=${nearest.seconds.toFixed(2)}`, seenAt: c.seenAt }, nearest.png);
  }
  examination.evidence = {
    referenceFrameKey,
    referenceSeconds,
    foundSeconds: found.seconds,
    framesAgreed: Math.max(match.looseFrames, match.decisiveFrames),
    framesCompared: match.informativeFrames,
    durationSeconds: sample.durationSeconds,
    mediaUrl: sample.mediaUrl,
    bytesFetched: sample.bytesFetched,
  };
  return examination;
}
