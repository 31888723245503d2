import { ulid } from 'ulid';
import { creatorUserSchema } from '../../../../shared/schemas/creator';
import { subscriptionSchema, upgradeResponseSchema } from '../../../../shared/schemas/subscription';
import { getItem, query, updateItem } from '../../../store/table';
import { keys } from '../../../store/keys';
import { resetConfig } from '../../../lib/config';
import { BILLING } from '../../../services/billing';
import { contract } from '../../../../shared/contract';
import { call, startHarness, type Harness } from '../../../../test/harness';
import { user, type TestUser } from '../../../../test/fixtures';

let h: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  h = await startHarness({ submissions: true });
  [owner, other, admin] = [await user(), await user(), await user({ isAdmin: true })];
});
afterAll(() => h.close());

const fields = (body: { fields?: { path: string; message: string }[] }) => body.fields ?? [];
const counter = async (name: string, month?: string) =>
  await getItem(month ? keys.monthlyCounter(name, month) : keys.counter(name));

const creator = {
  contentCreatorName: 'Rowan Ellery',
  contentCreatorEmail: 'rowan@studio.test',
  contentCreatorPhone: '',
  contentCreatorAddress: '9 Canal Street, Harbourtown',
};

describe('GET /api/user/{id}', () => {

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.getUser, { as: 'anonymous', params: { id: 'me' } })).status).toBe(401);
  });

  it('returns the user with empty creator fields and the fallbacks', async () => {
    const res = await call(contract.getUser, { as: owner, params: { id: 'me' } });
    expect(res.status).toBe(200);
    const user = creatorUserSchema.strict().parse(res.body);
    expect(user).toMatchObject({
      id: owner.userId,
      email: owner.email,
      fullName: 'Test User',
      phone: null,
      address: null,
      subscriptionPlan: 'trial',
      contentCreatorName: null,
      contentCreatorEmail: null,
    });
  });

  it('is 403 for another user, readable by an admin, 404 for an unknown id, 400 for a malformed one', async () => {
    expect((await call(contract.getUser, { as: other, params: { id: owner.userId } })).status).toBe(403);
    expect((await call(contract.getUser, { as: admin, params: { id: owner.userId } })).body.id).toBe(owner.userId);
    expect((await call(contract.getUser, { as: admin, params: { id: ulid() } })).status).toBe(404);
    expect((await call(contract.getUser, { as: owner, params: { id: 'USER#1' } })).status).toBe(400);
  });
});

describe('PUT /api/user/{id}/content-creator', () => {

  it('refuses an anonymous caller with 401', async () => {
    expect((await call(contract.putContentCreator, { as: 'anonymous', params: { id: 'me' }, body: creator })).status).toBe(401);
  });

  it('stores the creator fields on the profile (phone optional) and GET returns them', async () => {
    const res = await call(contract.putContentCreator, { as: owner, params: { id: owner.userId }, body: creator });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contentCreatorName: 'Rowan Ellery', contentCreatorEmail: 'rowan@studio.test', contentCreatorPhone: null });
    const read = await call(contract.getUser, { as: owner, params: { id: 'me' } });
    expect(read.body).toMatchObject({ contentCreatorAddress: '9 Canal Street, Harbourtown' });
    expect(Date.parse(read.body.contentCreatorUpdatedAt)).not.toBeNaN();
    const withPhone = await call(contract.putContentCreator, { as: owner, params: { id: 'me' }, body: { ...creator, contentCreatorPhone: ' +1 555 0100 ' } });
    expect(withPhone.body.contentCreatorPhone).toBe('+1 555 0100');
  });

  it("refuses bad input with the spec's messages", async () => {
    const res = await call(contract.putContentCreator, { as: owner, params: { id: 'me' }, body: { contentCreatorName: '  ', contentCreatorEmail: 'not-an-email', contentCreatorAddress: '' } });
    expect(res.status).toBe(400);
    expect(fields(res.body)).toEqual([
      { path: 'body.contentCreatorName', message: 'Content creator name is required' },
      { path: 'body.contentCreatorEmail', message: 'Valid email is required' },
      { path: 'body.contentCreatorAddress', message: 'Address is required' },
    ]);
    expect((await call(contract.putContentCreator, { as: owner, params: { id: 'me' }, body: '{not json' })).status).toBe(400);
  });

  it('is the owner\'s alone: another user and an admin get 403', async () => {
    expect((await call(contract.putContentCreator, { as: other, params: { id: owner.userId }, body: creator })).status).toBe(403);
    const res = await call(contract.putContentCreator, { as: admin, params: { id: owner.userId }, body: { ...creator, contentCreatorName: 'Hijack' } });
    expect(res.status).toBe(403);
    expect((await call(contract.getUser, { as: owner, params: { id: 'me' } })).body.contentCreatorName).toBe('Rowan Ellery');
  });
});

describe('GET /api/user/subscription and POST /api/subscription/upgrade (immediate billing)', () => {
  let buyer: TestUser;
  beforeAll(async () => {
    buyer = await user();
  });

  it('refuses anonymous callers with 401', async () => {
    expect((await call(contract.subscription, { as: 'anonymous' })).status).toBe(401);
    expect((await call(contract.upgrade, { as: 'anonymous', body: { planId: 'pro' } })).status).toBe(401);
  });

  it('starts on the trial', async () => {
    const res = await call(contract.subscription, { as: buyer });
    expect(subscriptionSchema.strict().parse(res.body)).toEqual({ plan: 'trial', status: 'active', monthlyPriceUsd: 0, billingMode: 'demo', manageable: false });
  });

  it('refuses bad plan ids with 400', async () => {
    for (const planId of ['trial', 'platinum', undefined]) {
      const res = await call(contract.upgrade, { as: buyer, body: { planId } });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Choose a plan: basic, pro or enterprise.');
    }
  });

  it('applies an upgrade at once, records the charge and adds the revenue counters', async () => {
    const before = Number((await counter('revenue'))?.amountCents ?? 0);
    const mrr = Number((await counter('mrr'))?.amountCents ?? 0);
    // The charge's month is the month at some moment of the call (either side of a month's end, were it now).
    const monthBefore = new Date().toISOString().slice(0, 7);
    const res = await call(contract.upgrade, { as: buyer, body: { planId: 'pro' } });
    expect(res.status).toBe(200);
    const month = res.body.charge?.month as string;
    expect([monthBefore, new Date().toISOString().slice(0, 7)]).toContain(month);
    expect(upgradeResponseSchema.parse(res.body)).toEqual({
      success: true,
      outcome: 'applied',
      plan: 'pro',
      status: 'active',
      checkoutUrl: null,
      charge: { priceUsd: 100, discountPercent: 0, amountUsd: 100, month },
    });
    expect((await call(contract.subscription, { as: buyer })).body).toMatchObject({ plan: 'pro', monthlyPriceUsd: 100 });

    const events = await query({ index: 'gsi1', partition: keys.ownedByPartition(buyer.userId, BILLING) });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'charge', provider: 'local', planId: 'pro', previousPlan: 'trial', priceUsd: 100, amountCents: 10000, month });
    expect(Number((await counter('revenue'))!.amountCents) - before).toBe(10000);
    expect((await counter('revenue', `${month}-15T12:00:00.000Z`))!.month).toBe(month);
    expect(Number((await counter('subscribers-pro'))!.count)).toBeGreaterThanOrEqual(1);
    expect(Number((await counter('mrr'))!.amountCents) - mrr).toBe(10000); // the admin metrics hook ran too
  });

  it('refuses the plan already held with 409', async () => {
    const res = await call(contract.upgrade, { as: buyer, body: { planId: 'pro' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('You are already on the Pro plan.');
  });

  it("charges the plan's price less the admin-set discount, and moves the subscriber counts", async () => {
    await updateItem(keys.user(buyer.userId), { set: { discountPercent: 20 } });
    const pro = Number((await counter('subscribers-pro'))!.count);
    const enterprise = Number((await counter('subscribers-enterprise'))?.count ?? 0);
    const res = await call(contract.upgrade, { as: buyer, body: { planId: 'enterprise' } });
    expect(res.body.charge).toMatchObject({ priceUsd: 150, discountPercent: 20, amountUsd: 120 });
    expect(Number((await counter('subscribers-pro'))!.count)).toBe(pro - 1);
    expect(Number((await counter('subscribers-enterprise'))!.count)).toBe(enterprise + 1);
    expect((await call(contract.subscription, { as: buyer })).body).toMatchObject({ plan: 'enterprise', discount: 20, monthlyPriceUsd: 120 });
  });

  it('charges once when two upgrades race', async () => {
    const racer = await user();
    const before = Number((await counter('revenue'))?.count ?? 0);
    const replies = await Promise.all(
      (['basic', 'pro', 'enterprise'] as const).map((planId) => call(contract.upgrade, { as: racer, body: { planId } })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(2);
    expect(Number((await counter('revenue'))!.count) - before).toBe(1);
  });
});

describe('POST /api/subscription/upgrade with BILLING=none', () => {
  beforeAll(() => {
    process.env.BILLING = 'none';
    resetConfig();
      });
  afterAll(() => {
    process.env.BILLING = 'demo';
    resetConfig();
      });

  it('answers 503 BILLING_UNAVAILABLE and changes nothing', async () => {
    const buyer = await user();
    const before = await getItem(keys.user(buyer.userId));
    const revenue = await counter('revenue');
    const res = await call(contract.upgrade, { as: buyer, body: { planId: 'enterprise' } });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'BILLING_UNAVAILABLE' });
    expect(await getItem(keys.user(buyer.userId))).toEqual(before);
    expect(await counter('revenue')).toEqual(revenue);
    expect((await call(contract.subscription, { as: buyer })).body).toMatchObject({ plan: 'trial', billingMode: 'none' });
    expect((await call(contract.billingMode, { as: 'anonymous' })).body).toEqual({ mode: 'none' });
  });
});
