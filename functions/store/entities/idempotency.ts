import * as z from 'zod';
import { keys, type Key } from '../keys';
import { Cond, TTL_ATTRIBUTE, deleteItemIf, getItem, putItemIf, updateItemIf, type Item } from '../table';

/**
 * An idempotency record (`IDEMPOTENCY#user#operation#<hash of the key>`): the first run of a request that must
 * not take effect twice claims it, and its response is kept for replay until `expiresAt` (the TTL attribute,
 * also checked by the claim's condition because dynalite never expires). The run-once rules are in
 * services/idempotency.ts.
 */
export const IDEMPOTENCY = 'IDEMPOTENCY';
const RUNNING = 'in_progress';
const DONE = 'completed';

/** Version 1; items written before versions were stored have none and read as 1. */
const recordSchema = z.object({
  v: z.literal(1).default(1),
  userId: z.string(),
  operation: z.string(),
  /** Hash of the request: a reused key with another request is refused. */
  requestHash: z.string(),
  state: z.enum([RUNNING, DONE]),
  /** The response's status and body (JSON text), once completed. */
  status: z.number().optional(),
  response: z.string().optional(),
  createdAt: z.string(),
  completedAt: z.string().optional(),
  /** Epoch seconds after which an in-progress run may be taken over (it died). */
  lockExpiresAt: z.number(),
  /** Epoch seconds. */
  [TTL_ATTRIBUTE]: z.number(),
});
export type IdempotencyRecord = Omit<z.infer<typeof recordSchema>, 'v'>;

/** Which record: the caller, the operation and the hash of the client's key. */
export interface IdempotencyRef {
  userId: string;
  operation: string;
  keyHash: string;
}

const keyOf = (ref: IdempotencyRef): Key => keys.idempotency(ref.userId, ref.operation, ref.keyHash);

export function toItem(ref: IdempotencyRef, record: IdempotencyRecord): Item {
  // Listed under its user on gsi1, so erasing the user (user-data.ts) finds it before its TTL does.
  return { ...keyOf(ref), ...keys.ownedBy(ref.userId, IDEMPOTENCY, `${ref.operation}#${ref.keyHash}`), entity: IDEMPOTENCY, v: 1, ...record };
}

export function fromItem(item: Item): IdempotencyRecord {
  const { v: _v, ...record } = recordSchema.parse(item);
  return record;
}

/**
 * Claims the key for a new run (an in-progress record locked until `lockExpiresAt`, kept until `expiresAt`):
 * taken when there is no record, when it expired, or when its run is still in progress past its lock (the run
 * died). False when another run holds it or its response is kept.
 */
export function claim(ref: IdempotencyRef, run: { requestHash: string; createdAt: string; lockExpiresAt: number; expiresAt: number }, nowSeconds: number): Promise<boolean> {
  const record: IdempotencyRecord = { userId: ref.userId, operation: ref.operation, state: RUNNING, ...run };
  const free = Cond.or(Cond.notExists(), Cond.lt(TTL_ATTRIBUTE, nowSeconds), Cond.and(Cond.eq('state', RUNNING), Cond.lt('lockExpiresAt', nowSeconds)));
  return putItemIf(toItem(ref, record), free);
}

/** The record as it is now (consistent: it is read right after a claim was refused). */
export async function get(ref: IdempotencyRef): Promise<IdempotencyRecord | undefined> {
  const item = await getItem(keyOf(ref), { consistent: true });
  return item && fromItem(item);
}

/** Deletes the record while its run is still in progress (a failed run lets a retry run again). */
export function release(ref: IdempotencyRef): Promise<boolean> {
  return deleteItemIf(keyOf(ref), Cond.eq('state', RUNNING));
}

/**
 * Keeps the run's response for replay while the record is still in progress: `body` is stored as JSON text, so
 * empty strings and nulls stay as sent. False when the record is gone (expired and removed meanwhile) or another
 * run completed it: then nothing is written, so no record without its owner, request hash and expiry is left.
 */
export async function complete(ref: IdempotencyRef, status: number, body: unknown, at: string): Promise<boolean> {
  const changes = { set: { state: DONE, status, response: JSON.stringify(body), completedAt: at } };
  return (await updateItemIf(keyOf(ref), changes, Cond.eq('state', RUNNING))) !== undefined;
}

/** The kept response of a completed record. */
export function storedResponse(record: IdempotencyRecord): { status: number; body: unknown } | undefined {
  if (record.state !== DONE) return undefined;
  return { status: Number(record.status), body: JSON.parse(String(record.response)) as unknown };
}
