import { clampPercent, planRule } from '../../shared/plans';
import type { PlanId } from '../../shared/schemas/user';
import * as profiles from '../store/entities/profile';
import type { CreatorValues, Profile } from '../store/entities/profile';

/*
 * The user's PROFILE item through its entity (store/entities/profile.ts): the writes other services make on it
 * (the creator fields, the plan, the billing attributes) and the plan reads every gate and metric needs.
 * Billing and the metrics both read the plan here, so neither folder imports the other for it. The rules
 * around the writes (who may change what, the errors a person sees) stay with the callers.
 */

export type { CreatorValues };

/** Saves the creator fields on an existing profile; returns the updated profile, undefined without a profile. */
export function writeCreatorFields(userId: string, values: CreatorValues, at: string): Promise<Profile | undefined> {
  return profiles.saveCreatorFields(userId, values, at);
}

/**
 * Sets the plan, conditionally on the plan read before (`current.storedPlan`), so of two concurrent changes
 * exactly one is written. Returns false when the stored plan was no longer the one read (or the profile is gone).
 */
export function writeStoredPlan(current: Pick<StoredPlan, 'userId' | 'storedPlan'>, to: PlanId, at: string, status: string): Promise<boolean> {
  return profiles.changePlan(current.userId, current.storedPlan, to, status, at);
}

/**
 * The plan as stored on the user's profile item: the only source every plan gate reads (never the client).
 * `discountPercent` is set by an administrator (PUT /api/admin/users/{id}); absent means no discount.
 */
export interface StoredPlan {
  userId: string;
  email: string;
  /** The plan in force (trial when the profile has none). */
  plan: PlanId;
  /** The attribute exactly as stored, so a plan change can be conditional on it. */
  storedPlan: PlanId | undefined;
  status: string;
  discountPercent: number;
  planChangedAt?: string;
  /** When the subscription went `past_due` (a failed payment Stripe is retrying); allowances stop after the grace. */
  pastDueSince?: string;
  /** The Stripe customer and subscription of a paid plan bought through Stripe. */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** A plan change scheduled for the end of the billing period (downgrade or cancellation, Stripe mode). */
  pendingPlan?: PlanId;
  /** When the current billing period ends (Stripe mode). */
  currentPeriodEnd?: string;
  /** The monthly recurring amount last recorded from a paid Stripe invoice, in cents. */
  mrrCents?: number;
}

/** Reads a user's stored plan (consistent read: a gate right after an upgrade must see it). Undefined without a profile. */
export async function readStoredPlan(userId: string): Promise<StoredPlan | undefined> {
  const profile = await profiles.get(userId, { consistent: true });
  if (!profile) return undefined;
  const stored = profile.subscriptionPlan;
  return {
    userId,
    email: profile.email,
    plan: planRule(stored).id,
    storedPlan: stored,
    status: profile.subscriptionStatus ?? 'active',
    discountPercent: clampPercent(profile.discountPercent),
    planChangedAt: profile.planChangedAt,
    pastDueSince: profile.pastDueSince,
    stripeCustomerId: profile.stripeCustomerId,
    stripeSubscriptionId: profile.stripeSubscriptionId,
    pendingPlan: profile.pendingPlan,
    currentPeriodEnd: profile.currentPeriodEnd,
    mrrCents: profile.mrrCents,
  };
}

/** Days a subscription may stay `past_due` (Stripe retrying the payment) before its paid features stop. */
export const PAYMENT_GRACE_DAYS = 14;

/**
 * The plan in force, the one function that decides it for every gate (allowances, bulk size and platforms,
 * automated submission, monitor cadence and count, auto-submit): the stored plan, or the trial's rules for a
 * caller without a profile, an `unpaid` subscription, or one `past_due` for longer than the grace. The stored
 * plan itself is unchanged (billing and MRR still follow Stripe, which may yet collect the payment).
 */
export function effectivePlan(stored: Pick<StoredPlan, 'plan' | 'status' | 'pastDueSince'> | undefined, now = new Date()): PlanId {
  if (!stored) return 'trial';
  if (stored.status === 'unpaid') return 'trial';
  if (stored.status === 'past_due' && stored.pastDueSince) {
    const graceEnds = Date.parse(stored.pastDueSince) + PAYMENT_GRACE_DAYS * 86_400_000;
    if (now.getTime() > graceEnds) return 'trial';
  }
  return stored.plan;
}

/** The plan a gate applies (`effectivePlan` of the stored plan). */
export async function planOf(userId: string, now = new Date()): Promise<PlanId> {
  return effectivePlan(await readStoredPlan(userId), now);
}

/**
 * Sets (and removes) billing attributes on the profile beside the plan: Stripe ids, the pending change, the
 * period end, the past-due mark, the recorded MRR. Never the plan itself (writeStoredPlan does that, conditionally).
 * Throws when the user has no profile (callers read the plan first).
 */
export async function setBillingAttributes(userId: string, set: Record<string, unknown>, remove: string[] = []): Promise<void> {
  if (!(await profiles.updateBilling(userId, set, remove))) throw new Error(`billing attributes: user ${userId} has no profile`);
}
