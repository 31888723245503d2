import { conditionFailed, recordStore as startRecording } from '../../../test/store-recorder';
import * as result from './result';
import type { StoredResult } from './result';

/** A recorder stopped after each test, also when an expectation failed before its own `stop()`. */
const recorders: { stop(): void }[] = [];
const recordStore = (...args: Parameters<typeof startRecording>) => {
  const store = startRecording(...args);
  recorders.push(store);
  return store;
};
afterEach(() => recorders.splice(0).forEach((r) => r.stop()));

const at = '2026-11-28T00:00:00.000Z';
const sort = result.listSort(at, 87.5, '01JRESULT');
const found: StoredResult = {
  id: '01JRESULT',
  userId: 'u1',
  searchId: 'S1',
  title: 'Leak',
  domain: 'leaks.example',
  url: 'https://leaks.example/a',
  platform: 'forum',
  source: 'google',
  contentType: 'images',
  confidence: 87.5,
  similarityScore: 0.9,
  confidenceScore: 0.8,
  priority: 'high',
  previewRef: 's3://b/k.png',
  description: '',
  instances: 1,
  evidence: { seenAt: at, engines: ['google'] },
  fingerprint: 'a'.repeat(64),
  createdAt: at,
  firstSeenAt: at,
  lastSeenAt: at,
  ownerSort: sort,
  searchSort: sort,
};

/** What the services read of `found`. */
const record = {
  id: '01JRESULT',
  userId: 'u1',
  searchId: 'S1',
  title: 'Leak',
  domain: 'leaks.example',
  url: 'https://leaks.example/a',
  platform: 'forum',
  source: 'google',
  contentType: 'images',
  confidence: 87.5,
  similarityScore: 0.9,
  confidenceScore: 0.8,
  priority: 'high',
  description: '',
  userReviewStatus: null,
  reviewedAt: null,
  instances: 1,
  evidence: { seenAt: at, engines: ['google'] },
  createdAt: at,
  firstSeenAt: at,
  lastSeenAt: at,
  isNew: false,
  previewRef: 's3://b/k.png',
};

describe('result entity', () => {
  it('sorts both lists on persist time, then confidence, then id', () => {
    expect(sort).toBe('2026-11-28T00:00:00.000Z#0875#01JRESULT');
  });

  it('stores a result under its id, its owner and its search, and reads it back', () => {
    const item = result.toItem(found);
    expect(item).toMatchObject({
      pk: 'RESULT#01JRESULT',
      sk: 'RESULT',
      gsi1pk: 'USER#u1#RESULT',
      gsi1sk: sort,
      gsi2pk: 'SEARCH#S1#RESULT',
      gsi2sk: sort,
      entity: 'RESULT',
      v: 1,
      fingerprint: 'a'.repeat(64),
    });
    expect(item).not.toHaveProperty('ownerSort');
    expect(item).not.toHaveProperty('searchSort');
    expect(result.fromItem(item)).toEqual(record);
  });

  it('reads items written before versions, sightings and reviews by automation were stored', () => {
    const { firstSeenAt: _f, lastSeenAt: _l, ...older } = result.toItem(found);
    delete older.v;
    const reviewed = { ...older, userReviewStatus: 'unauthorized', reviewedAt: at, reviewedBy: 'auto', isNew: true, monitorId: 'M1', takedownCaseId: 'C1' };
    expect(result.fromItem(reviewed)).toEqual({ ...record, userReviewStatus: 'unauthorized', reviewedAt: at, reviewedBy: 'auto', isNew: true, monitorId: 'M1' });
  });

  it('refuses an item that is not a result', () => {
    expect(() => result.fromItem({ ...result.toItem(found), priority: 'urgent' })).toThrow();
  });

  it('persists a batch with BatchWriteItem', async () => {
    const store = recordStore();
    await result.persistBatch([found, { ...found, id: '01JOTHER' }]);
    expect(store.commands).toHaveLength(1);
    expect(store.commands[0]!.name).toBe('BatchWriteItem');
    const requests = Object.values(store.commands[0]!.input.RequestItems as Record<string, { PutRequest: { Item: { pk: string } } }[]>)[0]!;
    expect(requests.map((r) => r.PutRequest.Item.pk)).toEqual(['RESULT#01JRESULT', 'RESULT#01JOTHER']);
  });

  it('reads many results and their history consistently, the owner-list position under its own name', async () => {
    const items = recordStore((c) => {
      const table = Object.keys(c.input.RequestItems as object)[0]!;
      return { Responses: { [table]: [{ ...result.toItem(found), firstSearchId: 'S0', isNewInFirstRun: true }] } };
    });
    expect((await result.getMany(['01JRESULT'])).get('01JRESULT')).toEqual(record);
    expect((await result.readHistory(['01JRESULT'])).get('01JRESULT')).toEqual({
      id: '01JRESULT',
      createdAt: at,
      ownerSort: sort,
      firstSeenAt: at,
      firstSearchId: 'S0',
      isNewInFirstRun: true,
    });
    expect(items.commands[0]).toMatchObject({ name: 'BatchGetItem' });
    expect(Object.values(items.commands[0]!.input.RequestItems as object)[0]).toEqual({ Keys: [{ pk: 'RESULT#01JRESULT', sk: 'RESULT' }], ConsistentRead: true });
  });

  it('pages a user\'s list below a result\'s position, read without consistency', async () => {
    const store = recordStore((c) => (c.name === 'GetItem' ? { Item: { userId: 'u1', gsi1sk: sort } } : { Items: [] }));
    const cursor = await result.ownerCursor('01JRESULT');
    expect(cursor).toEqual({ userId: 'u1', cursor: sort });
    await result.listByOwner('u1', { limit: 50, below: cursor!.cursor });
    await result.listByOwnerFoundBy('u1', '2026-11-30T23:59:59.999Z', 10);
    expect(store.commands[0]!.input).not.toHaveProperty('ConsistentRead');
    expect(store.commands[0]!.input).toMatchObject({ ProjectionExpression: '#p0, #p1', ExpressionAttributeNames: { '#p0': 'userId', '#p1': 'gsi1sk' } });
    expect(store.commands[1]!.input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#k0 = :k0 AND #k1 < :k1',
      ExpressionAttributeValues: { ':k0': 'USER#u1#RESULT', ':k1': sort },
      ScanIndexForward: false,
      Limit: 50,
    });
    expect(store.commands[2]!.input).toMatchObject({ ExpressionAttributeValues: { ':k1': '2026-11-30T23:59:59.999Z~' }, Limit: 10 });
  });

  it('lists a search\'s results on gsi2, newest first', async () => {
    const store = recordStore(() => ({ Items: [result.toItem(found)] }));
    expect(await result.listBySearch('S1', 500)).toEqual([record]);
    expect(store.commands[0]!.input).toMatchObject({ IndexName: 'gsi2', ExpressionAttributeValues: { ':k0': 'SEARCH#S1#RESULT' }, ScanIndexForward: false });
  });

  it('reads only the risk figures\' attributes of a user\'s results', async () => {
    const store = recordStore(() => ({ Items: [{ id: 'R1', contentType: 'videos', createdAt: at, evidence: { seenAt: '2026-11-01T00:00:00.000Z', engines: [] }, takedownAt: at, priority: 'low' }] }));
    expect(await result.listFactsByOwner('u1', 5000)).toEqual([
      { id: 'R1', contentType: 'videos', createdAt: at, seenAt: '2026-11-01T00:00:00.000Z', takedownAt: at, priority: 'low' },
    ]);
    expect(store.commands[0]!.input).toMatchObject({ IndexName: 'gsi1', ScanIndexForward: false, Limit: 1000 });
    expect(Object.values(store.commands[0]!.input.ExpressionAttributeNames as object)).toEqual([
      'gsi1pk',
      'id',
      'platform',
      'domain',
      'contentType',
      'priority',
      'confidence',
      'userReviewStatus',
      'createdAt',
      'evidence',
      'takedownAt',
    ]);
  });

  it('moves a review only from the status read: none yet, or the one read', async () => {
    const store = recordStore();
    expect(await result.transitionReview('R1', null, 'unauthorized', at)).toBe(true);
    expect(await result.transitionReview('R1', 'unauthorized', 'safe', at)).toBe(true);
    expect(store.commands.map((c) => c.input)).toMatchObject([
      {
        Key: { pk: 'RESULT#R1', sk: 'RESULT' },
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 REMOVE #u2',
        ConditionExpression: '(attribute_exists(#u3)) AND (attribute_not_exists(#u0))',
        ExpressionAttributeNames: { '#u0': 'userReviewStatus', '#u1': 'reviewedAt', '#u2': 'reviewedBy', '#u3': 'pk' },
        ExpressionAttributeValues: { ':u0': 'unauthorized', ':u1': at },
      },
      {
        ConditionExpression: '#u0 = :u2',
        ExpressionAttributeValues: { ':u0': 'safe', ':u1': at, ':u2': 'unauthorized' },
      },
    ]);
    store.stop();
    recordStore(() => conditionFailed());
    expect(await result.transitionReview('R1', 'safe', 'unauthorized', at)).toBe(false);
  });

  it('decides automatically only for the owner and only before any review', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await result.decideAutomatically('R1', 'u1', at)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2',
      ConditionExpression: '(attribute_exists(#u3)) AND (#u4 = :u3) AND (attribute_not_exists(#u0))',
      ExpressionAttributeNames: { '#u0': 'userReviewStatus', '#u1': 'reviewedAt', '#u2': 'reviewedBy', '#u3': 'pk', '#u4': 'userId' },
      ExpressionAttributeValues: { ':u0': 'unauthorized', ':u1': at, ':u2': 'auto', ':u3': 'u1' },
    });
  });

  it('clears a review only while it is the one read', async () => {
    const store = recordStore();
    expect(await result.clearReview('R1', 'safe')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'REMOVE #u0, #u1, #u2',
      ConditionExpression: '#u0 = :u0',
      ExpressionAttributeNames: { '#u0': 'userReviewStatus', '#u1': 'reviewedAt', '#u2': 'reviewedBy' },
      ExpressionAttributeValues: { ':u0': 'safe' },
    });
  });

  it('keeps the first content confirmation and the first takedown claim', async () => {
    const store = recordStore();
    expect(await result.confirmContent('R1', at)).toBe(true);
    expect(await result.claimTakedown('R1', 'C1', at)).toBe(true);
    expect(store.commands.map((c) => c.input)).toMatchObject([
      { UpdateExpression: 'SET #u0 = if_not_exists(#u0, :u0)', ConditionExpression: 'attribute_exists(#u1)', ExpressionAttributeNames: { '#u0': 'contentConfirmedAt', '#u1': 'pk' } },
      {
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1',
        ConditionExpression: '(attribute_exists(#u2)) AND (attribute_not_exists(#u0))',
        ExpressionAttributeNames: { '#u0': 'takedownCaseId', '#u1': 'takedownAt', '#u2': 'pk' },
      },
    ]);
  });
});
