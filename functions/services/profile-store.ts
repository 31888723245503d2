import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { clampPercent, planRule } from '../../shared/plans';
import type { PlanId } from '../../shared/schemas/user';
import { db, tableName } from '../adapters/dynamo/client';
import { keys } from '../adapters/dynamo/keys';

/**
 * The user's PROFILE item (`keys.user(userId)`): reads of the plan fields every gate and metric needs. Billing
 * and the metrics both read the plan here, so neither folder imports the other for it.
 */
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
