import { recordStore } from '../../../test/store-recorder';
import * as sessions from './session';

const session: sessions.SessionRecord = {
  sessionId: 'hash-1',
  userId: 'u1',
  email: 'a@example.com',
  isAdmin: false,
  idToken: 'id.token.sig',
  idpUsername: 'ada',
  createdAt: '2026-03-04T05:06:07.000Z',
  expiresAt: 2_000,
};

describe('session entity', () => {
  it('stores a session under its hash, listed under its user by creation time, and reads it back', () => {
    const item = sessions.toItem(session);
    expect(item).toEqual({
      pk: 'SESSION#hash-1',
      sk: 'SESSION',
      gsi1pk: 'USER#u1#SESSION',
      gsi1sk: '2026-03-04T05:06:07.000Z#hash-1',
      v: 1,
      ...session,
    });
    expect(sessions.fromItem(item)).toEqual(session);
  });

  it('reads sessions written before versions (and usernames) were stored', () => {
    const { idpUsername: _u, idToken: _t, ...old } = session;
    expect(sessions.fromItem({ pk: 'SESSION#hash-1', sk: 'SESSION', ...old })).toEqual(old);
    expect(() => sessions.fromItem({ ...session, isAdmin: 'yes' })).toThrow();
  });

  it('reads a session eventually consistent, and no session once it expired', async () => {
    const store = recordStore(() => ({ Item: sessions.toItem(session) }));
    expect(await sessions.getLive('hash-1', 1_999)).toEqual(session);
    expect(await sessions.getLive('hash-1', 2_000)).toBeUndefined();
    expect(store.commands[0]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'SESSION#hash-1', sk: 'SESSION' } } });
    expect(store.commands[0].input.ConsistentRead).toBeUndefined();
    store.stop();
  });

  it("lists a user's session ids on gsi1, every page", async () => {
    let page = 0;
    const store = recordStore(({ name }) =>
      name === 'Query' ? (page++ === 0 ? { Items: [{ sessionId: 'a' }], LastEvaluatedKey: { pk: 'x' } } : { Items: [{ sessionId: 'b' }] }) : undefined,
    );
    expect(await sessions.idsByOwner('u1')).toEqual(['a', 'b']);
    expect(store.commands[0].input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#k0 = :k0',
      ProjectionExpression: '#k1',
      ExpressionAttributeNames: { '#k0': 'gsi1pk', '#k1': 'sessionId' },
      ExpressionAttributeValues: { ':k0': 'USER#u1#SESSION' },
    });
    expect(store.commands[1].input.ExclusiveStartKey).toEqual({ pk: 'x' });
    store.stop();
  });

  it('deletes a session by its id', async () => {
    const store = recordStore();
    await sessions.remove('hash-1');
    expect(store.commands[0]).toEqual({ name: 'DeleteItem', input: { TableName: expect.any(String), Key: { pk: 'SESSION#hash-1', sk: 'SESSION' } } });
    store.stop();
  });
});
