import * as stored from '../../store/entities/result';
import * as seenImages from '../../store/entities/seen-images';
import type { ResultHistory } from '../../store/entities/result';
import { nearest } from '../../matching/hamming';
import { hashFromHex } from '../../matching/serialise';

/**
 * Distance at or below which two found pictures are the same picture: the matcher's calibrated MATCH_THRESHOLD
 * (a test keeps them equal). Not imported from functions/matching/index.ts, which would pull the image decoder
 * (sharp) into the Persist and Finalize bundles.
 */
export const SAME_PICTURE_DISTANCE = 48;

/** Most picture fingerprints a monitor remembers (newest kept); 64 hex digits each keeps the item far below 400 KB. */
export const MAX_SEEN_IMAGES = 3000;

/** What a monitor's later runs never overwrite on a result they find again (its owner-list position included). */
const KEPT = ['createdAt', 'ownerSort', 'userReviewStatus', 'reviewedAt', 'reviewedBy', 'takedownCaseId', 'takedownAt', 'firstSeenAt', 'firstSearchId', 'isNewInFirstRun'] as const satisfies readonly (keyof ResultHistory)[];

/** A result of a monitor run as the persist step builds it (tests pass just these fields). */
interface Found {
  id: string;
  userId?: string;
  contentType: string;
  fingerprint?: string;
}

/** What merging sets on a result (besides what it keeps of its history). */
type Merged = Partial<Omit<ResultHistory, 'id'>> & { monitorId: string; lastSeenAt: string; isNew: boolean };

function seenSet(hexes: string[]): Uint32Array {
  const words = new Uint32Array(hexes.length * 8);
  hexes.forEach((h, i) => words.set(hashFromHex(h), i * 8));
  return words;
}

/**
 * Merges a monitor run's result items with what the monitor found before (results of a monitor have one item
 * per canonical URL, so its id is the same in every run):
 * - a result found before keeps its first sighting, its review and its takedown marks; it moves to this run's
 *   list with `lastSeenAt` now and `isNew: false`;
 * - a result found for the first time gets `firstSeenAt` now and `isNew: true`, unless it is a picture whose
 *   fingerprint matches one found by an earlier run of the monitor (the same picture at another address).
 * A retried persist of the same run finds its own items (`firstSearchId` = this run) and decides the same way.
 * Returns the merged items, how many were first found (pending review) and how many are new.
 */
export async function mergeWithHistory<T extends Found>(
  monitorId: string,
  searchId: string,
  items: T[],
  now: string,
): Promise<{ items: (T & Merged)[]; firstFound: number; newCount: number }> {
  const existing = await stored.readHistory(items.map((i) => i.id));
  const seenBefore = await seenImages.read(monitorId);
  const seen = seenSet(seenBefore);
  const added: string[] = [];
  let firstFound = 0;
  let newCount = 0;

  const merged = items.map((item) => {
    const old = existing.get(item.id);
    const out: T & Merged = { ...item, monitorId, lastSeenAt: now, isNew: false };
    const keep = (from: ResultHistory) => Object.assign(out, Object.fromEntries(KEPT.flatMap((k) => (from[k] === undefined ? [] : [[k, from[k]]]))));
    if (old && old.firstSearchId !== searchId) {
      keep(old);
      out.isNew = false;
      return out;
    }
    // First found by this run (or a retry of it).
    firstFound += 1;
    let isNew = true;
    const fp = item.fingerprint;
    if (old) {
      isNew = old.isNewInFirstRun === true;
      keep(old);
    } else {
      if (item.contentType === 'images' && fp && seen.length > 0 && nearest(hashFromHex(fp), seen).distance <= SAME_PICTURE_DISTANCE) isNew = false;
      out.firstSeenAt = now;
      out.firstSearchId = searchId;
      out.isNewInFirstRun = isNew;
    }
    if (fp && !seenBefore.includes(fp)) added.push(fp);
    out.isNew = isNew;
    if (isNew) newCount += 1;
    return out;
  });

  if (added.length > 0) {
    const hashes = [...seenBefore, ...new Set(added)].slice(-MAX_SEEN_IMAGES);
    await seenImages.remember({ monitorId, userId: items[0]?.userId ?? null, hashes });
  }
  return { items: merged, firstFound, newCount };
}
