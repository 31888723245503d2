import { createHash } from 'node:crypto';
import * as records from '../store/entities/idempotency';
import { ConflictError, HttpError } from '../lib/errors';

/**
 * Run-once for requests that must not take effect twice (bulk submission): the first request writes an
 * idempotency record with a conditional put and runs; a retry or a double click finds the record and gets
 * the first response back (waiting for it while the first is still running). The same idea as Powertools'
 * idempotency utility, written against our single table and its key module (Powertools' DynamoDB layer wants
 * its own table layout, and its Lambda-handler wrapping does not fit an area handler serving many routes).
 *
 * A failed run deletes its record, so a retry after an error runs again. A run that died mid-way (process
 * killed) leaves an in-progress record whose lock expires after `lockSeconds`, after which a retry takes over.
 */

export interface IdempotencyOptions {
  userId: string;
  /** The operation, e.g. `bulk-submit`. */
  operation: string;
  /** The client's Idempotency-Key, or a key derived from the request. */
  key: string;
  /** Hash of the request; a reused key with a different request is refused (422). */
  requestHash: string;
  /** How long the first response is kept and replayed. */
  ttlSeconds: number;
  /** How long an in-progress run holds the key before another may take over (default 120 s). */
  lockSeconds?: number;
  /** How long a concurrent duplicate waits for the first response before answering 409 (default 15 s). */
  waitMs?: number;
}

export interface StoredResponse<T> {
  status: number;
  body: T;
}

export interface IdempotentOutcome<T> extends StoredResponse<T> {
  /** True when this is the stored response of an earlier identical request. */
  replayed: boolean;
}

/** The same request hashes the same: JSON with object keys sorted. */
export function hashRequest(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]))
        : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('base64url');
}

/** Accepted Idempotency-Key values: 1 to 128 printable characters without spaces. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,128}$/;

class KeyReusedError extends HttpError {
  constructor() {
    super(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.');
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn` once per (user, operation, key) within `ttlSeconds`, returning its response, or the stored
 * response of the first run for a repeat. Errors thrown by `fn` are not stored (the record is deleted).
 */
export async function runOnce<T>(opts: IdempotencyOptions, fn: () => Promise<StoredResponse<T>>): Promise<IdempotentOutcome<T>> {
  const ref = { userId: opts.userId, operation: opts.operation, keyHash: createHash('sha256').update(opts.key).digest('base64url') };
  const lockSeconds = opts.lockSeconds ?? 120;
  const deadline = Date.now() + (opts.waitMs ?? 15_000);

  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const run = { requestHash: opts.requestHash, createdAt: new Date().toISOString(), lockExpiresAt: now + lockSeconds, expiresAt: now + opts.ttlSeconds };
    if (!(await records.claim(ref, run, now))) {
      const record = await records.get(ref);
      if (!record) continue; // deleted by a failed first run in between: try to take it
      if (record.requestHash !== opts.requestHash) throw new KeyReusedError();
      const stored = records.storedResponse(record);
      if (stored) return { status: stored.status, body: stored.body as T, replayed: true };
      if (Date.now() >= deadline) {
        throw new ConflictError('This request is still being processed. Please wait a moment and refresh.', 'REQUEST_IN_PROGRESS');
      }
      await sleep(150);
      continue;
    }

    let outcome: StoredResponse<T>;
    try {
      outcome = await fn();
    } catch (err) {
      await records.release(ref).catch(() => undefined);
      throw err;
    }
    await records.complete(ref, outcome.status, outcome.body, new Date().toISOString());
    return { ...outcome, replayed: false };
  }
}
