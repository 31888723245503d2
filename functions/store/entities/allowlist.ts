import * as z from 'zod';
import { allowlistReasonSchema } from '../../../shared/schemas/allowlist';
import { keys } from '../keys';
import { Cond, GSI1, countPartition, deleteItemIf, getItem, putItemIf, queryNewest, type Item } from '../table';

/**
 * An allowlist entry (`ALLOWLIST#id`, listed newest first on gsi1 under its owner) and its uniqueness guard, one
 * item per (user, domain) written with a conditional put before the entry, so one entry per domain holds under
 * concurrent adds without transactions (the service orders the writes; docs/ARCHITECTURE.md).
 */
export const ALLOWLIST = 'ALLOWLIST';
const GUARD = 'ALLOWLIST_DOMAIN';

/** Version 1; items written before versions were stored have none and read as 1. */
const entrySchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  userId: z.string(),
  domain: z.string(),
  reason: allowlistReasonSchema,
  notes: z.string().optional(),
  createdAt: z.string(),
});
export type AllowlistRecord = Omit<z.infer<typeof entrySchema>, 'v'>;

export function toItem(entry: AllowlistRecord): Item {
  return { ...keys.entity(ALLOWLIST, entry.id), ...keys.ownedBy(entry.userId, ALLOWLIST, entry.id), entity: ALLOWLIST, v: 1, ...entry };
}

export function fromItem(item: Item): AllowlistRecord {
  const { v: _v, ...entry } = entrySchema.parse(item);
  return entry;
}

export async function get(id: string): Promise<AllowlistRecord | undefined> {
  const item = await getItem(keys.entity(ALLOWLIST, id));
  return item && fromItem(item);
}

/** A user's entries, newest first. */
export async function listByOwner(userId: string, limit: number): Promise<AllowlistRecord[]> {
  const items = await queryNewest({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, ALLOWLIST), limit });
  return items.map(fromItem);
}

export function countByOwner(userId: string): Promise<number> {
  return countPartition({ index: GSI1.indexName, partition: keys.ownedByPartition(userId, ALLOWLIST) });
}

/** Writes a new entry; false when the id is taken. */
export function create(entry: AllowlistRecord): Promise<boolean> {
  return putItemIf(toItem(entry), Cond.notExists());
}

/** Deletes the entry if `userId` owns it; false when it does not exist or is someone else's. */
export function deleteOwned(userId: string, id: string): Promise<boolean> {
  return deleteItemIf(keys.entity(ALLOWLIST, id), Cond.eq('userId', userId));
}

/** The (user, domain) guard: which entry holds the domain, since when. */
export interface DomainGuard {
  userId: string;
  domain: string;
  entryId: string;
  createdAt: string;
}

const guardItem = (g: DomainGuard): Item => ({ ...keys.allowlistDomain(g.userId, g.domain), entity: GUARD, ...g });

export async function getGuard(userId: string, domain: string): Promise<DomainGuard | undefined> {
  const item = await getItem(keys.allowlistDomain(userId, domain));
  return item && { userId, domain, entryId: item.entryId as string, createdAt: item.createdAt as string };
}

/** Claims a free domain; false when a guard exists. */
export function claimGuard(guard: DomainGuard): Promise<boolean> {
  return putItemIf(guardItem(guard), Cond.notExists());
}

/** Takes over a guard still naming `deadEntryId` (an orphan); false when someone else took it first. */
export function takeOverGuard(guard: DomainGuard, deadEntryId: string): Promise<boolean> {
  return putItemIf(guardItem(guard), Cond.eq('entryId', deadEntryId));
}

/** Deletes the guard only while it belongs to `entryId` (a newer entry's guard is left alone). */
export async function releaseGuard(userId: string, domain: string, entryId: string): Promise<void> {
  await deleteItemIf(keys.allowlistDomain(userId, domain), Cond.eq('entryId', entryId));
}
