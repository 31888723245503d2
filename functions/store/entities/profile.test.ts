import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as profiles from './profile';

const USER = '01HZX3K9V7Q2W8M4N6P0R5T1AB';
const profile: profiles.Profile = {
  id: USER,
  userId: USER,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  subscriptionPlan: 'trial',
  subscriptionStatus: 'active',
  createdAt: '2026-03-04T05:06:07.000Z',
  lastSignInAt: '2026-03-04T05:06:07.000Z',
};
const key = { pk: `USER#${USER}`, sk: 'PROFILE' };

/** Runs `fn` against a recording store answering `respond`, and returns what it sent. */
async function sent<T>(fn: () => Promise<T>, respond?: Parameters<typeof recordStore>[0]) {
  const store = recordStore(respond);
  try {
    const result = await fn();
    return { result, commands: store.commands };
  } finally {
    store.stop();
  }
}

describe('profile entity', () => {
  it('stores a profile under its user, listed by sign-up time, and reads it back', () => {
    const item = profiles.toItem(profile);
    expect(item).toMatchObject({ ...key, gsi1pk: 'USERS', gsi1sk: `2026-03-04T05:06:07.000Z#${USER}`, type: 'USER', v: 1 });
    expect(profiles.fromItem(item)).toEqual(profile);
  });

  it('reads a profile written before versions were stored, with the billing and creator attributes', () => {
    const old = {
      ...key,
      gsi1pk: 'USERS',
      gsi1sk: 'x',
      type: 'USER',
      ...profile,
      subscriptionPlan: 'pro',
      discountPercent: 20,
      mrrCents: 8000,
      stripeSubscriptionId: 'sub_1',
      pendingPlan: 'trial',
      contentCreatorName: 'Ada',
      contentCreatorPhone: null,
    };
    const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _s, type: _t, ...rest } = old;
    expect(profiles.fromItem(old)).toEqual(rest);
  });

  it('reads a profile without a plan (the trial) and refuses an item that is not a profile', () => {
    const { subscriptionPlan: _p, subscriptionStatus: _s, ...bare } = profile;
    expect(profiles.fromItem(bare).subscriptionPlan).toBeUndefined();
    expect(() => profiles.fromItem({ ...profile, subscriptionPlan: 'gold' })).toThrow();
    expect(() => profiles.fromItem({ pk: 'SESSION#x', userId: USER })).toThrow();
  });

  it('reads eventually consistent unless asked', async () => {
    const { commands } = await sent(async () => {
      await profiles.get(USER);
      await profiles.get(USER, { consistent: true });
    });
    expect(commands[0]).toMatchObject({ name: 'GetItem', input: { Key: key } });
    expect(commands[0].input.ConsistentRead).toBeUndefined();
    expect(commands[1].input).toMatchObject({ Key: key, ConsistentRead: true });
  });

  it('creates a profile only where none exists', async () => {
    const { result, commands } = await sent(() => profiles.create(profile), () => conditionFailed());
    expect(result).toBe(false);
    expect(commands[0]).toMatchObject({
      name: 'PutItem',
      input: { Item: { ...key, gsi1pk: 'USERS', email: 'ada@example.com', v: 1 }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } },
    });
  });

  it('records a sign-in and saves the creator fields on an existing profile only', async () => {
    const values = { contentCreatorName: 'Ada', contentCreatorEmail: 'a@example.com', contentCreatorPhone: null, contentCreatorAddress: '1 Lane' };
    const { result, commands } = await sent(
      async () => [await profiles.recordSignIn(USER, 't1'), await profiles.saveCreatorFields(USER, values, 't2')],
      ({ name }) => (name === 'UpdateItem' ? { Attributes: { ...profiles.toItem(profile), ...values, contentCreatorUpdatedAt: 't2' } } : undefined),
    );
    expect(result[0]).toBe(true);
    expect(result[1]).toMatchObject({ ...values, contentCreatorUpdatedAt: 't2' });
    expect(commands[0].input).toMatchObject({
      Key: key,
      UpdateExpression: 'SET #u0 = :u0',
      ConditionExpression: 'attribute_exists(#u1)',
      ExpressionAttributeNames: { '#u0': 'lastSignInAt', '#u1': 'pk' },
      ExpressionAttributeValues: { ':u0': 't1' },
    });
    expect(commands[1].input).toMatchObject({ Key: key, ConditionExpression: 'attribute_exists(#u5)' });
    // A removed phone is stored as null, not skipped.
    expect(Object.values(commands[1].input.ExpressionAttributeValues as object)).toEqual(['Ada', 'a@example.com', null, '1 Lane', 't2']);
  });

  it('changes the plan only while it is the one read (or absent on an existing profile)', async () => {
    const { result, commands } = await sent(
      async () => [await profiles.changePlan(USER, 'trial', 'pro', 'active', 't'), await profiles.changePlan(USER, undefined, 'basic', 'active', 't')],
      () => conditionFailed(),
    );
    expect(result).toEqual([false, false]);
    expect(commands[0].input).toMatchObject({
      Key: key,
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2',
      ConditionExpression: '#u0 = :u3',
      ExpressionAttributeNames: { '#u0': 'subscriptionPlan', '#u1': 'subscriptionStatus', '#u2': 'planChangedAt' },
      ExpressionAttributeValues: { ':u0': 'pro', ':u1': 'active', ':u2': 't', ':u3': 'trial' },
    });
    expect(commands[1].input).toMatchObject({ ConditionExpression: '(attribute_exists(#u3)) AND (attribute_not_exists(#u0))' });
  });

  it('sets the discount only while the plan and the discount are those read', async () => {
    const { commands } = await sent(async () => {
      await profiles.setDiscount(USER, 20, { plan: 'pro', discount: 10 }, 't');
      await profiles.setDiscount(USER, 20, { plan: undefined, discount: undefined }, 't');
    });
    expect(commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1',
      ConditionExpression: '(#u2 = :u2) AND (#u0 = :u3)',
      ExpressionAttributeNames: { '#u0': 'discountPercent', '#u1': 'discountUpdatedAt', '#u2': 'subscriptionPlan' },
      ExpressionAttributeValues: { ':u0': 20, ':u1': 't', ':u2': 'pro', ':u3': 10 },
    });
    expect(commands[1].input).toMatchObject({
      ConditionExpression: '((attribute_exists(#u2)) AND (attribute_not_exists(#u3))) AND (attribute_not_exists(#u0))',
      ExpressionAttributeNames: { '#u2': 'pk', '#u3': 'subscriptionPlan' },
    });
  });

  it('updates billing attributes on an existing profile, never anything else', async () => {
    const { result, commands } = await sent(async () => [
      await profiles.updateBilling(USER, { stripeCustomerId: 'cus_1', stripeSubscriptionId: undefined }, ['pendingPlan']),
      await profiles.updateBilling(USER, { stripeCustomerId: undefined }, []),
    ]);
    expect(result).toEqual([true, true]);
    expect(commands).toHaveLength(1); // nothing to change: no write
    expect(commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0 REMOVE #u1',
      ConditionExpression: 'attribute_exists(#u2)',
      ExpressionAttributeNames: { '#u0': 'stripeCustomerId', '#u1': 'pendingPlan', '#u2': 'pk' },
    });
    await expect(profiles.updateBilling(USER, { subscriptionPlan: 'pro' })).rejects.toThrow('not a billing attribute');
    await expect(profiles.updateBilling(USER, {}, ['pk'])).rejects.toThrow('not a billing attribute');
  });

  it('pages the sign-up listing newest first below a position, and names the last one of a full page', async () => {
    const listed = (n: number) => ({ ...profiles.toItem({ ...profile, createdAt: `2026-03-0${n}T00:00:00.000Z` }) });
    const { result, commands } = await sent(
      () => profiles.listNewest({ limit: 2, after: `2026-03-09T00:00:00.000Z#${USER}` }),
      () => ({ Items: [listed(5), listed(4)] }),
    );
    expect(commands[0].input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#k0 = :k0 AND #k1 < :k1',
      ExpressionAttributeNames: { '#k0': 'gsi1pk', '#k1': 'gsi1sk' },
      ExpressionAttributeValues: { ':k0': 'USERS', ':k1': `2026-03-09T00:00:00.000Z#${USER}` },
      ScanIndexForward: false,
      Limit: 2,
    });
    expect(result.profiles.map((p) => p.createdAt)).toEqual(['2026-03-05T00:00:00.000Z', '2026-03-04T00:00:00.000Z']);
    expect(result.last).toBe(`2026-03-04T00:00:00.000Z#${USER}`);
    expect(profiles.isListingPosition(result.last!)).toBe(true);
    expect(profiles.isListingPosition('USERS#x')).toBe(false);
  });

  it('claims an identity once and reads it back', async () => {
    const identity = { issuer: 'https://idp.test', subject: 'sub-1', userId: USER, createdAt: 't' };
    const item = profiles.identityToItem(identity);
    expect(item).toEqual({
      pk: 'IDENTITY#https://idp.test#sub-1',
      sk: 'IDENTITY',
      gsi1pk: `USER#${USER}#IDENTITY`,
      gsi1sk: 'https://idp.test#sub-1',
      type: 'IDENTITY',
      v: 1,
      ...identity,
    });
    const { v: _v, ...old } = item;
    expect(profiles.identityFromItem(old)).toEqual(identity);
    const { result, commands } = await sent(() => profiles.claimIdentity(identity), () => conditionFailed());
    expect(result).toBe(false);
    expect(commands[0].input).toMatchObject({ Item: item, ConditionExpression: 'attribute_not_exists(#c0)' });
  });
});
