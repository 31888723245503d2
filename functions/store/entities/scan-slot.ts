import * as z from 'zod';
import { keys } from '../keys';
import { Cond, TTL_ATTRIBUTE, deleteItemIf, getItem, putItemIf, type Item } from '../table';

/**
 * A user's one scan slot (`USER#id / SCAN_SLOT`): a lease naming the search that holds it and until when. The
 * service decides when a slot is free (services/allowances/scan-slot.ts); here a new holder is written
 * conditionally on the holder it read, so of two parallel starts exactly one wins.
 */

/** Version 1; items written before versions were stored have none and read as 1. */
const slotSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  searchId: z.string(),
  takenAt: z.string(),
  /** Epoch seconds: until then the slot is held whatever its search says. */
  leaseUntil: z.coerce.number().default(0),
  /** Epoch seconds after which DynamoDB's TTL may delete the item (not checked on read: the lease decides). */
  [TTL_ATTRIBUTE]: z.number().optional(),
});
export type ScanSlot = Omit<z.infer<typeof slotSchema>, 'v'>;

export function toItem(slot: ScanSlot): Item {
  return { ...keys.scanSlot(slot.userId), v: 1, ...slot };
}

export function fromItem(item: Item): ScanSlot {
  const { v: _v, ...slot } = slotSchema.parse(item);
  return slot;
}

/** The user's slot as it stands (consistent), or `undefined` when none is held. */
export async function get(userId: string): Promise<ScanSlot | undefined> {
  const item = await getItem(keys.scanSlot(userId));
  return item && fromItem(item);
}

/** Takes a free slot (no item); false when someone holds it. */
export function claim(slot: ScanSlot): Promise<boolean> {
  return putItemIf(toItem(slot), Cond.notExists());
}

/** Takes over a slot still held by `heldBy` (its lease ran out); false when another start took it first. */
export function takeOver(slot: ScanSlot, heldBy: string): Promise<boolean> {
  return putItemIf(toItem(slot), Cond.eq('searchId', heldBy));
}

/** Frees the slot if `searchId` holds it; false (and nothing deleted) when another scan holds it, or none. */
export function release(userId: string, searchId: string): Promise<boolean> {
  return deleteItemIf(keys.scanSlot(userId), Cond.eq('searchId', searchId));
}
