import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as events from './billing-event';

const charge: events.BillingEventRecord = {
  id: '01HZX3K9V7Q2W8M4N6P0R5T1AB',
  userId: 'u1',
  kind: 'charge',
  provider: 'stripe',
  invoiceId: 'in_1',
  planId: 'pro',
  previousPlan: 'trial',
  priceUsd: 100,
  discountPercent: 20,
  amountUsd: 80,
  amountCents: 8000,
  month: '2026-03',
  createdAt: '2026-03-04T05:06:07.000Z',
};

describe('billing event entity', () => {
  it('stores an event under its id, listed under its user, and reads it back', () => {
    const item = events.toItem(charge);
    expect(item).toMatchObject({ pk: `BILLING#${charge.id}`, sk: 'BILLING', gsi1pk: 'USER#u1#BILLING', gsi1sk: charge.id, entity: 'BILLING', v: 1 });
    expect(events.fromItem(item)).toEqual(charge);
  });

  it('reads events written before versions were stored (a checkout started, no invoice)', () => {
    const { invoiceId: _i, ...rest } = charge;
    const started = { ...rest, kind: 'checkout-started' as const, amountUsd: 0, amountCents: 0, checkoutSessionId: 'cs_1' };
    expect(events.fromItem({ pk: 'x', sk: 'y', entity: 'BILLING', ...started })).toEqual(started);
    expect(() => events.fromItem({ ...charge, kind: 'refund' })).toThrow();
  });

  it('writes an event only under a new id', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await events.create(charge)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'PutItem',
      input: { Item: { pk: `BILLING#${charge.id}`, amountCents: 8000 }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } },
    });
    store.stop();
  });
});
