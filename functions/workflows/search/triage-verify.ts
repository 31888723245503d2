import { getObject } from '../../adapters/s3';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { verifyCopy, type Verification } from '../../matching/verify';
import type { SearchState } from './types';

/**
 * The verification stage of Triage (functions/matching/verify.ts): for a candidate in the fingerprint's grey
 * zone, the reference image it came closest to is read from storage (once per reference and task) and its
 * features searched for in the candidate. OpenCV loads on the first call only, so scans without grey-zone
 * candidates never pay for it. Video references have no single picture to verify against: their grey-zone
 * candidates stay unmatched. A verification that fails (unreadable reference or candidate) counts as not verified.
 */
export function makeVerifier(references: SearchState['references'], searchId: string) {
  const bytes = new Map<string, Promise<Buffer | undefined>>();
  const load = (referenceId: string) => {
    let hit = bytes.get(referenceId);
    if (!hit) {
      const ref = references.find((r) => r.id === referenceId && r.kind === 'image');
      hit = ref ? getObject(config().uploadsBucket, ref.key).then((o) => o?.body) : Promise.resolve(undefined);
      bytes.set(referenceId, hit);
    }
    return hit;
  };
  return async (referenceId: string, candidate: Buffer): Promise<Verification | undefined> => {
    try {
      const reference = await load(referenceId);
      if (!reference) return undefined;
      return await verifyCopy(candidate, reference, `${searchId}/${referenceId}`);
    } catch (err) {
      logger.debug('grey-zone candidate not verified', { searchId, referenceId, error: (err as Error).message });
      return undefined;
    }
  };
}
