import type { ManagedUser } from '../../../shared/schemas/admin';
import { clampPercent, planRule } from '../../../shared/plans';
import * as profiles from '../../store/entities/profile';
import type { Profile } from '../../store/entities/profile';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { requestDiscountSync } from '../billing/discount-sync';
import { invoicedMrrCents } from '../billing/invoiced-mrr';
import { recordDiscountChange } from '../metrics/hooks';
import { readTotals as readUserTotals, type UserTotals } from '../../store/entities/user-counters';

/**
 * The admin's user table (`GET /api/admin/user-management`, the sign-up listing paged newest first)
 * and the discount edit (`PUT /api/admin/users/{userId}`).
 */

function toManagedUser(profile: Profile, totals: UserTotals | undefined): ManagedUser {
  return {
    id: profile.id,
    firstName: profile.firstName ?? null,
    lastName: profile.lastName ?? null,
    email: profile.email,
    joinDate: profile.createdAt,
    subscriptionPlan: planRule(profile.subscriptionPlan).id,
    status: profile.subscriptionStatus ?? 'active',
    discount: clampPercent(profile.discountPercent),
    totalSpent: Math.round(totals?.totalSpentCents ?? 0) / 100,
    searches: totals?.searches ?? 0,
    dmcaCases: totals?.dmcaCases ?? 0,
  };
}

/** The opaque cursor of the next page: the last row's listing position, base64url-encoded. */
const encodeCursor = (position: string) => Buffer.from(position, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const position = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!profiles.isListingPosition(position)) {
    throw new ValidationError('cursor is not valid.', [{ path: 'query.cursor', message: 'cursor is not valid.' }]);
  }
  return position;
}

/** One page of users, newest sign-up first, with their totals; `nextCursor` when there may be more. */
export async function listManagedUsers(opts: { cursor?: string; limit: number }): Promise<{ users: ManagedUser[]; nextCursor?: string }> {
  const page = await profiles.listNewest({ limit: opts.limit, after: opts.cursor ? decodeCursor(opts.cursor) : undefined });
  const totals = await readUserTotals(page.profiles.map((p) => p.id));
  return {
    users: page.profiles.map((p) => toManagedUser(p, totals.get(p.id))),
    ...(page.last ? { nextCursor: encodeCursor(page.last) } : {}),
  };
}

const ATTEMPTS = 5;

/**
 * Sets a user's discount percent (0-100; the caller has validated it). The write is conditional on the plan
 * and discount read, so a concurrent plan change or discount edit makes it re-read and try again; for a paid
 * plan on demo billing `mrr` then moves by the change in the discounted price (a Stripe subscription's moves
 * once, when the next invoice charges the discount). A user with a Stripe subscription gets the
 * discount there at once: the account function (the only holder of the Stripe secret) is asked to apply it
 * (billing/discount-sync.ts). Returns the user's row and the discount it had before.
 *
 * @throws NotFoundError for an unknown user.
 */
export async function setDiscount(userId: string, discount: number, now = new Date()): Promise<{ row: ManagedUser; before: number }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const profile = await profiles.get(userId, { consistent: true });
    if (!profile) throw new NotFoundError('User');
    const { subscriptionPlan: storedPlan, discountPercent: storedDiscount } = profile;
    const written = await profiles.setDiscount(userId, discount, { plan: storedPlan, discount: storedDiscount }, now.toISOString());
    if (!written) continue;
    const plan = planRule(storedPlan).id;
    // A Stripe subscription's MRR moves when its next invoice is paid at the new price, not here.
    await recordDiscountChange({ userId, plan, fromDiscount: clampPercent(storedDiscount), toDiscount: discount, invoicedCents: invoicedMrrCents(profile) });
    await requestDiscountSync(userId, typeof profile.stripeSubscriptionId === 'string');
    const totals = await readUserTotals([userId]);
    return { row: toManagedUser({ ...profile, discountPercent: discount }, totals.get(userId)), before: clampPercent(storedDiscount) };
  }
  throw new ConflictError('This user was changed at the same time. Please try again.', 'USER_CHANGED');
}
