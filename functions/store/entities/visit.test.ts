import { recordStore } from '../../../test/store-recorder';
import * as visits from './visit';

const event = {
  id: '01JEVENT',
  userId: 'u1',
  sessionId: 'tab-0001-abcd',
  type: 'feature_use' as const,
  page: '/search',
  path: '/search?q=x',
  feature: 'start-scan',
  clientAt: '1999-01-01T00:00:00.000Z',
  at: '2026-11-28T10:00:00.000Z',
  expiresAt: 1_800_000_000,
};
const session = { userId: 'u1', sessionId: 'tab-0001-abcd', startedAt: '2026-11-28T09:00:00.000Z', lastAt: '2026-11-28T10:00:00.000Z', lastPage: '/cases', views: 3, expiresAt: 1_800_000_000 };

describe('visit entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('stores an event as a child of its session and reads it back', () => {
    const item = visits.eventToItem(event);
    expect(item).toMatchObject({
      pk: 'EVENT#01JEVENT',
      sk: 'EVENT',
      gsi2pk: 'VISIT#u1#tab-0001-abcd#EVENT',
      gsi2sk: '2026-11-28T10:00:00.000Z#01JEVENT',
      entity: 'EVENT',
      v: 1,
      expiresAt: 1_800_000_000,
    });
    expect(visits.eventFromItem(item)).toEqual(event);
    const { v: _v, ...old } = visits.eventToItem({ ...event, type: 'page_view', feature: undefined });
    expect(visits.eventFromItem(old)).toMatchObject({ type: 'page_view' });
    expect(() => visits.eventFromItem({ ...old, type: 'click' })).toThrow();
  });

  it('stores a session listed under its user by start time and reads it back', () => {
    const item = visits.visitToItem(session);
    expect(item).toMatchObject({ pk: 'VISIT#u1#tab-0001-abcd', sk: 'VISIT', gsi1pk: 'USER#u1#VISIT', gsi1sk: '2026-11-28T09:00:00.000Z#tab-0001-abcd', entity: 'VISIT', v: 1 });
    expect(visits.visitFromItem(item)).toEqual(session);
    const { v: _v, ...old } = item;
    expect(visits.visitFromItem(old)).toEqual(session);
  });

  it('puts an event unconditionally', async () => {
    store = recordStore();
    await visits.putEvent(event);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { Item: { pk: 'EVENT#01JEVENT', type: 'feature_use' } } });
    expect(store.commands[0]!.input.ConditionExpression).toBeUndefined();
  });

  it('counts a view on its session, writing the start and listing once, and answers the session as it was', async () => {
    store = recordStore(() => ({ Attributes: { ...visits.visitToItem(session) } }));
    const before = await visits.recordView({ userId: 'u1', sessionId: 'tab-0001-abcd', page: '/help', at: '2026-11-28T10:05:00.000Z', expiresAt: 1_800_000_300 });
    expect(before).toMatchObject({ startedAt: session.startedAt, lastAt: session.lastAt, lastPage: '/cases', views: 3 });
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: { pk: 'VISIT#u1#tab-0001-abcd', sk: 'VISIT' },
        UpdateExpression:
          'SET #u0 = :u0, #u1 = :u1, #u2 = :u2, #u3 = :u3, #u4 = :u4, #u5 = :u5, #u6 = :u6, ' +
          '#u7 = if_not_exists(#u7, :u7), #u8 = if_not_exists(#u8, :u8), #u9 = if_not_exists(#u9, :u9) ADD #u10 :u10',
        ExpressionAttributeNames: {
          '#u0': 'v',
          '#u1': 'entity',
          '#u2': 'userId',
          '#u3': 'sessionId',
          '#u4': 'lastAt',
          '#u5': 'lastPage',
          '#u6': 'expiresAt',
          '#u7': 'startedAt',
          '#u8': 'gsi1pk',
          '#u9': 'gsi1sk',
          '#u10': 'views',
        },
        ExpressionAttributeValues: expect.objectContaining({ ':u5': '/help', ':u7': '2026-11-28T10:05:00.000Z', ':u9': '2026-11-28T10:05:00.000Z#tab-0001-abcd', ':u10': 1 }),
        ReturnValues: 'ALL_OLD',
      },
    });
    expect(store.commands[0]!.input.ConditionExpression).toBeUndefined();
  });

  it('answers undefined for a new session', async () => {
    store = recordStore(() => ({}));
    expect(await visits.recordView({ userId: 'u1', sessionId: 'tab-0002-abcd', page: '/', at: '2026-11-28T10:05:00.000Z', expiresAt: 1 })).toBeUndefined();
  });
});
