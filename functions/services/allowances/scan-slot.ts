import * as slots from '../../store/entities/scan-slot';
import * as searches from '../../store/entities/search';
import { TooManyRequestsError } from '../../lib/errors';

/**
 * At most one scan starting or running per user (issue 10's abuse limit beside the monthly allowance). One slot
 * item per user holds a lease: the search id holding it and `leaseUntil`. The slot itself says whether it is
 * taken, because the search item is only written once the scan is admitted (after the allowance and the
 * reference files): reading "no search" as "not running" admitted a second start in that window. The slot is
 * free when:
 * - it is absent: never taken, or released by its scan's end (`finishSearch`) or by a start that failed;
 * - its lease has run out and its search is not `running` (a release lost to a crash; a start that died before
 *   writing its search).
 * A live lease is held whatever its search says; a scan still running after the lease keeps the slot until it
 * ends (the reconciler ends a stuck one, docs/ARCHITECTURE.md "Crash safety"). A new holder takes the slot with a
 * conditional put on the holder read, so of two parallel starts exactly one wins.
 */
export const SLOT_LEASE_SECONDS = 10 * 60;

/**
 * The lease covers the start window (slot -> allowance -> reference files -> search written), which an API
 * function's time limit (at most 27 s) bounds well within it, and is how long a lost release blocks the user.
 * The item itself stays a day for DynamoDB's TTL to remove: TTL must never delete a slot whose scan still runs.
 */
const SLOT_ITEM_DAYS = 1;

class ScanRunningError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    super('A scan of yours is already running. Wait for it to finish before starting another.', retryAfterSeconds);
  }
}

/** Takes the user's scan slot for `searchId`, or throws 429 (with Retry-After) while another scan holds it. */
export async function takeScanSlot(userId: string, searchId: string, now = new Date()): Promise<void> {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const held = await slots.get(userId);
  if (held) {
    if (held.leaseUntil > nowSeconds) throw new ScanRunningError(Math.min(60, held.leaseUntil - nowSeconds));
    // Read from the search entity, not services/search (which releases the slot when a scan ends).
    if ((await searches.statusOf(held.searchId)) === 'running') throw new ScanRunningError(60);
  }
  const slot = { userId, searchId, takenAt: now.toISOString(), leaseUntil: nowSeconds + SLOT_LEASE_SECONDS, expiresAt: nowSeconds + SLOT_ITEM_DAYS * 86_400 };
  if (!(await (held ? slots.takeOver(slot, held.searchId) : slots.claim(slot)))) throw new ScanRunningError(60);
}

/** Frees the slot if `searchId` holds it: its scan ended, or did not start. A slot held by another scan is left. */
export async function releaseScanSlot(userId: string, searchId: string): Promise<void> {
  await slots.release(userId, searchId);
}
