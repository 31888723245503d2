import * as z from 'zod';
import { keys } from '../keys';
import { Cond, GSI3, deleteItemIf, putItemIf, query, type Item } from '../table';

/**
 * A user's pending daily alert digest (`USER#uid / ALERT_DIGEST`), in the due index on gsi3 (`DIGEST_DUE`, at
 * `dueAt`) until the dispatcher sends it. One per user: an alert raised while one is pending joins it.
 */
const DIGEST = 'ALERT_DIGEST';

/** Version 1; items written before versions were stored have none and read as 1. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  dueAt: z.string(),
});
export type DigestRecord = Omit<z.infer<typeof itemSchema>, 'v'>;

export function toItem(d: DigestRecord): Item {
  return { ...keys.alertDigest(d.userId), ...keys.due('DIGEST', d.dueAt, d.userId), entity: DIGEST, v: 1, ...d };
}

export function fromItem(item: Item): DigestRecord {
  const { v: _v, ...d } = itemSchema.parse(item);
  return d;
}

/** Schedules the user's digest at `dueAt`; false when one is already pending (the new alert joins it). */
export function schedule(d: DigestRecord): Promise<boolean> {
  return putItemIf(toItem(d), Cond.notExists());
}

/** Digests due at `now` (ISO), oldest first, at most `limit`: one Query of the sparse due index. */
export async function due(now: string, limit: number): Promise<DigestRecord[]> {
  // `~` sorts after every user id, so each digest due at `now` itself is included.
  const items = await query({ index: GSI3.indexName, partition: keys.duePartition('DIGEST'), sortAtMost: keys.due('DIGEST', now, '~').gsi3sk, limit });
  return items.map(fromItem);
}

/**
 * Claims a due digest by deleting it, only while it is the one read (a digest scheduled since has another due
 * time): of concurrent senders only the one whose delete succeeded sends. False when the claim was lost.
 */
export function claim(d: DigestRecord): Promise<boolean> {
  return deleteItemIf(keys.alertDigest(d.userId), Cond.eq(GSI3.sortKey, keys.due('DIGEST', d.dueAt, d.userId).gsi3sk));
}
