import * as z from 'zod';
import { keys } from '../keys';
import { deleteItem, getItem, updateItem, type Item } from '../table';

/**
 * The picture fingerprints a monitor's runs have found (`MONITOR#id / SEEN_IMAGES`, one item per monitor): what
 * tells a picture new to the monitor from the same picture at another address (services/search/novelty.ts).
 */
const SEEN_IMAGES = 'MONITOR_SEEN_IMAGES';

const FINGERPRINT = /^[0-9a-f]{64}$/;

/** Version 1; items written before versions were stored have none and read as 1. */
const seenSchema = z.object({
  v: z.literal(1).default(1),
  monitorId: z.string(),
  /** The monitor's owner; null when the run that wrote it had no results (never in practice). */
  userId: z.string().nullable(),
  /** 64 hex digits each, oldest first. */
  hashes: z.array(z.string()).default([]),
});
export type SeenImages = Omit<z.infer<typeof seenSchema>, 'v'>;

export function toItem(seen: SeenImages): Item {
  return { ...keys.monitorSeenImages(seen.monitorId), entity: SEEN_IMAGES, v: 1, ...seen };
}

export function fromItem(item: Item): SeenImages {
  const { v: _v, ...seen } = seenSchema.parse(item);
  return seen;
}

/** The fingerprints the monitor has seen (consistent), oldest first; anything that is not one is skipped. */
export async function read(monitorId: string): Promise<string[]> {
  const item = await getItem(keys.monitorSeenImages(monitorId));
  return item ? fromItem(item).hashes.filter((h) => FINGERPRINT.test(h)) : [];
}

/** Replaces the monitor's fingerprints with `hashes` (the caller keeps them bounded), creating the item. */
export async function remember(seen: SeenImages): Promise<void> {
  const { pk: _pk, sk: _sk, ...set } = toItem(seen);
  await updateItem(keys.monitorSeenImages(seen.monitorId), { set });
}

/** Deletes the monitor's fingerprints (its monitor is deleted). */
export async function forget(monitorId: string): Promise<void> {
  await deleteItem(keys.monitorSeenImages(monitorId));
}
