import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { nearest } from '../../matching/hamming';
import { hashFromHex } from '../../matching/serialise';

type Item = Record<string, unknown>;

/**
 * Distance at or below which two found pictures are the same picture: the matcher's calibrated MATCH_THRESHOLD
 * (a test keeps them equal). Not imported from functions/matching/index.ts, which would pull the image decoder
 * (sharp) into the Persist and Finalize bundles.
 */
export const SAME_PICTURE_DISTANCE = 48;

/** Most picture fingerprints a monitor remembers (newest kept); 64 hex digits each keeps the item far below 400 KB. */
export const MAX_SEEN_IMAGES = 3000;

/** Attributes a monitor's later runs never overwrite on a result they find again. */
const KEPT = ['createdAt', 'gsi1pk', 'gsi1sk', 'userReviewStatus', 'reviewedAt', 'reviewedBy', 'takedownCaseId', 'takedownAt', 'firstSeenAt', 'firstSearchId', 'isNewInFirstRun'] as const;

async function batchGet(ids: string[]): Promise<Map<string, Item>> {
  const found = new Map<string, Item>();
  for (let i = 0; i < ids.length; i += 100) {
    let request: Record<string, unknown>[] | undefined = ids.slice(i, i + 100).map((id) => ({ ...keys.entity('RESULT', id) }));
    for (let round = 0; request && request.length > 0 && round < 8; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** round));
      const res = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: request, ConsistentRead: true } } }));
      for (const item of res.Responses?.[tableName()] ?? []) found.set(item.id as string, item);
      request = res.UnprocessedKeys?.[tableName()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}

function seenSet(hexes: string[]): Uint32Array {
  const words = new Uint32Array(hexes.length * 8);
  hexes.forEach((h, i) => words.set(hashFromHex(h), i * 8));
  return words;
}

/**
 * Merges a monitor run's result items with what the monitor found before (results of a monitor have one item
 * per canonical URL, so its id is the same in every run):
 * - a result found before keeps its first sighting, its review and its takedown marks; it moves to this run's
 *   list (gsi2) with `lastSeenAt` now and `isNew: false`;
 * - a result found for the first time gets `firstSeenAt` now and `isNew: true`, unless it is a picture whose
 *   fingerprint matches one found by an earlier run of the monitor (the same picture at another address).
 * A retried persist of the same run finds its own items (`firstSearchId` = this run) and decides the same way.
 * Returns the merged items, how many were first found (pending review) and how many are new.
 */
export async function mergeWithHistory(monitorId: string, searchId: string, items: Item[], now: string): Promise<{ items: Item[]; firstFound: number; newCount: number }> {
  const existing = await batchGet(items.map((i) => i.id as string));
  const seenItem = await db().send(new GetCommand({ TableName: tableName(), Key: keys.monitorSeenImages(monitorId), ConsistentRead: true }));
  const seenBefore = ((seenItem.Item?.hashes as string[] | undefined) ?? []).filter((h) => /^[0-9a-f]{64}$/.test(h));
  const seen = seenSet(seenBefore);
  const added: string[] = [];
  let firstFound = 0;
  let newCount = 0;

  const merged = items.map((item) => {
    const old = existing.get(item.id as string);
    const out: Item = { ...item, monitorId, lastSeenAt: now };
    if (old && old.firstSearchId !== searchId) {
      for (const k of KEPT) if (old[k] !== undefined) out[k] = old[k];
      out.isNew = false;
      return out;
    }
    // First found by this run (or a retry of it).
    firstFound += 1;
    let isNew = true;
    const fp = item.fingerprint as string | undefined;
    if (old) {
      isNew = old.isNewInFirstRun === true;
      for (const k of KEPT) if (old[k] !== undefined) out[k] = old[k];
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
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.monitorSeenImages(monitorId),
        UpdateExpression: 'SET hashes = :h, monitorId = :m, userId = :u, entity = :e',
        ExpressionAttributeValues: { ':h': hashes, ':m': monitorId, ':u': items[0]?.userId ?? null, ':e': 'MONITOR_SEEN_IMAGES' },
      }),
    );
  }
  return { items: merged, firstFound, newCount };
}
