import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as guards from './case-url';

const guard = { userId: 'u1', canonicalUrl: 'leaks.example/p/1', caseId: 'C1', claimedAt: '2026-11-28T00:00:00.000Z' };
const sk = `CASE_URL#${guards.urlHash('leaks.example/p/1')}`;

describe('case URL guard entity', () => {
  it('is keyed by the user and the SHA-256 of the canonical URL, and reads back', () => {
    const item = guards.toItem(guard);
    expect(item).toMatchObject({ pk: 'USER#u1', sk, entity: 'CASE_URL', v: 1, caseId: 'C1' });
    expect(sk).toMatch(/^CASE_URL#[0-9a-f]{64}$/);
    expect(guards.fromItem(item)).toEqual(guard);
  });

  it('claims only a free URL', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await guards.claim(guard)).toBe(false);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { Item: { pk: 'USER#u1', sk }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } } });
    store.stop();
  });

  it('takes over only an orphan still naming the dead case and old enough', async () => {
    const store = recordStore();
    expect(await guards.takeOver({ ...guard, caseId: 'C2' }, 'C1', '2026-11-28T00:10:00.000Z')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      Item: { caseId: 'C2' },
      ConditionExpression: '(#c0 = :c0) AND (#c1 < :c1)',
      ExpressionAttributeNames: { '#c0': 'caseId', '#c1': 'claimedAt' },
      ExpressionAttributeValues: { ':c0': 'C1', ':c1': '2026-11-28T00:10:00.000Z' },
    });
    store.stop();
  });

  it('releases a guard only while it names the case', async () => {
    const store = recordStore();
    await guards.release('u1', 'leaks.example/p/1', 'C1');
    expect(store.commands[0]).toMatchObject({ name: 'DeleteItem', input: { Key: { pk: 'USER#u1', sk }, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 'C1' } } });
    store.stop();
  });
});
