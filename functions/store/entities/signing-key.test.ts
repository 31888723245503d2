import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as signingKeys from './signing-key';

describe('signing key entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('stores a key by name and reads it back, also without a version', () => {
    expect(signingKeys.toItem('unsubscribe', 'a2V5')).toEqual({ pk: 'SECRET#unsubscribe', sk: 'SECRET', entity: 'SECRET', v: 1, value: 'a2V5' });
    expect(signingKeys.fromItem({ pk: 'SECRET#unsubscribe', sk: 'SECRET', entity: 'SECRET', value: 'a2V5' })).toBe('a2V5');
  });

  it('reads the key consistently', async () => {
    store = recordStore(() => ({ Item: { value: 'a2V5' } }));
    expect(await signingKeys.get('unsubscribe')).toBe('a2V5');
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'SECRET#unsubscribe', sk: 'SECRET' }, ConsistentRead: true } });
  });

  it('creates the key only once', async () => {
    store = recordStore(() => conditionFailed());
    expect(await signingKeys.createOnce('unsubscribe', 'a2V5')).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { pk: 'SECRET#unsubscribe', value: 'a2V5' }, ConditionExpression: 'attribute_not_exists(#c0)' });
  });
});
