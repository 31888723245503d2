import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ManagedUser } from '../../../shared/schemas/admin';
import { clampPercent, planRule } from '../../../shared/plans';
import { db, tableName } from '../../store/table';
import { keys } from '../../store/keys';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { requestDiscountSync } from '../billing/discount-sync';
import { invoicedMrrCents } from '../billing/invoiced-mrr';
import { recordDiscountChange } from '../metrics/hooks';
import { readTotals as readUserTotals, type UserTotals } from '../../store/entities/user-counters';
import { DISCOUNT_ATTRIBUTE, readProfileItem, writeDiscount } from '../profile-store';
import { GSI1 } from '../../store/table';

/**
 * The admin's user table (`GET /api/admin/user-management`, paged over gsi1 `USERS`, newest sign-ups first)
 * and the discount edit (`PUT /api/admin/users/{userId}`).
 */

type Item = Record<string, unknown>;

const USERS_PARTITION = keys.userListing('', '').gsi1pk;
const LISTING_SORT = /^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9A-HJKMNP-TV-Z]{26}$/;


function toManagedUser(item: Item, totals: UserTotals | undefined): ManagedUser {
  return {
    id: String(item.id),
    firstName: (item.firstName as string | null | undefined) ?? null,
    lastName: (item.lastName as string | null | undefined) ?? null,
    email: String(item.email ?? ''),
    joinDate: String(item.createdAt ?? ''),
    subscriptionPlan: planRule(item.subscriptionPlan as string | undefined).id,
    status: String(item.subscriptionStatus ?? 'active'),
    discount: clampPercent(item[DISCOUNT_ATTRIBUTE]),
    totalSpent: Math.round(totals?.totalSpentCents ?? 0) / 100,
    searches: totals?.searches ?? 0,
    dmcaCases: totals?.dmcaCases ?? 0,
  };
}

/** The opaque cursor of the next page: the last row's listing sort value, base64url-encoded. */
const encodeCursor = (sort: string) => Buffer.from(sort, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { sort: string; userId: string } {
  const sort = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!LISTING_SORT.test(sort)) {
    throw new ValidationError('cursor is not valid.', [{ path: 'query.cursor', message: 'cursor is not valid.' }]);
  }
  return { sort, userId: sort.slice(sort.lastIndexOf('#') + 1) };
}

/** One page of users, newest sign-up first, with their totals; `nextCursor` when there may be more. */
export async function listManagedUsers(opts: { cursor?: string; limit: number }): Promise<{ users: ManagedUser[]; nextCursor?: string }> {
  const start = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: GSI1.indexName,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': USERS_PARTITION },
      ScanIndexForward: false,
      Limit: opts.limit,
      ...(start
        ? { ExclusiveStartKey: { ...keys.user(start.userId), gsi1pk: USERS_PARTITION, gsi1sk: start.sort } }
        : {}),
    }),
  );
  const items = (res.Items ?? []) as Item[];
  const totals = await readUserTotals(items.map((i) => String(i.id)));
  const last = res.LastEvaluatedKey?.gsi1sk as string | undefined;
  return {
    users: items.map((i) => toManagedUser(i, totals.get(String(i.id)))),
    ...(last && items.length === opts.limit ? { nextCursor: encodeCursor(last) } : {}),
  };
}

const ATTEMPTS = 5;

/**
 * Sets a user's discount percent (0-100; the caller has validated it). The write is conditional on the plan
 * and discount read, so a concurrent plan change or discount edit makes it re-read and try again; for a paid
 * plan on demo billing `mrr` then moves by the change in the discounted price (a Stripe subscription's moves
 * once, when the next invoice charges the discount). A user with a Stripe subscription gets the
 * discount there at once: the account function (the only holder of the Stripe secret) is asked to apply it
 * (billing/discount-sync.ts). Returns the user's row.
 *
 * @throws NotFoundError for an unknown user.
 */
export async function setDiscount(userId: string, discount: number, now = new Date()): Promise<ManagedUser> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const Item = await readProfileItem(userId, { consistent: true });
    if (!Item) throw new NotFoundError('User');
    const storedPlan = Item.subscriptionPlan as string | undefined;
    const storedDiscount = Item[DISCOUNT_ATTRIBUTE] as number | undefined;
    const written = await writeDiscount(userId, discount, { plan: storedPlan, discount: storedDiscount }, now.toISOString());
    if (!written) continue;
    const plan = planRule(storedPlan).id;
    // A Stripe subscription's MRR moves when its next invoice is paid at the new price, not here.
    await recordDiscountChange({ userId, plan, fromDiscount: clampPercent(storedDiscount), toDiscount: discount, invoicedCents: invoicedMrrCents(Item) });
    await requestDiscountSync(userId, typeof Item.stripeSubscriptionId === 'string');
    const totals = await readUserTotals([userId]);
    return toManagedUser({ ...Item, [DISCOUNT_ATTRIBUTE]: discount }, totals.get(userId));
  }
  throw new ConflictError('This user was changed at the same time. Please try again.', 'USER_CHANGED');
}
