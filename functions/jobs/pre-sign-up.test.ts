import { recordStore } from '../../test/store-recorder';
import { preSignUp } from './pre-sign-up';

const maintenance = (enabled: boolean) => ({ Item: { pk: 'SETTING#maintenance', sk: 'SETTING', v: 1, enabled, message: 'Back at noon.', updatedAt: 't', updatedBy: 'admin' } });

describe('Cognito pre sign-up trigger', () => {
  it('refuses a sign-up with the maintenance message while maintenance mode is on', async () => {
    const store = recordStore(() => maintenance(true));
    await expect(preSignUp({ triggerSource: 'PreSignUp_SignUp', userName: 'new' })).rejects.toThrow('Back at noon.');
    await expect(preSignUp({ triggerSource: 'PreSignUp_ExternalProvider' })).rejects.toThrow('Back at noon.');
    // An administrator's AdminCreateUser is not a registration: it goes through without a read.
    const admin = { triggerSource: 'PreSignUp_AdminCreateUser' };
    expect(await preSignUp(admin)).toBe(admin);
    expect(store.commands).toHaveLength(2);
    store.stop();
  });

  it('lets the sign-up through (the event unchanged) when maintenance mode is off or was never set', async () => {
    for (const answer of [maintenance(false), {}]) {
      const store = recordStore(() => answer);
      const event = { triggerSource: 'PreSignUp_SignUp', request: { userAttributes: { email: 'a@b.test' } } };
      expect(await preSignUp(event)).toBe(event);
      store.stop();
    }
  });
});
