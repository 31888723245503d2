import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as records from './idempotency';

const ref = { userId: 'u1', operation: 'bulk-submit', keyHash: 'h' };
const key = { pk: 'IDEMPOTENCY#u1#bulk-submit#h', sk: 'IDEMPOTENCY' };
const running: records.IdempotencyRecord = {
  userId: 'u1',
  operation: 'bulk-submit',
  requestHash: 'req',
  state: 'in_progress',
  createdAt: '2026-03-04T05:06:07.000Z',
  lockExpiresAt: 1_120,
  expiresAt: 1_300,
};

describe('idempotency record entity', () => {
  it('stores a record under its caller, operation and key, and reads it back (also without a version)', () => {
    const item = records.toItem(ref, running);
    expect(item).toEqual({ ...key, gsi1pk: 'USER#u1#IDEMPOTENCY', gsi1sk: 'bulk-submit#h', entity: 'IDEMPOTENCY', v: 1, ...running });
    expect(records.fromItem(item)).toEqual(running);
    const done = { ...key, entity: 'IDEMPOTENCY', ...running, state: 'completed', status: 200, response: '{"a":""}', completedAt: 't' };
    const read = records.fromItem(done);
    expect(records.storedResponse(read)).toEqual({ status: 200, body: { a: '' } });
    expect(records.storedResponse(running)).toBeUndefined();
  });

  it('claims a key that is free, expired, or held by a run that died', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await records.claim(ref, { requestHash: 'req', createdAt: running.createdAt, lockExpiresAt: 1_120, expiresAt: 1_300 }, 1_000)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'PutItem',
      input: {
        Item: { ...key, entity: 'IDEMPOTENCY', state: 'in_progress', requestHash: 'req', lockExpiresAt: 1_120, expiresAt: 1_300 },
        ConditionExpression: '(attribute_not_exists(#c0)) OR (#c1 < :c0) OR ((#c2 = :c1) AND (#c3 < :c2))',
        ExpressionAttributeNames: { '#c0': 'pk', '#c1': 'expiresAt', '#c2': 'state', '#c3': 'lockExpiresAt' },
        ExpressionAttributeValues: { ':c0': 1_000, ':c1': 'in_progress', ':c2': 1_000 },
      },
    });
    store.stop();
  });

  it('reads consistently, releases only a running record, completes only a running record', async () => {
    const store = recordStore(({ name }) => (name === 'GetItem' ? { Item: records.toItem(ref, running) } : undefined));
    expect(await records.get(ref)).toEqual(running);
    expect(await records.release(ref)).toBe(true);
    expect(await records.complete(ref, 202, { ok: null }, 't')).toBe(true);
    const [get, release, complete] = store.commands;
    expect(get.input).toMatchObject({ Key: key, ConsistentRead: true });
    expect(release).toMatchObject({ name: 'DeleteItem', input: { Key: key, ConditionExpression: '#c0 = :c0', ExpressionAttributeValues: { ':c0': 'in_progress' } } });
    expect(complete).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: key,
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2, #u3 = :u3',
        ConditionExpression: '#u0 = :u4',
        ExpressionAttributeNames: { '#u0': 'state', '#u1': 'status', '#u2': 'response', '#u3': 'completedAt' },
        ExpressionAttributeValues: { ':u0': 'completed', ':u1': 202, ':u2': '{"ok":null}', ':u3': 't', ':u4': 'in_progress' },
      },
    });
    store.stop();
  });
});
