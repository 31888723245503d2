import type { Key } from './keys';
import { Cond, TTL_ATTRIBUTE, getItem, updateItem, updateItemIf, updateItemReturningNew, type Item } from './table';

/**
 * The one counter of the table: a number on one item attribute, changed only with atomic ADD. A guarded take
 * (an allowance, a rate window, a slot count) ADDs in ONE conditional UpdateItem that succeeds only while the
 * count stays within the limit, so of parallel requests at the limit exactly one is admitted and a refused
 * request writes nothing.
 */
export interface CounterRef {
  key: Key;
  /** The counted attribute (`count` on most items). */
  attribute: string;
  /** Attributes SET beside the count (the owner and the period, for reading the item back). */
  set?: Item;
  /** Epoch seconds after which the item may be deleted by TTL. */
  ttl?: number;
}

export type TakeOutcome = { taken: true } | { taken: false; used: number };

const setOf = (ref: CounterRef): Item => ({ ...ref.set, ...(ref.ttl ? { [TTL_ATTRIBUTE]: ref.ttl } : {}) });

/**
 * Takes `n` uses within `limit` (`null`: unlimited, still counted so usage can be shown). Refused, the answer
 * carries the count in use.
 */
export async function take(ref: CounterRef, limit: number | null, n = 1): Promise<TakeOutcome> {
  // More than the whole limit at once: refused without a write (a missing counter would pass the condition).
  if (limit !== null && n > limit) return { taken: false, used: await read(ref) };
  const changes = { set: setOf(ref), add: { [ref.attribute]: n } };
  if (limit === null) {
    await updateItem(ref.key, changes);
    return { taken: true };
  }
  const written = await updateItemIf(ref.key, changes, Cond.or(Cond.notExists(ref.attribute), Cond.le(ref.attribute, limit - n)));
  return written ? { taken: true } : { taken: false, used: await read(ref) };
}

/** Gives `n` uses back (the work they were taken for did not happen); never below zero. */
export async function give(ref: Pick<CounterRef, 'key' | 'attribute'>, n = 1): Promise<void> {
  await updateItemIf(ref.key, { add: { [ref.attribute]: -n } }, Cond.ge(ref.attribute, n));
}

/** The current count (consistent read); 0 when the item or attribute does not exist. */
export async function read(ref: Pick<CounterRef, 'key' | 'attribute'>): Promise<number> {
  const item = await getItem(ref.key, { attributes: [ref.attribute] });
  return Math.max(0, Number(item?.[ref.attribute] ?? 0) || 0);
}

/**
 * ADDs `deltas` (attribute -> amount; zero and non-finite amounts are skipped) to one item in one UpdateItem,
 * with `set` beside them (labels, the owner). Creates the item on first use.
 */
export async function add(key: Key, deltas: Record<string, number>, set: Item = {}): Promise<void> {
  const moved = Object.fromEntries(Object.entries(deltas).filter(([, v]) => typeof v === 'number' && Number.isFinite(v) && v !== 0));
  if (Object.keys(moved).length === 0) return;
  await updateItem(key, { set, add: moved });
}

/**
 * ADDs 1 to one item's `attribute` (with `set` beside it) and returns the count this call made: a sequence, so
 * concurrent callers never get the same number. Creates the item on first use (the first number is 1).
 */
export async function next(key: Key, attribute: string, set: Item = {}): Promise<number> {
  const item = await updateItemReturningNew(key, { set, add: { [attribute]: 1 } });
  return Number(item[attribute]);
}

/** A fixed window of `windowSeconds`, aligned to the epoch (an hour's window turns on the hour). */
export interface Window {
  /** The window's number, part of its item's key. */
  id: string;
  /** When its item may go: a minute after the window ends. */
  ttl: number;
}

export function windowAt(windowSeconds: number, now: Date = new Date()): Window {
  const n = Math.floor(now.getTime() / 1000 / windowSeconds);
  return { id: String(n), ttl: (n + 1) * windowSeconds + 60 };
}
