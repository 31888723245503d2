import Stripe from 'stripe';
import { ulid } from 'ulid';
import { getItem, query, updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { BILLING, readStoredPlan } from '../../../services/billing';
import { resetConfig } from '../../../lib/config';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { user } from '../../../../test/fixtures';

/*
 * The Stripe webhook against a real dynalite table, with events signed exactly as Stripe signs them (the
 * SDK's test header: HMAC-SHA256 over `timestamp.payload` with the endpoint secret).
 */

const SECRET = 'whsec_test_vigil_local';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: SECRET } });
  resetConfig();
  });
afterAll(async () => {
  await h.close();
  resetConfig();
  });

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** Delivers `payload` (an object, or exact text) as Stripe would; `signature: null` sends no header. */
async function deliver(
  payload: object | string,
  opts: { secret?: string; signature?: string | null; base64?: boolean } = {},
): Promise<Reply> {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const signature = opts.signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload: text, secret: opts.secret ?? SECRET }) : opts.signature;
  const res = await call(contract.stripeWebhook, { body: text, base64: opts.base64, headers: signature === null ? {} : { 'stripe-signature': signature }, fromSite: false });
  return { status: res.status, body: res.body ?? {} };
}

const created = () => Math.floor(Date.now() / 1000);

function checkoutCompleted(userId: string, planId: string, extra: Record<string, unknown> = {}) {
  return {
    id: `evt_${ulid()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: created(),
    livemode: false,
    data: {
      object: {
        id: `cs_test_${ulid()}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: userId,
        customer: `cus_${userId}`,
        subscription: `sub_${userId}_${planId}`,
        metadata: { userId, planId, previousPlan: 'trial', discountPercent: '0' },
        ...extra,
      },
    },
  };
}

function subscriptionDeleted(userId: string, planId: string) {
  return {
    id: `evt_${ulid()}`,
    object: 'event',
    type: 'customer.subscription.deleted',
    created: created(),
    livemode: false,
    data: { object: { id: `sub_${userId}_${planId}`, object: 'subscription', status: 'canceled', metadata: { userId, planId } } },
  };
}

async function newUser(discountPercent = 0): Promise<string> {
  const { userId } = await user();
  if (discountPercent) {
    await updateItem(keys.user(userId), { set: { discountPercent } });
  }
  return userId;
}

async function billingEvents(userId: string) {
  return query({ index: 'gsi1', partition: keys.ownedByPartition(userId, BILLING) });
}

const counter = async (name: string) =>
  Number((await getItem(keys.counter(name)))?.count ?? 0);
const plan = async (userId: string) => {
  const p = (await readStoredPlan(userId))!;
  return { plan: p.plan, status: p.status };
};

describe('POST /api/billing/stripe-webhook', () => {
  it('applies the plan of a completed Checkout session; the money is recorded from the paid invoice, not here', async () => {
    const userId = await newUser(10);
    const revenue = await counter('revenue');
    const subscribers = await counter('subscribers-pro');
    const event = checkoutCompleted(userId, 'pro');

    const res = await deliver(event);
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await plan(userId)).toEqual({ plan: 'pro', status: 'active' });
    expect(await readStoredPlan(userId)).toMatchObject({ stripeCustomerId: `cus_${userId}`, stripeSubscriptionId: `sub_${userId}_pro` });
    expect(await billingEvents(userId)).toHaveLength(0);
    expect(await counter('revenue')).toBe(revenue);
    expect(await counter('subscribers-pro')).toBe(subscribers + 1);
  });

  it('changes nothing when the same event is delivered again, even after the plan has moved on', async () => {
    const userId = await newUser();
    const event = checkoutCompleted(userId, 'basic');
    expect((await deliver(event)).body.outcome).toBe('applied');
    const revenue = await counter('revenue');

    const again = await deliver(event);
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'applied' } }); // the first outcome, replayed
    expect(await readStoredPlan(userId)).toMatchObject({ plan: 'basic' });
    expect(await counter('revenue')).toBe(revenue);

    // A late redelivery after the subscription ended must not upgrade the user again.
    expect((await deliver(subscriptionDeleted(userId, 'basic'))).body.outcome).toBe('cancelled');
    expect((await deliver(event)).status).toBe(200);
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'cancelled' });
    expect(await billingEvents(userId)).toHaveLength(0);
    expect(await counter('revenue')).toBe(revenue);
  });

  it('refuses a bad, missing or foreign signature with 400 and changes nothing', async () => {
    const userId = await newUser();
    const event = checkoutCompleted(userId, 'pro');
    const text = JSON.stringify(event);
    const tampered = text.replace('"pro"', '"enterprise"');
    const replies = [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { signature: null }),
      await deliver(event, { signature: 't=1,v1=deadbeef' }),
      await deliver(tampered, { signature: Stripe.webhooks.generateTestHeaderString({ payload: text, secret: SECRET }) }),
      await deliver(event, { signature: Stripe.webhooks.generateTestHeaderString({ payload: text, secret: SECRET, timestamp: created() - 3600 }) }),
    ];
    for (const res of replies) expect(res).toEqual({ status: 400, body: { error: 'Invalid Stripe signature.', code: 'INVALID_STRIPE_SIGNATURE' } });
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'active' });
    expect(await billingEvents(userId)).toHaveLength(0);
  });

  it('answers 503 when STRIPE_WEBHOOK_SECRET is not configured', async () => {
    const userId = await newUser();
    delete process.env.STRIPE_WEBHOOK_SECRET;
    resetConfig();
        try {
      const res = await deliver(checkoutCompleted(userId, 'pro'));
      expect(res).toEqual({ status: 503, body: { error: 'Stripe webhooks are not configured.', code: 'STRIPE_WEBHOOK_NOT_CONFIGURED' } });
    } finally {
      process.env.STRIPE_WEBHOOK_SECRET = SECRET;
      resetConfig();
          }
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'active' });
  });

  it('sends the user back to the trial (cancelled) when the subscription is deleted', async () => {
    const userId = await newUser();
    await deliver(checkoutCompleted(userId, 'enterprise'));
    const subscribers = await counter('subscribers-enterprise');
    const revenue = await counter('revenue');

    // An older subscription (of a plan the user has left) ending changes nothing.
    expect((await deliver(subscriptionDeleted(userId, 'basic'))).body.outcome).toBe('ignored');
    expect(await plan(userId)).toEqual({ plan: 'enterprise', status: 'active' });

    const deleted = subscriptionDeleted(userId, 'enterprise');
    expect(await deliver(deleted)).toEqual({ status: 200, body: { received: true, outcome: 'cancelled' } });
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'cancelled' });
    expect(await counter('subscribers-enterprise')).toBe(subscribers - 1);
    expect(await counter('revenue')).toBe(revenue);
    expect(await billingEvents(userId)).toHaveLength(0); // money is recorded from invoices only

    await deliver(deleted);
    expect(await counter('subscribers-enterprise')).toBe(subscribers - 1);
  });

  it('acknowledges an unknown event type and changes nothing', async () => {
    const userId = await newUser();
    const res = await deliver({ ...checkoutCompleted(userId, 'pro'), type: 'customer.created' });
    expect(res).toEqual({ status: 200, body: { received: true } });
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'active' });
    expect(await billingEvents(userId)).toHaveLength(0);
  });

  it('ignores a session that is not paid yet and one without a user or plan', async () => {
    const userId = await newUser();
    expect((await deliver(checkoutCompleted(userId, 'pro', { payment_status: 'unpaid' }))).body.outcome).toBe('ignored');
    expect((await deliver(checkoutCompleted(userId, 'platinum'))).body.outcome).toBe('ignored');
    expect(await plan(userId)).toEqual({ plan: 'trial', status: 'active' });
  });

  it('verifies and applies a base64-encoded body (API Gateway)', async () => {
    const userId = await newUser();
    const res = await deliver(checkoutCompleted(userId, 'basic'), { base64: true });
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    expect(await plan(userId)).toEqual({ plan: 'basic', status: 'active' });
  });
});
