import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PLANS, planRule } from '../../../shared/plans';
import type { Subscription } from '../../../shared/schemas/subscription';
import type { PlanId } from '../../../shared/schemas/user';
import { db, tableName } from '../../adapters/dynamo/client';
import { keys } from '../../adapters/dynamo/keys';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { isConditionFailure } from '../../adapters/dynamo/io';

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
}

/** Profile attribute holding the administrator-set discount, a number from 0 to 100. */
export const DISCOUNT_ATTRIBUTE = 'discountPercent';

function clampPercent(v: unknown): number {
  const n = Number(v);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, n)) : 0;
}

/** Reads a user's stored plan (consistent read: a gate right after an upgrade must see it). Undefined without a profile. */
export async function readStoredPlan(userId: string): Promise<StoredPlan | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  const stored = Item.subscriptionPlan as PlanId | undefined;
  return {
    userId,
    email: String(Item.email ?? ''),
    plan: planRule(stored).id,
    storedPlan: stored,
    status: String(Item.subscriptionStatus ?? 'active'),
    discountPercent: clampPercent(Item[DISCOUNT_ATTRIBUTE]),
    planChangedAt: Item.planChangedAt as string | undefined,
  };
}

/** The plan a gate applies: the stored plan, or the trial for a caller without a profile. */
export async function planOf(userId: string): Promise<PlanId> {
  return (await readStoredPlan(userId))?.plan ?? 'trial';
}

/** US cents of a plan's monthly price after a discount (rounded to the cent). */
export function discountedCents(plan: PlanId, discountPercent: number): number {
  return Math.round(PLANS[plan].priceUsd * 100 * (1 - clampPercent(discountPercent) / 100));
}

/** `GET /api/user/subscription`. */
export async function getSubscription(userId: string): Promise<Subscription> {
  const stored = await readStoredPlan(userId);
  if (!stored) return { plan: 'trial', status: 'active', monthlyPriceUsd: 0 };
  return {
    plan: stored.plan,
    status: stored.status,
    ...(stored.discountPercent > 0 ? { discount: stored.discountPercent } : {}),
    monthlyPriceUsd: discountedCents(stored.plan, stored.discountPercent) / 100,
    ...(stored.planChangedAt ? { planChangedAt: stored.planChangedAt } : {}),
  };
}

/**
 * Changes the stored plan, conditionally on the plan read before (so of two concurrent upgrades exactly
 * one changes the plan and is charged; the other gets a 409). `status` is `cancelled` when a paid
 * subscription ends and the user goes back to the trial.
 */
export async function changeStoredPlan(current: StoredPlan, to: PlanId, at: string, status: 'active' | 'cancelled' = 'active'): Promise<void> {
  const condition =
    current.storedPlan === undefined ? 'attribute_exists(pk) AND attribute_not_exists(subscriptionPlan)' : 'subscriptionPlan = :from';
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(current.userId),
        UpdateExpression: 'SET subscriptionPlan = :to, subscriptionStatus = :status, planChangedAt = :at',
        ConditionExpression: condition,
        ExpressionAttributeValues: {
          ':to': to,
          ':status': status,
          ':at': at,
          ...(current.storedPlan === undefined ? {} : { ':from': current.storedPlan }),
        },
      }),
    );
  } catch (err) {
    if (isConditionFailure(err)) {
      throw new ConflictError('Your plan was changed at the same time. Please reload and try again.', 'PLAN_CHANGED');
    }
    throw err;
  }
}

/** Reads the plan of an upgrade's caller, refusing a missing profile (404) and the plan already held (409). */
export async function planForUpgrade(userId: string, to: PlanId): Promise<StoredPlan> {
  const current = await readStoredPlan(userId);
  if (!current) throw new NotFoundError('User');
  if (current.plan === to) throw new ConflictError(`You are already on the ${PLANS[to].name} plan.`, 'ALREADY_ON_PLAN');
  return current;
}
