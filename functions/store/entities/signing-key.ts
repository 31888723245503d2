import * as z from 'zod';
import { keys } from '../keys';
import { Cond, getItem, putItemIf, type Item } from '../table';

/**
 * A signing key kept in the table (`SECRET#name`), e.g. the one of unsubscribe links: created once with a
 * conditional put, so concurrent first uses all end up with the winner's value.
 */
const SECRET = 'SECRET';

/** Version 1; items written before versions were stored have none and read as 1. */
const itemSchema = z.object({
  v: z.literal(1).default(1),
  /** The key, base64. */
  value: z.string(),
});

export function toItem(name: string, value: string): Item {
  return { ...keys.signingKey(name), entity: SECRET, v: 1, value };
}

export function fromItem(item: Item): string {
  return itemSchema.parse(item).value;
}

/** The key's value (base64), or undefined before it was created. */
export async function get(name: string): Promise<string | undefined> {
  const item = await getItem(keys.signingKey(name));
  return item && fromItem(item);
}

/** Creates the key; false when it exists already (read it back: another process created it first). */
export function createOnce(name: string, value: string): Promise<boolean> {
  return putItemIf(toItem(name, value), Cond.notExists());
}
