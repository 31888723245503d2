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
  const { stored, skipped } = kept
    ? (JSON.parse(kept.body.toString('utf8')) as { stored: StoredFingerprint[]; skipped: FingerprintOutput['skipped'] })
    : await hashReferences(state);
  if (monitorKey && !kept) {
    await putObject(config().uploadsBucket, monitorKey, JSON.stringify({ stored, skipped }), 'application/json');
    if (skipped.length > 0) await recordSkippedReferences(state.monitorId!, skipped);
  }
  // The creator is told which files match no picture (the scan card and the monitor's page name them).
  if (skipped.length > 0) await updateSearchProgress(state.searchId, { skippedReferences: skipped });
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
    skipped,
  };
}

/** Where a monitor's reference fingerprints are kept (next to its reference files). */
export const monitorFingerprintsKey = (userId: string, monitorId: string) => `references/${userId}/monitors/${monitorId}/fingerprints.json`;

async function hashReferences(state: SearchState): Promise<{ stored: StoredFingerprint[]; skipped: FingerprintOutput['skipped'] }> {
  const stored: StoredFingerprint[] = [];
  const skipped: FingerprintOutput['skipped'] = [];
  for (const ref of state.references) {
    const obj = await getObject(config().uploadsBucket, ref.key);
    if (!obj) {
      skipped.push({ id: ref.id, reason: 'file missing' });
      continue;
    }
    try {
      const hashed = ref.kind === 'video' ? await hashVideoReference(obj.body) : await hashReference(obj.body);
      // Every view of a reference is gated by its own quality (matching/hash-image.ts): a flat one keeps none.
      if (hashed.hashes.length === 0 || hashed.quality < MIN_QUALITY) {
        skipped.push({ id: ref.id, reason: 'too little detail to fingerprint' });
        continue;
      }
      stored.push({ referenceId: ref.id, kind: ref.kind, hashes: encodeHashes(hashed.hashes), quality: hashed.quality });
    } catch (err) {
      logger.warn('reference could not be hashed', { searchId: state.searchId, referenceId: ref.id, error: err as Error });
      skipped.push({ id: ref.id, reason: 'could not be decoded' });
    }
  }
  return { stored, skipped };
}

export const handler = traced(fingerprint);
