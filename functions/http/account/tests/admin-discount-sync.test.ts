import { resetConfig } from '../../../lib/config';
import type { Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { contract } from '../../../../shared/contract';
import { startLambda, type RunningLambda } from '../../../../local/stand-ins/lambda';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session, user as newUser, type TestUser } from '../../../../test/fixtures';
import { startStripeFake, type StripeFake } from '../../../../test/stripe-fake';
import { deliverStripeEvents } from '../../../../test/stripe-delivery';
import { BILLING, readStoredPlan } from '../../../services/billing';
import { handler } from '..';
import { query } from '../../../store/table';
import { keys } from '../../../store/keys';

/*
 * Issue 10: an administrator's discount reaches the Stripe subscription at once, without a plan change and without
 * the admin function holding the Stripe secret. The admin route stores the discount and queues an asynchronous
 * invocation of the account function through the real Lambda SDK, answered by the local runtime's Lambda
 * stand-in, which runs the account handler; that handler puts the coupon on the subscription at the Stripe fake.
 */

const WEBHOOK_SECRET = 'whsec_test_fake';
const ACCOUNT_FUNCTION = 'vigil-account-test';
let h: Harness;
let stripe: StripeFake;
let lambda: RunningLambda;
const invoked: unknown[] = [];

beforeAll(async () => {
  stripe = await startStripeFake();
  lambda = await startLambda(
    {
      [ACCOUNT_FUNCTION]: (payload) => {
        invoked.push(payload);
        return handler(payload as never, {} as Context);
      },
    },
    { retryMs: 10 },
  );
  h = await startHarness({
    env: {
      BILLING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_ENDPOINT: stripe.endpoint,
      LAMBDA_ENDPOINT: lambda.endpoint,
      ACCOUNT_FUNCTION_NAME: ACCOUNT_FUNCTION,
    },
  });
  resetConfig();
  });
afterAll(async () => {
  await h.close(); // also clears the environment given above
  resetConfig();
    await lambda.close();
  await stripe.close();
});

async function deliverAll(): Promise<string[]> {
  const delivered = await deliverStripeEvents(stripe, WEBHOOK_SECRET);
  for (const d of delivered) expect(d.status).toBe(200);
  return delivered.map((d) => `${d.type}:${d.outcome}`);
}

async function subscribe(user: TestUser, planId: string): Promise<string> {
  const res = await call(contract.upgrade, { as: user, body: { planId } });
  const sub = stripe.payCheckout((res.body.checkoutUrl as string).split('/').pop()!);
  await deliverAll();
  return sub.id;
}

async function charges(userId: string): Promise<number[]> {
  const Items = await query({ index: 'gsi1', partition: keys.ownedByPartition(userId, BILLING) });
  return Items.filter((i) => i.kind === 'charge').map((i) => i.amountCents as number);
}

const setDiscount = async (userId: string, discount: number) => {
  const admin = await session({ isAdmin: true });
  const res = await call(contract.setDiscount, { as: admin, params: { userId }, body: { discount } });
  expect(res.status).toBe(200);
  await lambda.idle();
};

describe('admin discount reaches Stripe at once', () => {
  it('puts the coupon on the running subscription without a plan change, and the next invoice charges the discounted price', async () => {
    const user = await newUser();
    const subId = await subscribe(user, 'basic');
    expect(stripe.subscriptions.get(subId)!.discounts).toEqual([]);
    const subscriptions = stripe.subscriptions.size;

    await setDiscount(user.userId, 25);
    expect(invoked).toContainEqual({ operation: 'vigil.apply-discount', userId: user.userId });
    expect(stripe.subscriptions.get(subId)!.discounts).toEqual(['vigil-25-off']);
    expect(stripe.subscriptions.size).toBe(subscriptions);
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`).at(-1)!;
    expect(update.form.get('items[0][price]')).toBeNull(); // no plan change
    expect(update.form.get('proration_behavior')).toBe('none');
    expect((await readStoredPlan(user.userId))!.plan).toBe('basic');

    await deliverAll(); // customer.subscription.updated
    stripe.renew(subId);
    await deliverAll();
    expect(await charges(user.userId)).toEqual(expect.arrayContaining([5000, 3750]));

    // Taking the discount away removes the coupon.
    await setDiscount(user.userId, 0);
    expect(stripe.subscriptions.get(subId)!.discounts).toEqual([]);
  });

  it('queues nothing for a user without a Stripe subscription (the Checkout takes the discount when they buy)', async () => {
    const user = await newUser();
    const before = invoked.length;
    await setDiscount(user.userId, 30);
    expect(invoked).toHaveLength(before);
    expect((await readStoredPlan(user.userId))!.discountPercent).toBe(30);
  });

  it('the account function skips a discount event for an unknown user and throws on a malformed one', async () => {
    expect(await handler({ operation: 'vigil.apply-discount', userId: ulid() } as never, {} as Context)).toEqual({ outcome: 'skipped' });
    await expect(handler({ operation: 'vigil.apply-discount', userId: '../x' } as never, {} as Context)).rejects.toThrow('malformed account event');
  });
});
