import { resetConfig } from '../../../lib/config';
import { startStripeFake, type StripeFake } from '../../../../test/stripe-fake';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { user, type TestUser } from '../../../../test/fixtures';
import { forgetPlanPrices } from '../../../services/platform/plan-prices';
import { BILLING } from '../../../services/billing';
import { query } from '../../../store/table';
import { keys } from '../../../store/keys';
import { deliverStripeEvents } from '../../../../test/stripe-delivery';

/*
 * Pricing Updates (issue 26), the Business Dashboard's third Configure: an administrator changes the paid plans'
 * prices; with Stripe billing the new prices are created at Stripe (the local fake) under the plans' lookup keys
 * before they are stored; the change is in the audit log; the public price list and the next Checkout use them.
 */

let h: Harness;
let stripe: StripeFake;
let admin: TestUser;
let creator: TestUser;

beforeAll(async () => {
  stripe = await startStripeFake();
  h = await startHarness({ env: { BILLING: 'stripe', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_test_fake', STRIPE_ENDPOINT: stripe.endpoint } });
  resetConfig();
  forgetPlanPrices();
  admin = await user({ isAdmin: true, email: 'prices-admin@prices.test' });
  creator = await user({ email: 'prices-creator@prices.test' });
});
afterAll(async () => {
  await h.close();
  resetConfig();
  await stripe.close();
});

const NEW = { basic: 59, pro: 129, enterprise: 399 };

describe('Pricing Updates', () => {
  it('is for administrators only, and refuses prices that are not whole, positive and rising', async () => {
    expect((await call(contract.getPlanPrices, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.getPlanPrices, { as: creator })).status).toBe(403);
    expect((await call(contract.setPlanPrices, { as: creator, body: NEW })).status).toBe(403);
    expect((await call(contract.setPlanPrices, { as: 'anonymous', body: NEW })).status).toBe(401);
    const launch = await call(contract.getPlanPrices, { as: admin });
    expect(launch.body).toEqual({ prices: { trial: 0, basic: 50, pro: 100, enterprise: 150 } });

    const refused = async (body: unknown) => {
      const res = await call(contract.setPlanPrices, { as: admin, body });
      expect(res.status).toBe(400);
      return res.body.error as string;
    };
    expect(await refused({ basic: 49.5, pro: 99, enterprise: 299 })).toBe('basic must be a whole number of dollars.');
    expect(await refused({ basic: 0, pro: 99, enterprise: 299 })).toBe('basic must be at least $1.');
    expect(await refused({ basic: 149, pro: 99, enterprise: 299 })).toBe('Each plan must cost more than the one below it (basic < pro < enterprise).');
    expect(await refused({ basic: 49, pro: 99 })).toBe('enterprise must be a price in US dollars.');
    expect(await refused({ basic: 49, pro: 99, enterprise: 299, trial: 5 })).toMatch(/trial/);
    // Nothing was created at Stripe or stored.
    expect([...stripe.prices.values()]).toEqual([]);
    expect((await call(contract.publicPlans, { as: 'anonymous' })).body.prices).toEqual({ trial: 0, basic: 50, pro: 100, enterprise: 150 });
  });

  it('creates the new prices at Stripe, stores and audits them, and charges them from the next Checkout', async () => {
    const saved = await call(contract.setPlanPrices, { as: admin, body: NEW });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ prices: { trial: 0, ...NEW }, updatedAt: expect.any(String) });
    const atStripe = Object.fromEntries([...stripe.prices.values()].filter((p) => p.lookup_key).map((p) => [p.lookup_key, p.unit_amount]));
    expect(atStripe).toEqual({ 'vigil-basic-monthly': 5900, 'vigil-pro-monthly': 12900, 'vigil-enterprise-monthly': 39900 });

    // Anyone reads the prices the pricing pages show.
    expect((await call(contract.publicPlans, { as: 'anonymous' })).body).toMatchObject({ prices: { trial: 0, ...NEW } });
    // Who, what, when.
    const audit = (await call(contract.auditLog, { as: admin })).body as { action: string; actorEmail: string; summary: string }[];
    expect(audit[0]).toMatchObject({
      action: 'plan-prices',
      actorEmail: admin.email,
      summary: 'Set plan prices: basic $59, pro $129, enterprise $399 a month (were basic $50, pro $100, enterprise $150 a month)',
    });

    // The next Checkout is for the new price; a second change moves the lookup key to a newer price.
    const upgrade = await call(contract.upgrade, { as: creator, body: { planId: 'basic' } });
    expect(upgrade.body).toMatchObject({ outcome: 'checkout' });
    const session = [...stripe.sessions.values()].at(-1)!;
    expect(stripe.prices.get(session.price)?.unit_amount).toBe(5900);
    // Paid: the charge records the price Stripe charged, not the launch price.
    stripe.payCheckout(session.id);
    expect((await deliverStripeEvents(stripe, 'whsec_test_fake')).map((d) => `${d.type}:${d.status}`)).toEqual(['checkout.session.completed:200', 'invoice.paid:200']);
    const charges = (await query({ index: 'gsi1', partition: keys.ownedByPartition(creator.userId, BILLING) })).filter((i) => i.kind === 'charge');
    expect(charges).toEqual([expect.objectContaining({ planId: 'basic', priceUsd: 59, amountCents: 5900 })]);
    await call(contract.setPlanPrices, { as: admin, body: { basic: 69, pro: 129, enterprise: 399 } });
    const basic = [...stripe.prices.values()].filter((p) => p.unit_amount === 5900 || p.unit_amount === 6900);
    expect(basic.map((p) => [p.unit_amount, p.lookup_key])).toEqual([
      [5900, ''],
      [6900, 'vigil-basic-monthly'],
    ]);
  });

  it('the assistant quotes the stored prices, in the help answer and in the caller\'s own plan', async () => {
    const ask = async (message: string, as: TestUser) => (await call(contract.chat, { as, body: { message, context: { page: '/', conversationHistory: [] } } })).body.reply as string;
    const prices = await ask('How much does each plan cost?', creator);
    expect(prices).toContain('Basic costs $69/month, Pro costs $129/month and Enterprise costs $399/month');
    expect(prices).not.toMatch(/\$(50|100|150)\/month/);
    expect(await ask('What does the Enterprise plan include?', creator)).toContain('Enterprise ($399/month)');
    const pro = await user({ plan: 'pro', email: 'prices-pro@prices.test' });
    expect(await ask('How many scans do I have left?', pro)).toContain('You are on the Pro plan ($129/month)');
  });
});
