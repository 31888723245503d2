import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as likeness from './likeness';

const face = { id: '01JD0000000000000000000000', descriptor: Array.from({ length: 128 }, (_, i) => i / 1000), crop: 'AAAA', score: 0.98, addedAt: 't', confirmed: false };

describe('likeness entity', () => {
  it('is one item in the user partition and reads back', () => {
    const r = { userId: 'u1', consent: { at: 't', textVersion: 1 }, faces: [face], rev: 2 };
    const item = likeness.toItem(r);
    expect(item).toMatchObject({ pk: 'USER#u1', sk: 'LIKENESS', entity: 'LIKENESS', v: 1 });
    expect(likeness.fromItem(item)).toEqual(r);
  });

  it('refuses an embedding that is not 128 numbers', () => {
    const item = likeness.toItem({ userId: 'u1', consent: { at: 't', textVersion: 1 }, faces: [{ ...face, descriptor: [1, 2] }], rev: 1 });
    expect(() => likeness.fromItem(item)).toThrow();
  });

  it('creates only if absent, replaces only on the revision read, and deletes by key', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await likeness.create('u1', { at: 't', textVersion: 1 })).toBe(false);
    expect(await likeness.replace({ userId: 'u1', consent: { at: 't', textVersion: 1 }, faces: [] }, 3)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ Item: { rev: 1, faces: [] }, ConditionExpression: 'attribute_not_exists(#c0)' });
    expect(store.commands[1]!.input).toMatchObject({ Item: { rev: 4 }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 3 } });
    store.stop();
    const del = recordStore(() => ({}));
    await likeness.remove('u1');
    expect(del.commands[0]!.input).toMatchObject({ Key: { pk: 'USER#u1', sk: 'LIKENESS' } });
    del.stop();
  });
});
