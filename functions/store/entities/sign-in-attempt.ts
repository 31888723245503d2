import * as z from 'zod';
import { keys } from '../keys';
import { deleteItemReturningOld, putItem, type Item } from '../table';

/**
 * A sign-in in progress (`SIGNIN#<sha256 of its cookie value>`): the PKCE verifier, state and nonce kept
 * between /api/login and /api/auth/callback, consumed once by the callback. `expiresAt` is the TTL attribute.
 */
const SIGNIN = 'SIGNIN';

/** Version 1; items written before versions were stored have none and read as 1. */
const attemptSchema = z.object({
  v: z.literal(1).default(1),
  codeVerifier: z.string(),
  state: z.string(),
  nonce: z.string(),
  /** Epoch seconds. */
  expiresAt: z.number(),
});
export type SignInAttemptRecord = Omit<z.infer<typeof attemptSchema>, 'v'>;

export function toItem(attemptHash: string, attempt: SignInAttemptRecord): Item {
  return { ...keys.signInAttempt(attemptHash), type: SIGNIN, v: 1, ...attempt };
}

export function fromItem(item: Item): SignInAttemptRecord {
  const { v: _v, ...attempt } = attemptSchema.parse(item);
  return attempt;
}

export async function put(attemptHash: string, attempt: SignInAttemptRecord): Promise<void> {
  await putItem(toItem(attemptHash, attempt));
}

/**
 * Takes the attempt out of the table and returns it: one Delete returning the old item, so of two callbacks
 * with the same cookie only one gets it. An attempt expired by `nowSeconds` is no attempt (deleted all the same).
 */
export async function consume(attemptHash: string, nowSeconds: number): Promise<SignInAttemptRecord | undefined> {
  const item = await deleteItemReturningOld(keys.signInAttempt(attemptHash));
  if (!item || Number(item.expiresAt) <= nowSeconds) return undefined;
  return fromItem(item);
}
