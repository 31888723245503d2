import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clampPercent, planRule } from '../../shared/plans';
import type { PlanId } from '../../shared/schemas/user';
import { db, tableName } from '../store/table';
import { isConditionFailure } from '../store/table';
import { keys } from '../store/keys';

/*
 * The user's PROFILE item (`keys.user(userId)`, `USER#id / PROFILE`): this module is the only one that writes
 * it (sign-up and sign-in, the creator fields, the plan, the administrator's discount) and it holds the plan
 * reads every gate and metric needs. Billing and the metrics both read the plan here, so neither folder
 * imports the other for it. Every write is one conditional put or update, so no half profile is stored;
 * the rules around them (who may change what, the errors a person sees) stay with the callers.
 */

type Item = Record<string, unknown>;

/** The profile item as stored (key attributes included); undefined when the user has none. */
export async function readProfileItem(userId: string, opts: { consistent?: boolean } = {}): Promise<Item | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.user(userId), ...(opts.consistent ? { ConsistentRead: true } : {}) }),
  );
  return Item;
}

/**
 * Writes a new profile (with its sign-up listing key) unless one exists. Returns false when the user already
 * had a profile (a concurrent first sign-in got there first), so the caller counts the sign-up once.
 */
export async function createProfileItem(userId: string, createdAt: string, profile: Item): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.user(userId), ...keys.userListing(createdAt, userId), type: 'USER', ...profile },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Records a sign-in on an existing profile. */
export async function writeLastSignIn(userId: string, at: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: 'SET lastSignInAt = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** The creator identity as stored on the profile (see creator-profile.ts). */
export interface CreatorValues {
  contentCreatorName: string;
  contentCreatorEmail: string;
  contentCreatorPhone: string | null;
  contentCreatorAddress: string;
}

/** Saves the creator fields on an existing profile; returns the whole updated item, undefined without a profile. */
export async function writeCreatorFields(userId: string, values: CreatorValues, at: string): Promise<Item | undefined> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression:
          'SET contentCreatorName = :n, contentCreatorEmail = :e, contentCreatorPhone = :p, contentCreatorAddress = :a, contentCreatorUpdatedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':n': values.contentCreatorName,
          ':e': values.contentCreatorEmail,
          ':p': values.contentCreatorPhone,
          ':a': values.contentCreatorAddress,
          ':at': at,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Sets the plan, conditionally on the plan read before (`current.storedPlan`), so of two concurrent changes
 * exactly one is written. Returns false when the stored plan was no longer the one read (or the profile is gone).
 */
export async function writeStoredPlan(
  current: Pick<StoredPlan, 'userId' | 'storedPlan'>,
  to: PlanId,
  at: string,
  status: string,
): Promise<boolean> {
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
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Sets the administrator's discount, conditionally on the plan and discount read before (`expected`, as
 * stored: undefined when absent), so a concurrent plan change or discount edit makes it fail. Returns false then.
 */
export async function writeDiscount(
  userId: string,
  discount: number,
  expected: { plan: string | undefined; discount: number | undefined },
  at: string,
): Promise<boolean> {
  const values: Item = { ':d': discount, ':at': at };
  const conditions = ['attribute_exists(pk)'];
  if (expected.plan === undefined) conditions.push('attribute_not_exists(subscriptionPlan)');
  else {
    conditions.push('subscriptionPlan = :plan');
    values[':plan'] = expected.plan;
  }
  if (expected.discount === undefined) conditions.push('attribute_not_exists(#discount)');
  else {
    conditions.push('#discount = :old');
    values[':old'] = expected.discount;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.user(userId),
        UpdateExpression: 'SET #discount = :d, discountUpdatedAt = :at',
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: { '#discount': DISCOUNT_ATTRIBUTE },
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
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

/** Profile attribute holding the administrator-set discount, a number from 0 to 100. */
export const DISCOUNT_ATTRIBUTE = 'discountPercent';

/** Reads a user's stored plan (consistent read: a gate right after an upgrade must see it). Undefined without a profile. */
export async function readStoredPlan(userId: string): Promise<StoredPlan | undefined> {
  const Item = await readProfileItem(userId, { consistent: true });
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
    pastDueSince: Item.pastDueSince as string | undefined,
    stripeCustomerId: Item.stripeCustomerId as string | undefined,
    stripeSubscriptionId: Item.stripeSubscriptionId as string | undefined,
    pendingPlan: Item.pendingPlan as PlanId | undefined,
    currentPeriodEnd: Item.currentPeriodEnd as string | undefined,
    mrrCents: Item.mrrCents === undefined ? undefined : Number(Item.mrrCents),
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
 */
export async function setBillingAttributes(userId: string, set: Record<string, unknown>, remove: string[] = []): Promise<void> {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  if (entries.length === 0 && remove.length === 0) return;
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = entries.map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' ').trim(),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(sets.length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
}
