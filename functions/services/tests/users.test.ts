import { startTestDynamo } from '../../../test/harness';
import { middleOfThisMonth, shiftClock, type ShiftedClock } from '../../../test/clock';
import { getItem, query } from '../../store/table';
import { keys } from '../../store/keys';
import { COUNTER_ATTRIBUTE, USER_COUNTERS } from '../../store/entities/counter';
import { getOrCreateUserFromClaims, getUser, toCurrentUser } from '../users';

let stop: () => Promise<void>;
/** The month (and day) stay put whenever the file runs: its clock runs on from mid-month (test/clock.ts). */
let clock: ShiftedClock;
beforeAll(async () => {
  clock = shiftClock(middleOfThisMonth());
  stop = (await startTestDynamo()).close;
});
afterAll(async () => {
  await stop();
  clock.restore();
});

const ISS = 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_test';
const counter = async (key: ReturnType<typeof keys.counter>) =>
  ((await getItem(key))?.[COUNTER_ATTRIBUTE] as number | undefined) ?? 0;

describe('users service', () => {
  it('creates a trial user from ID token claims on first sign-in', async () => {
    const now = new Date('2026-03-04T05:06:07.000Z');
    const user = await getOrCreateUserFromClaims(
      { iss: ISS, sub: 'sub-1', email: 'ada@example.com', given_name: 'Ada', family_name: 'Lovelace', picture: 'https://img.example/a.png' },
      now,
    );
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
      userId: user.id,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://img.example/a.png',
      subscriptionPlan: 'trial',
      subscriptionStatus: 'active',
      createdAt: '2026-03-04T05:06:07.000Z',
      lastSignInAt: '2026-03-04T05:06:07.000Z',
    });
    expect(await getUser(user.id)).toEqual(user);
    expect(toCurrentUser(user, false)).toEqual({
      id: user.id,
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: 'https://img.example/a.png',
      subscriptionPlan: 'trial',
      subscriptionStatus: 'active',
      isAdmin: false,
    });
    // Listed for the admin by sign-up time on gsi1.
    const Items = await query({ index: 'gsi1', partition: 'USERS' });
    expect(Items.map((i) => i.gsi1sk)).toContain(`2026-03-04T05:06:07.000Z#${user.id}`);
  });

  it('finds the same user on later sign-ins and records the time', async () => {
    const first = await getOrCreateUserFromClaims({ iss: ISS, sub: 'sub-2', email: 'b@example.com' });
    const later = new Date(Date.now() + 60_000);
    const again = await getOrCreateUserFromClaims({ iss: ISS, sub: 'sub-2', email: 'b@example.com', given_name: 'Changed' }, later);
    expect(again.id).toBe(first.id);
    expect(again.firstName).toBeNull(); // the profile is ours after creation; the IdP does not overwrite it
    expect((await getUser(first.id))!.lastSignInAt).toBe(later.toISOString());
  });

  it('treats the same subject at another issuer as another person', async () => {
    const a = await getOrCreateUserFromClaims({ iss: ISS, sub: 'shared-sub', email: 'c@example.com' });
    const b = await getOrCreateUserFromClaims({ iss: 'http://localhost:3000/idp', sub: 'shared-sub', email: 'c@example.com' });
    expect(a.id).not.toBe(b.id);
  });

  it('creates exactly one user and counts one sign-up when first sign-ins race', async () => {
    const month = keys.monthlyCounter(USER_COUNTERS.monthlySignups, new Date().toISOString());
    const total = keys.counter(USER_COUNTERS.total);
    const [beforeTotal, beforeMonth] = [await counter(total), await counter(month)];

    const users = await Promise.all(
      Array.from({ length: 8 }, () => getOrCreateUserFromClaims({ iss: ISS, sub: 'racer', email: 'racer@example.com' })),
    );
    expect(new Set(users.map((u) => u.id)).size).toBe(1);
    expect(await counter(total)).toBe(beforeTotal + 1);
    expect(await counter(month)).toBe(beforeMonth + 1);
  });

  it('keeps a global and a monthly sign-up counter', async () => {
    const total = await counter(keys.counter(USER_COUNTERS.total));
    const Item = await getItem(keys.monthlyCounter(USER_COUNTERS.monthlySignups, '2026-03-15'));
    expect(total).toBeGreaterThanOrEqual(4);
    expect(Item).toMatchObject({ name: 'signups', month: '2026-03', [COUNTER_ATTRIBUTE]: 1 });
  });

  it('refuses claims without an e-mail and returns nothing for an unknown id', async () => {
    await expect(getOrCreateUserFromClaims({ iss: ISS, sub: 'no-mail' })).rejects.toThrow('no email');
    await expect(getUser('01HZZZZZZZZZZZZZZZZZZZZZZZ')).resolves.toBeUndefined();
  });
});
