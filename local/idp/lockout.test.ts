import { LOCK_MS, WINDOW_MS, createLockout } from './lockout';

describe('local IdP failed sign-in lockout', () => {
  it('locks an e-mail for 15 minutes after 5 wrong passwords within 15 minutes', () => {
    let t = 1_000_000;
    const lockout = createLockout(() => t);
    for (let i = 0; i < 4; i++) lockout.failed('Creator@Example.test');
    expect(lockout.lockedFor('creator@example.test')).toBe(0);
    lockout.failed('creator@example.test');
    expect(lockout.lockedFor('creator@example.test')).toBe(LOCK_MS);
    expect(lockout.lockedFor('other@example.test')).toBe(0);
    t += LOCK_MS;
    expect(lockout.lockedFor('creator@example.test')).toBe(0);
  });

  it('forgets failures older than the window and after a success', () => {
    let t = 0;
    const lockout = createLockout(() => t);
    for (let i = 0; i < 4; i++) lockout.failed('a@example.test');
    t += WINDOW_MS;
    lockout.failed('a@example.test');
    expect(lockout.lockedFor('a@example.test')).toBe(0);
    for (let i = 0; i < 3; i++) lockout.failed('a@example.test');
    lockout.succeeded('a@example.test');
    lockout.failed('a@example.test');
    expect(lockout.lockedFor('a@example.test')).toBe(0);
  });
});
