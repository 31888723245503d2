import { keys, type Key } from '../keys';
import { GSI1, GSI2, TABLE_KEYS, batchDelete, query, withoutKeys, type Item } from '../table';
import { ALERT } from './alert';
import { ALLOWLIST } from './allowlist';
import { BILLING } from './billing-event';
import { BULK } from './bulk-execution';
import { CASE } from './case';
import { CONTACT } from './contact';
import { IDEMPOTENCY } from './idempotency';
import { MONITOR } from './monitor';
import { IDENTITY_TYPE } from './profile';
import { RESULT } from './result';
import { SEARCH } from './search';
import { SESSION } from './session';
import { EVENT, VISIT, sessionOf } from './visit';

/**
 * Everything the table holds of one user, for the account export and the account erasure (issue 27). A user's
 * items are found without a Scan, in three ways (docs/ARCHITECTURE.md, "Data the creator controls"):
 *
 * - the user's own partition `USER#id` (profile, counters, usage months, scan slot, monitor count, allowlist
 *   guards, alert digest, rate-limit windows);
 * - their items of each type listed on gsi1 (`USER#id#<TYPE>`: searches, results, cases, monitors, alerts,
 *   allowlist entries, billing events, contact messages, sessions, visits, identities, idempotency records,
 *   bulk submissions);
 * - the children those items have under other keys: a visit's page-view events (gsi2), a monitor's and a bulk
 *   submission's own partition (the seen-images item; the bulk input and item markers).
 *
 * A new entity that stores a user's data must be listed under its user on gsi1 and named in OWNED_TYPES (or live
 * in the user's partition); the erasure test scans the whole table for anything left of a deleted user.
 */
export const OWNED_TYPES = [SEARCH, RESULT, CASE, MONITOR, ALERT, ALLOWLIST, BILLING, CONTACT, SESSION, VISIT, IDENTITY_TYPE, IDEMPOTENCY, BULK] as const;
export type OwnedType = (typeof OWNED_TYPES)[number];

/** Types whose items carry more items in their own partition (`TYPE#id`, any sort key). */
const WITH_PARTITION: readonly string[] = [MONITOR, BULK];

/** One stored item of the user, as stored (`item`, keys included) and as data (`data`, without the keys). */
export interface UserItem {
  type: OwnedType | 'USER' | typeof EVENT | 'PARTITION';
  item: Item;
  data: Item;
}

const keyOf = (item: Item): Key => ({ pk: item[TABLE_KEYS.partitionKey] as string, sk: item[TABLE_KEYS.sortKey] as string });

/** The items under one item that are not listed on gsi1 themselves (children first). */
async function childrenOf(type: OwnedType, item: Item): Promise<UserItem[]> {
  const found: UserItem[] = [];
  if (type === VISIT) {
    const partition = keys.childOfPartition(VISIT, sessionOf(item.userId as string, item.sessionId as string), EVENT);
    for (const e of await query({ index: GSI2.indexName, partition })) found.push({ type: EVENT, item: e, data: withoutKeys(e) });
  }
  if (WITH_PARTITION.includes(type)) {
    const own = keyOf(item);
    for (const p of await query({ partition: own.pk })) if (p[TABLE_KEYS.sortKey] !== own.sk) found.push({ type: 'PARTITION', item: p, data: withoutKeys(p) });
  }
  return found;
}

/**
 * Every item of the user, type by type, each item's children before it and the user's own partition last (its
 * profile is what says the user exists). Items stream page by page; an export or an erasure handles them as
 * they come, so a large account never sits in memory at once.
 */
export async function* userItems(userId: string): AsyncGenerator<UserItem> {
  for (const type of OWNED_TYPES) {
    const listed = await query({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, type) });
    for (const item of listed) {
      yield* await childrenOf(type, item);
      yield { type, item, data: withoutKeys(item) };
    }
  }
  const own = await query({ partition: keys.userPartition(userId) });
  // The profile goes last: an erasure that stops half-way leaves a user who still exists and can be erased again.
  own.sort((a, b) => Number(a[TABLE_KEYS.sortKey] === 'PROFILE') - Number(b[TABLE_KEYS.sortKey] === 'PROFILE'));
  for (const item of own) yield { type: 'USER', item, data: withoutKeys(item) };
}

/**
 * Deletes up to `limit` of the user's items (children before their parents, the profile last) and says how many
 * it deleted and whether any are left. Called again until none are: each call fits in one task's time, and a
 * repeated call after a failure deletes only what is still there.
 */
export async function deleteUserItems(userId: string, limit: number): Promise<{ deleted: number; more: boolean }> {
  const batch: Key[] = [];
  for await (const { item } of userItems(userId)) {
    if (batch.length === limit) {
      await batchDelete(batch);
      return { deleted: batch.length, more: true };
    }
    batch.push(keyOf(item));
  }
  await batchDelete(batch);
  return { deleted: batch.length, more: false };
}

/** The ids of the user's items of one type (their `id` attribute), from the gsi1 listing. */
export async function ownedIds(userId: string, type: OwnedType): Promise<string[]> {
  const items = await query({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, type), attributes: ['id'] });
  return items.map((i) => i.id).filter((id): id is string => typeof id === 'string');
}
