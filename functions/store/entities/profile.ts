import * as z from 'zod';
import { planIdSchema, type PlanId } from '../../../shared/schemas/user';
import { keys } from '../keys';
import { Cond, GSI1, getItem, putItemIf, query, updateItemIf, type Item } from '../table';

/**
 * A user's profile (`USER#id / PROFILE`, listed for the admin by sign-up time on gsi1 `USERS`) and the identity
 * guard that maps an identity provider subject to our user id (`IDENTITY#issuer#sub`), written once with a
 * conditional put so concurrent first sign-ins create one user. Every profile write is one conditional put or
 * update, so no half profile is stored; who may change what stays with the services.
 */
const PROFILE_TYPE = 'USER';
export const IDENTITY_TYPE = 'IDENTITY';
/** The profile attribute of the administrator's discount (0 to 100). */
const DISCOUNT = 'discountPercent';
const PLAN = 'subscriptionPlan';

/** Version 1; items written before versions were stored have none and read as 1. */
const profileSchema = z.object({
  v: z.literal(1).default(1),
  id: z.string(),
  /** The owner, as on every item (equal to `id`). */
  userId: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** Written `trial` at sign-up; absent reads as the trial (and a plan change is conditional on its absence). */
  subscriptionPlan: planIdSchema.optional(),
  subscriptionStatus: z.string().optional(),
  createdAt: z.string(),
  lastSignInAt: z.string().optional(),
  // The creator identity (services/creator-profile.ts), absent until first saved.
  contentCreatorName: z.string().optional(),
  contentCreatorEmail: z.string().optional(),
  contentCreatorPhone: z.string().nullable().optional(),
  contentCreatorAddress: z.string().optional(),
  contentCreatorUpdatedAt: z.string().optional(),
  // The plan's bookkeeping (services/billing).
  planChangedAt: z.string().optional(),
  [DISCOUNT]: z.number().optional(),
  discountUpdatedAt: z.string().optional(),
  pastDueSince: z.string().optional(),
  stripeCustomerId: z.string().optional(),
  stripeSubscriptionId: z.string().optional(),
  pendingPlan: planIdSchema.optional(),
  currentPeriodEnd: z.string().optional(),
  mrrCents: z.number().optional(),
});
export type Profile = Omit<z.infer<typeof profileSchema>, 'v'>;

export function toItem(profile: Profile): Item {
  return { ...keys.user(profile.userId), ...keys.userListing(profile.createdAt, profile.userId), type: PROFILE_TYPE, v: 1, ...profile };
}

/** The profile without its keys, `type` and version (unknown attributes are dropped). */
export function fromItem(item: Item): Profile {
  const { v: _v, ...profile } = profileSchema.parse(item);
  return profile;
}

/** A user's profile; eventually consistent unless asked (a gate right after a plan change asks for consistent). */
export async function get(userId: string, opts: { consistent?: boolean } = {}): Promise<Profile | undefined> {
  const item = await getItem(keys.user(userId), { consistent: opts.consistent ?? false });
  return item && fromItem(item);
}

/** Writes a new profile with its sign-up listing entry; false when the user already has one. */
export function create(profile: Profile): Promise<boolean> {
  return putItemIf(toItem(profile), Cond.notExists());
}

/** Records a sign-in on an existing profile; false when there is none. */
export async function recordSignIn(userId: string, at: string): Promise<boolean> {
  return (await updateItemIf(keys.user(userId), { set: { lastSignInAt: at } }, Cond.exists())) !== undefined;
}

/** The creator identity as stored on the profile. */
export interface CreatorValues {
  contentCreatorName: string;
  contentCreatorEmail: string;
  contentCreatorPhone: string | null;
  contentCreatorAddress: string;
}

/** Saves the creator fields on an existing profile: the profile as written, undefined without a profile. */
export async function saveCreatorFields(userId: string, values: CreatorValues, at: string): Promise<Profile | undefined> {
  const { contentCreatorName, contentCreatorEmail, contentCreatorPhone, contentCreatorAddress } = values;
  const written = await updateItemIf(
    keys.user(userId),
    // `null` is written as is: a phone removed is stored as null, not left as it was.
    { set: { contentCreatorName, contentCreatorEmail, contentCreatorPhone, contentCreatorAddress, contentCreatorUpdatedAt: at } },
    Cond.exists(),
  );
  return written && fromItem(written);
}

/** The plan attribute as it must still be stored for a guarded write: that plan, or absent on an existing profile. */
const planIs = (plan: PlanId | undefined) => (plan === undefined ? Cond.and(Cond.exists(), Cond.notExists(PLAN)) : Cond.eq(PLAN, plan));

/**
 * Moves the plan from `from` (as read, absent = `undefined`) to `to`: of two concurrent changes exactly one is
 * written. False when the stored plan was no longer `from` (or the profile is gone).
 */
export async function changePlan(userId: string, from: PlanId | undefined, to: PlanId, status: string, at: string): Promise<boolean> {
  const changes = { set: { [PLAN]: to, subscriptionStatus: status, planChangedAt: at } };
  return (await updateItemIf(keys.user(userId), changes, planIs(from))) !== undefined;
}

/**
 * Sets the administrator's discount while the plan and the discount are still those read (`expected`, as
 * stored: undefined when absent), so a concurrent plan change or discount edit makes it fail (false).
 */
export async function setDiscount(
  userId: string,
  discount: number,
  expected: { plan: PlanId | undefined; discount: number | undefined },
  at: string,
): Promise<boolean> {
  const discountIs = expected.discount === undefined ? Cond.notExists(DISCOUNT) : Cond.eq(DISCOUNT, expected.discount);
  const condition = Cond.and(planIs(expected.plan), discountIs);
  return (await updateItemIf(keys.user(userId), { set: { [DISCOUNT]: discount, discountUpdatedAt: at } }, condition)) !== undefined;
}

/** The billing attributes kept beside the plan (never the plan itself: `changePlan` writes that, guarded). */
export const BILLING_ATTRIBUTES = [
  'subscriptionStatus',
  'pastDueSince',
  'stripeCustomerId',
  'stripeSubscriptionId',
  'pendingPlan',
  'currentPeriodEnd',
  'mrrCents',
] as const satisfies readonly (keyof Profile)[];
export type BillingAttribute = (typeof BILLING_ATTRIBUTES)[number];
const isBillingAttribute = (name: string): name is BillingAttribute => (BILLING_ATTRIBUTES as readonly string[]).includes(name);

/**
 * Sets (undefined values are skipped) and removes billing attributes on an existing profile; false when there
 * is none. Names outside `BILLING_ATTRIBUTES` are refused, so this path can never write the plan or a key.
 */
export async function updateBilling(userId: string, set: Item, remove: readonly string[] = []): Promise<boolean> {
  const named = [...Object.keys(set), ...remove];
  const foreign = named.filter((n) => !isBillingAttribute(n));
  if (foreign.length) throw new Error(`profile billing update: not a billing attribute: ${foreign.join(', ')}`);
  const setting = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (Object.keys(setting).length === 0 && remove.length === 0) return true;
  return (await updateItemIf(keys.user(userId), { set: setting, remove }, Cond.exists())) !== undefined;
}

const LISTING_PARTITION = keys.userListing('', '').gsi1pk;
/** A listing position: the sign-up time and the user id (`keys.userListing`). */
const LISTING_POSITION = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9A-HJKMNP-TV-Z]{26}$/;

/** True when `value` can be a position in the user listing (what a page cursor carries). */
export const isListingPosition = (value: string) => LISTING_POSITION.test(value);

/**
 * One page of the admin's user listing, newest sign-up first, below `after` (a position from an earlier page).
 * `last` is the position of the page's last profile when the page is full (there may be more).
 */
export async function listNewest(opts: { limit: number; after?: string }): Promise<{ profiles: Profile[]; last?: string }> {
  const items = await query({ index: GSI1.indexName, partition: LISTING_PARTITION, sortBelow: opts.after, descending: true, limit: opts.limit });
  const last = items.length === opts.limit ? (items[items.length - 1]?.gsi1sk as string | undefined) : undefined;
  return { profiles: items.map(fromItem), ...(last ? { last } : {}) };
}

/** The identity guard: which user an identity provider subject is. */
export interface Identity {
  issuer: string;
  subject: string;
  userId: string;
  createdAt: string;
}

const identitySchema = z.object({
  v: z.literal(1).default(1),
  issuer: z.string(),
  subject: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});

export function identityToItem(identity: Identity): Item {
  return {
    ...keys.identity(identity.issuer, identity.subject),
    ...keys.ownedBy(identity.userId, IDENTITY_TYPE, `${identity.issuer}#${identity.subject}`),
    type: IDENTITY_TYPE,
    v: 1,
    ...identity,
  };
}

export function identityFromItem(item: Item): Identity {
  const { v: _v, ...identity } = identitySchema.parse(item);
  return identity;
}

/** The user id behind an identity provider subject, if it signed in before. */
export async function getIdentity(issuer: string, subject: string, opts: { consistent?: boolean } = {}): Promise<Identity | undefined> {
  const item = await getItem(keys.identity(issuer, subject), { consistent: opts.consistent ?? false });
  return item && identityFromItem(item);
}

/**
 * Lists an identity written before identities were listed under their user (gsi1), so erasing the user finds it:
 * one conditional update at sign-in that does nothing (and fails cheaply) once the listing is there.
 */
export async function listIdentity(identity: Identity): Promise<void> {
  const listing = keys.ownedBy(identity.userId, IDENTITY_TYPE, `${identity.issuer}#${identity.subject}`);
  await updateItemIf(keys.identity(identity.issuer, identity.subject), { set: listing }, Cond.and(Cond.eq('userId', identity.userId), Cond.notExists(GSI1.partitionKey)));
}

/** Maps the subject to `identity.userId` unless it is mapped already (false: read the winner back). */
export function claimIdentity(identity: Identity): Promise<boolean> {
  return putItemIf(identityToItem(identity), Cond.notExists());
}
