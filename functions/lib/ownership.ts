import { NotFoundError } from './errors';

/** Anything stored for one user. */
interface Owned {
  userId: string;
}

/** True when `item` exists and belongs to `userId`. The one owner rule; the helpers below build on it. */
export function isOwnedBy<T extends Owned>(item: T | null | undefined, userId: string): item is T {
  return item !== undefined && item !== null && item.userId === userId;
}

/**
 * Returns `item` when `userId` owns it; otherwise throws NotFoundError(`what`): to anyone else the item does
 * not exist, so ids reveal nothing. `adminMayRead` lets an admin read anyone's item (never act on it).
 */
export function requireOwned<T extends Owned>(
  item: T | null | undefined,
  userId: string,
  what: string,
  opts: { adminMayRead?: boolean } = {},
): T {
  if (isOwnedBy(item, userId) || (item && opts.adminMayRead)) return item;
  throw new NotFoundError(what);
}
