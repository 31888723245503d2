import * as z from 'zod';
import { keys } from '../keys';
import { Cond, TTL_ATTRIBUTE, getItem, putItemIf, type Item } from '../table';

/**
 * A user's token bucket for costly requests (issue 26): `tokens` left when last counted at `atMs`, and `seq`, the
 * number of writes. A take reads the bucket, refills it for the time passed, and writes it back conditionally
 * on the `seq` it read (or on its absence), so two concurrent takes cannot both spend the same token: the loser reads again. The item
 * expires by TTL an hour after its last use (a full bucket needs no item).
 */
export const RATE_BUCKET = 'RATE_BUCKET';
const IDLE_TTL_SECONDS = 3600;
const ATTEMPTS = 5;

/** Version 1. */
const itemSchema = z.object({ v: z.literal(1).default(1), tokens: z.number(), atMs: z.number(), seq: z.number().int() });
export type BucketState = Omit<z.infer<typeof itemSchema>, 'v'>;

export interface BucketRule {
  /** Most tokens the bucket holds (the burst). */
  capacity: number;
  /** Tokens added per second. */
  refillPerSecond: number;
}

export function toItem(userId: string, s: BucketState): Item {
  return { ...keys.rateBucket(userId), entity: RATE_BUCKET, v: 1, ...s, [TTL_ATTRIBUTE]: Math.floor(s.atMs / 1000) + IDLE_TTL_SECONDS };
}

export function fromItem(item: Item): BucketState {
  const { v: _v, ...s } = itemSchema.parse(item);
  return s;
}

/** The bucket at `nowMs`: refilled for the time since it was last counted, never above capacity. */
export function refilled(state: BucketState | undefined, rule: BucketRule, nowMs: number): number {
  if (!state) return rule.capacity;
  const elapsed = Math.max(0, nowMs - state.atMs) / 1000;
  return Math.min(rule.capacity, state.tokens + elapsed * rule.refillPerSecond);
}

export type TakeResult = { taken: true; left: number } | { taken: false; retryAfterSeconds: number };

/** Takes one token from the user's bucket, or says how long until one is there. */
export async function take(userId: string, rule: BucketRule, nowMs = Date.now()): Promise<TakeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = await getItem(keys.rateBucket(userId), { consistent: true });
    const state = item ? fromItem(item) : undefined;
    const tokens = refilled(state, rule, nowMs);
    if (tokens < 1) return { taken: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / rule.refillPerSecond)) };
    const atMs = Math.max(nowMs, state?.atMs ?? 0);
    const seq = (state?.seq ?? 0) + 1;
    const written = await putItemIf(toItem(userId, { tokens: tokens - 1, atMs, seq }), state ? Cond.eq('seq', state.seq) : Cond.notExists());
    if (written) return { taken: true, left: tokens - 1 };
  }
  // Contended beyond reason (many parallel requests of one user): refuse this one rather than spin.
  return { taken: false, retryAfterSeconds: 1 };
}
