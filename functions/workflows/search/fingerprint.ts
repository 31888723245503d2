import { getObject, putObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { encodeHashes, hashReference, hashVideoReference, MIN_QUALITY } from '../../matching';
import { recordSkippedReferences } from '../../services/monitors/monitors';
import { updateSearchProgress } from '../../services/search/searches';
import type { FingerprintOutput, SearchState } from './types';
import { putWork, workKey } from './work-store';
import { traced } from '../../lib/tracer';

/** The stored reference set: one entry per hashed reference file. */
export interface StoredFingerprint {
  referenceId: string;
  kind: 'image' | 'video';
  /** base64 of the packed 256-bit hashes (all variants, or all frames of a video). */
  hashes: string;
  /** PDQ quality of its best view (a graphic under CONFIDENT_QUALITY is never matched by fingerprint alone); absent in sets kept before it was stored. */
  quality?: number;
}

/**
 * Fingerprint task: hashes every reference file (images with their variants, videos frame by frame) and
 * stores the set in S3 for Triage. A reference too flat to fingerprint is skipped with its reason rather than
 * failing the scan: names still search.
 */
export async function fingerprint(state: SearchState): Promise<FingerprintOutput> {
  await updateSearchProgress(state.searchId, { stage: 'fingerprinting' });
  // A monitor's reference files are stored once and hashed once: its first run keeps the set, later runs reuse it.
  const monitorKey = state.monitorId ? monitorFingerprintsKey(state.userId, state.monitorId) : undefined;
  const kept = monitorKey ? await getObject(config().uploadsBucket, monitorKey) : undefined;
  const { stored, skipped, videos = [] } = kept
    ? (JSON.parse(kept.body.toString('utf8')) as { stored: StoredFingerprint[]; skipped: FingerprintOutput['skipped']; videos?: HashedVideo[] })
    : await hashReferences(state);
  if (monitorKey && !kept) {
    await putObject(config().uploadsBucket, monitorKey, JSON.stringify({ stored, skipped, videos }), 'application/json');
    if (skipped.length > 0 || videos.length > 0) await recordSkippedReferences(state.monitorId!, skipped, videos);
  }
  // The creator is told which files match no picture, and what each reference video gave (the scan card and
  // the monitor's page name them).
  if (skipped.length > 0 || videos.length > 0) {
    await updateSearchProgress(state.searchId, { ...(skipped.length > 0 ? { skippedReferences: skipped } : {}), ...(videos.length > 0 ? { hashedVideos: videos } : {}) });
  }
  let fingerprintsKey: string | undefined;
  if (stored.length > 0) {
    fingerprintsKey = workKey(state.searchId, 'fingerprints');
    await putWork(fingerprintsKey, stored);
  }
  return {
    fingerprintsKey,
    hashed: stored.length,
    reverseImageReferences: state.references
      .filter((r) => r.kind === 'image' && stored.some((s) => s.referenceId === r.id))
      .map((r) => ({ id: r.id, key: r.key })),
    videoReferences: state.references.filter((r) => r.kind === 'video' && stored.some((s) => s.referenceId === r.id)).map((r) => ({ id: r.id, key: r.key })),
    skipped,
  };
}

/** Where a monitor's reference fingerprints are kept (next to its reference files). */
export const monitorFingerprintsKey = (userId: string, monitorId: string) => `references/${userId}/monitors/${monitorId}/fingerprints.json`;

/** A reference video that was fingerprinted: distinct frames hashed (repeats of a still shot and flat frames dropped). */
interface HashedVideo {
  id: string;
  frames: number;
  durationSeconds: number;
}

/** Why a reference video gave no fingerprint. */
export const VIDEO_TOO_PLAIN = 'too little detail to fingerprint: no frame of the clip has enough detail (a plain or blank video)';

async function hashReferences(state: SearchState): Promise<{ stored: StoredFingerprint[]; skipped: FingerprintOutput['skipped']; videos: HashedVideo[] }> {
  const stored: StoredFingerprint[] = [];
  const skipped: FingerprintOutput['skipped'] = [];
  const videos: HashedVideo[] = [];
  for (const ref of state.references) {
    const obj = await getObject(config().uploadsBucket, ref.key);
    if (!obj) {
      skipped.push({ id: ref.id, reason: 'file missing' });
      continue;
    }
    try {
      const video = ref.kind === 'video' ? await hashVideoReference(obj.body) : undefined;
      const hashed = video ?? (await hashReference(obj.body));
      // Every view of a reference is gated by its own quality (matching/hash-image.ts): a flat one keeps none.
      if (hashed.hashes.length === 0 || hashed.quality < MIN_QUALITY) {
        skipped.push({ id: ref.id, reason: ref.kind === 'video' ? VIDEO_TOO_PLAIN : 'too little detail to fingerprint' });
        continue;
      }
      if (video) videos.push({ id: ref.id, frames: video.frames, durationSeconds: Math.round(video.durationSeconds * 10) / 10 });
      stored.push({ referenceId: ref.id, kind: ref.kind, hashes: encodeHashes(hashed.hashes), quality: hashed.quality });
    } catch (err) {
      logger.warn('reference could not be hashed', { searchId: state.searchId, referenceId: ref.id, error: err as Error });
      skipped.push({ id: ref.id, reason: ref.kind === 'video' ? 'could not be decoded as a video' : 'could not be decoded' });
    }
  }
  return { stored, skipped, videos };
}

export const handler = traced(fingerprint);
