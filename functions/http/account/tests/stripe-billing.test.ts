import { resetConfig } from '../../../lib/config';
import { startStripeFake, type StripeFake } from '../../../../test/stripe-fake';
import { deliverStripeEvents } from '../../../../test/stripe-delivery';
import { getItem, query, updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { allowanceStatus } from '../../../services/allowances';
import { BILLING, readStoredPlan } from '../../../services/billing';
import { handler as accountHandler } from '..';
import { APPLY_DISCOUNT } from '../../../services/billing/discount-sync';
import { ERASURE_CANCELLATION_COMMENT } from '../../../services/billing/billing-port';
import { StripeBilling } from '../../../services/billing/stripe-billing';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { session as signedIn, user, type TestUser } from '../../../../test/fixtures';
import type { Context } from 'aws-lambda';

/*
 * Stripe billing end to end: the real `stripe` SDK against the local Stripe fake (test/stripe-fake.ts), and the
 * webhook events the fake produces delivered signed to the real webhook route, over a real dynalite table.
 */

const WEBHOOK_SECRET = 'whsec_test_fake';
let h: Harness;
let stripe: StripeFake;

beforeAll(async () => {
  stripe = await startStripeFake();
  h = await startHarness({ env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_ENDPOINT: stripe.endpoint } });
  resetConfig();
});
afterAll(async () => {
  await h.close();
  resetConfig();
  await stripe.close();
});

/** Delivers the events the fake produced, in order; each must be accepted (200). */
async function deliverAll(): Promise<string[]> {
  const delivered = await deliverStripeEvents(stripe, WEBHOOK_SECRET);
  for (const d of delivered) expect(d.status).toBe(200);
  return delivered.map((d) => `${d.type}:${d.outcome}`);
}

async function newUser(discountPercent = 0) {
  const who = await user();
  if (discountPercent) {
    await updateItem(keys.user(who.userId), { set: { discountPercent } });
  }
  return who;
}

async function charges(userId: string) {
  const Items = await query({ index: 'gsi1', partition: keys.ownedByPartition(userId, BILLING) });
  return Items.filter((i) => i.kind === 'charge').map((i) => i.amountCents as number);
}
const counter = async (name: string, attr = 'count') => Number((await getItem(keys.counter(name)))?.[attr] ?? 0);

/** Upgrades through the route, pays the Checkout at the fake, delivers the events; returns the subscription id. */
async function subscribe(who: TestUser, planId: string) {
  const res = await call(contract.upgrade, { as: who, body: { planId } });
  expect(res.body).toMatchObject({ outcome: 'checkout', plan: 'trial' });
  const sessionId = (res.body.checkoutUrl as string).split('/').pop()!;
  const sub = stripe.payCheckout(sessionId);
  expect(await deliverAll()).toEqual(['checkout.session.completed:applied', 'invoice.paid:recorded']);
  return sub.id;
}

describe('Stripe billing against the local fake', () => {
  it('upgrade: Checkout for the plan price, the plan applied on completion, revenue and MRR from the paid invoice', async () => {
    const user = await newUser();
    const [revenue, mrr] = [await counter('revenue', 'amountCents'), await counter('mrr', 'amountCents')];
    const subId = await subscribe(user, 'basic');
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session.metadata).toMatchObject({ userId: user.userId, planId: 'basic' });
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'basic', status: 'active', stripeSubscriptionId: subId, mrrCents: 5000 });
    expect(await charges(user.userId)).toEqual([5000]);
    expect(await counter('revenue', 'amountCents')).toBe(revenue + 5000);
    expect(await counter('mrr', 'amountCents')).toBe(mrr + 5000);
    const sub = await call(contract.subscription, { as: user });
    expect(sub.body).toMatchObject({ plan: 'basic', billingMode: 'stripe', manageable: true });
  });

  it('plan change: updates the same subscription with proration (no second one) and records the prorated charge', async () => {
    const user = await newUser();
    const subId = await subscribe(user, 'basic');
    const before = stripe.subscriptions.size;
    const res = await call(contract.upgrade, { as: user, body: { planId: 'pro' } });
    expect(res.body).toMatchObject({ outcome: 'applied', plan: 'pro', checkoutUrl: null });
    expect(stripe.subscriptions.size).toBe(before);
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subId}`).at(-1)!;
    expect(update.form.get('proration_behavior')).toBe('always_invoice');
    expect(stripe.subscriptions.get(subId)!.items.data[0]!.price.unit_amount).toBe(10000);
    await deliverAll();
    // Half a period left: -2500 for Basic, +5000 for Pro: 2500 charged, recorded as charged.
    expect(await charges(user.userId)).toEqual(expect.arrayContaining([5000, 2500]));
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'pro' });
    // The renewal charges the new price; MRR follows it.
    stripe.renew(subId);
    await deliverAll();
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'pro', mrrCents: 10000 });
  });

  it('downgrade: booked for the period end, no proration, applied when the next period is paid', async () => {
    const user = await newUser();
    const subId = await subscribe(user, 'pro');
    const res = await call(contract.upgrade, { as: user, body: { planId: 'basic' } });
    expect(res.body).toMatchObject({ outcome: 'scheduled', plan: 'pro' });
    expect(res.body.effectiveAt).toMatch(/^\d{4}-/);
    expect(stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subId}` && r.method === 'POST').at(-1)!.form.get('proration_behavior')).toBe('none');
    await deliverAll();
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'pro', pendingPlan: 'basic' });
    stripe.renew(subId);
    await deliverAll();
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'basic', mrrCents: 5000 });
    expect((await readStoredPlan(user.userId))!.pendingPlan).toBeUndefined();
  });

  it('failed payment: past_due, paid allowances kept during the grace and stopped after it', async () => {
    const user = await newUser();
    const subId = await subscribe(user, 'pro');
    stripe.renew(subId, false);
    expect(await deliverAll()).toEqual(['invoice.payment_failed:past_due']);
    const stored = (await readStoredPlan(user.userId))!;
    expect(stored).toMatchObject({ plan: 'pro', status: 'past_due' });
    expect((await allowanceStatus(user.userId, stored, new Date(Date.parse(stored.pastDueSince!) + 86_400_000))).scans.limit).toBe(340);
    expect((await allowanceStatus(user.userId, stored, new Date(Date.parse(stored.pastDueSince!) + 15 * 86_400_000))).scans.limit).toBe(3);
    // Paying again ends the past-due state.
    stripe.renew(subId);
    await deliverAll();
    expect(await readStoredPlan(user.userId)).toMatchObject({ status: 'active', pastDueSince: undefined });
  });

  it('cancellation in the portal: kept until the period end, then back to the trial with MRR taken off', async () => {
    const user = await newUser();
    const subId = await subscribe(user, 'basic');
    const mrr = await counter('mrr', 'amountCents');
    const portal = await call(contract.billingPortal, { as: user });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\//);
    expect(stripe.requests.at(-1)!.form.get('customer')).toBe(stripe.subscriptions.get(subId)!.customer);
    stripe.cancelInPortal(subId);
    expect(await deliverAll()).toEqual(['customer.subscription.updated:updated']);
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'basic', pendingPlan: 'trial' });
    stripe.renew(subId);
    expect(await deliverAll()).toEqual(['customer.subscription.deleted:cancelled']);
    expect(await readStoredPlan(user.userId)).toMatchObject({ plan: 'trial', status: 'cancelled' });
    expect(await counter('mrr', 'amountCents')).toBe(mrr - 5000);
  });

  it('discount: a Stripe coupon on the Checkout, and revenue is what the invoice charged', async () => {
    const user = await newUser(20);
    await subscribe(user, 'basic');
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(session.coupon).toBe('vigil-20-off');
    expect(await charges(user.userId)).toEqual([4000]);
  });

  it("an administrator's discount on a Stripe subscription moves MRR once, when the next paid invoice charges it", async () => {
    const subscriber = await newUser();
    const subId = await subscribe(subscriber, 'basic');
    const mrr = await counter('mrr', 'amountCents');
    const admin = await signedIn({ isAdmin: true });
    const res = await call(contract.setDiscount, { as: admin, params: { userId: subscriber.userId }, body: { discount: 20 } });
    expect(res.status).toBe(200);
    // The account function puts the coupon on the subscription (the event the admin function queues on AWS).
    expect(await accountHandler({ operation: APPLY_DISCOUNT, userId: subscriber.userId }, {} as Context)).toEqual({ outcome: 'applied' });
    await deliverAll();
    // Nothing was charged yet at the new price: MRR is what the last invoice charged.
    expect(await counter('mrr', 'amountCents')).toBe(mrr);
    stripe.renew(subId);
    expect(await deliverAll()).toEqual(['invoice.paid:recorded']);
    expect(await readStoredPlan(subscriber.userId)).toMatchObject({ discountPercent: 20, mrrCents: 4000 });
    expect(await counter('mrr', 'amountCents')).toBe(mrr - 1000);
  });

  it('account erasure: the subscription is cancelled now, marked, its webhook writes nothing, and a repeat cancels nothing', async () => {
    const leaving = await newUser();
    const subId = await subscribe(leaving, 'pro');
    const plan = (await readStoredPlan(leaving.userId))!;
    expect(await new StripeBilling().cancelForErasure(plan)).toBe('cancelled');
    const cancel = stripe.requests.find((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subId}`)!;
    expect(cancel.form.get('cancellation_details[comment]')).toBe(ERASURE_CANCELLATION_COMMENT);
    expect(cancel.idempotencyKey).toBe(`erase-${leaving.userId}-${subId}`);
    expect(stripe.subscriptions.get(subId)!.status).toBe('canceled');
    // The account is being deleted: the event is acknowledged and nothing is written for it (no plan change, no record).
    const records = async () => (await query({ partition: keys.user(leaving.userId).pk })).length;
    const before = await records();
    expect(await deliverAll()).toEqual(['customer.subscription.deleted:ignored']);
    expect(await records()).toBe(before);
    // Again (a second click of the link): already ended at Stripe, nothing sent but the look-up.
    const sent = stripe.requests.length;
    expect(await new StripeBilling().cancelForErasure(plan)).toBe('skipped');
    expect(stripe.requests.slice(sent).map((r) => r.method)).toEqual(['GET']);
    // Without a subscription there is nothing to ask Stripe.
    expect(await new StripeBilling().cancelForErasure({ ...plan, stripeSubscriptionId: undefined })).toBe('skipped');
    expect(stripe.requests.length).toBe(sent + 1);
  });

  it('portal without a Stripe customer is a clear 409', async () => {
    const user = await newUser();
    expect((await call(contract.billingPortal, { as: user })).body).toMatchObject({ code: 'NO_BILLING_ACCOUNT' });
  });
});
