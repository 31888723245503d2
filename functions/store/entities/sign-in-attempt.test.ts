import { recordStore } from '../../../test/store-recorder';
import * as attempts from './sign-in-attempt';

const attempt = { codeVerifier: 'verifier', state: 'state', nonce: 'nonce', expiresAt: 1_000 };
const key = { pk: 'SIGNIN#hash-1', sk: 'SIGNIN' };

describe('sign-in attempt entity', () => {
  it('stores an attempt under its hash and reads it back, also without a version', () => {
    const item = attempts.toItem('hash-1', attempt);
    expect(item).toEqual({ ...key, type: 'SIGNIN', v: 1, ...attempt });
    expect(attempts.fromItem(item)).toEqual(attempt);
    expect(attempts.fromItem({ ...key, type: 'SIGNIN', ...attempt })).toEqual(attempt);
    expect(() => attempts.fromItem({ ...key, state: 's' })).toThrow();
  });

  it('consumes an attempt with one delete that returns it, and none once expired', async () => {
    const store = recordStore(() => ({ Attributes: attempts.toItem('hash-1', attempt) }));
    expect(await attempts.consume('hash-1', 999)).toEqual(attempt);
    expect(await attempts.consume('hash-1', 1_000)).toBeUndefined();
    expect(store.commands[0]).toEqual({ name: 'DeleteItem', input: { TableName: expect.any(String), Key: key, ReturnValues: 'ALL_OLD' } });
    store.stop();
  });

  it('finds nothing for a replayed callback', async () => {
    const store = recordStore(() => ({}));
    expect(await attempts.consume('hash-1', 0)).toBeUndefined();
    store.stop();
  });
});
