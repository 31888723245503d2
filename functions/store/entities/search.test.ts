import { conditionFailed, recordStore as startRecording } from '../../../test/store-recorder';
import * as search from './search';
import type { SearchRecord } from './search';

/** A recorder stopped after each test, also when an expectation failed before its own `stop()`. */
const recorders: { stop(): void }[] = [];
const recordStore = (...args: Parameters<typeof startRecording>) => {
  const store = startRecording(...args);
  recorders.push(store);
  return store;
};
afterEach(() => recorders.splice(0).forEach((r) => r.stop()));

const record: SearchRecord = {
  id: '01JSEARCH',
  userId: 'u1',
  status: 'running',
  query: 'Jane Doe',
  searchEngines: ['google', 'bing'],
  contentType: 'images',
  createdAt: '2026-11-28T00:00:00.000Z',
  progress: { stage: 'queued', enginesDone: 0, enginesTotal: 2, candidatesFound: 0, candidatesMatched: 0 },
  resultCount: 0,
  references: [{ id: 'r1', key: 'uploads/r1.png', filename: 'me.png', mediaType: 'image/png' }],
  origin: 'manual',
};

/** An item as the code before versions wrote it: no `v`, no origin, counters absent until first added. */
const oldItem = {
  pk: 'SEARCH#01JOLD',
  sk: 'SEARCH',
  gsi1pk: 'USER#u1#SEARCH',
  gsi1sk: '01JOLD',
  entity: 'SEARCH',
  id: '01JOLD',
  userId: 'u1',
  status: 'completed',
  query: 'Jane',
  searchEngines: ['google'],
  contentType: 'web',
  createdAt: '2025-01-01T00:00:00.000Z',
  stage: 'done',
  enginesDone: 1,
  persistedBatches: new Set(['abc']),
  metadata: { completedAt: '2025-01-01T00:01:00.000Z', totalDuration: 60000, successfulEngines: ['google'], failedEngines: [] },
};

describe('search entity', () => {
  it('stores a search with its counters at the top level, under its owner, in the sweep, and reads it back', () => {
    const item = search.toItem({ ...record, monitorId: 'M1' }, { sweepAt: '2026-11-28T00:45:00.000Z' });
    expect(item).toMatchObject({
      pk: 'SEARCH#01JSEARCH',
      sk: 'SEARCH',
      gsi1pk: 'USER#u1#SEARCH',
      gsi1sk: '01JSEARCH',
      gsi2pk: 'MONITOR#M1#SEARCH',
      gsi2sk: '01JSEARCH',
      gsi3pk: 'SEARCH_SWEEP_DUE',
      gsi3sk: '2026-11-28T00:45:00.000Z#01JSEARCH',
      entity: 'SEARCH',
      v: 1,
      stage: 'queued',
      enginesDone: 0,
      enginesTotal: 2,
      monitorId: 'M1',
    });
    expect(item).not.toHaveProperty('progress');
    expect(search.fromItem(item)).toEqual({ ...record, monitorId: 'M1' });
  });

  it('reads back the channels a manual scan discovered (issue 25)', () => {
    const withChannels = { ...record, discoveredChannels: ['lunamirror', 'other_chan'] };
    expect(search.fromItem(search.toItem(withChannels))).toEqual(withChannels);
  });

  it('reads items written before versions and origins were stored', () => {
    expect(search.fromItem(oldItem)).toEqual({
      id: '01JOLD',
      userId: 'u1',
      status: 'completed',
      query: 'Jane',
      searchEngines: ['google'],
      contentType: 'web',
      createdAt: '2025-01-01T00:00:00.000Z',
      progress: { stage: 'done', enginesDone: 1, enginesTotal: 0, candidatesFound: 0, candidatesMatched: 0 },
      resultCount: 0,
      origin: 'manual',
      metadata: oldItem.metadata,
      references: [],
    });
  });

  it('refuses an item that is not a search', () => {
    expect(() => search.fromItem({ ...oldItem, status: 'lost' })).toThrow();
  });

  it('creates a search only under a new id', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await search.create(record)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'PutItem',
      input: { Item: { pk: 'SEARCH#01JSEARCH', v: 1 }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } },
    });
    expect(store.commands[0]!.input.Item).not.toHaveProperty('gsi3pk');
    store.stop();
  });

  it('records progress only while the search exists and is open, and sends nothing for an empty update', async () => {
    const store = recordStore();
    expect(await search.recordProgress('S1', {})).toBe(true);
    expect(store.commands).toHaveLength(0);
    expect(await search.recordProgress('S1', { stage: 'searching', increment: { enginesDone: 1, candidatesFound: 0 }, skippedReferences: [{ id: 'r1', reason: 'flat', extra: 1 } as never] })).toBe(true);
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: { pk: 'SEARCH#S1', sk: 'SEARCH' },
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 ADD #u2 :u2',
        ConditionExpression: '(attribute_exists(#u3)) AND (#u4 IN (:u3, :u4))',
        ExpressionAttributeNames: { '#u0': 'stage', '#u1': 'skippedReferences', '#u2': 'enginesDone', '#u3': 'pk', '#u4': 'status' },
        ExpressionAttributeValues: { ':u0': 'searching', ':u1': [{ id: 'r1', reason: 'flat' }], ':u2': 1, ':u3': 'running', ':u4': 'pending' },
      },
    });
    store.stop();
    const refused = recordStore(() => conditionFailed());
    expect(await search.recordProgress('S1', { enginesTotal: 1 })).toBe(false);
    refused.stop();
  });

  it('finishes an open search once, out of the sweep, and hands back the search as written', async () => {
    const metadata = { completedAt: '2026-11-28T00:10:00.000Z', totalDuration: 600000, successfulEngines: ['google'], failedEngines: ['bing'] };
    const written = search.toItem({ ...record, status: 'partial', metadata, progress: { ...record.progress, stage: 'done' } });
    const store = recordStore(() => ({ Attributes: written }));
    expect(await search.finish('01JSEARCH', 'partial', metadata)).toMatchObject({ status: 'partial', metadata, progress: { stage: 'done' } });
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'SEARCH#01JSEARCH', sk: 'SEARCH' },
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 REMOVE #u3, #u4',
      ConditionExpression: '#u0 IN (:u3, :u4)',
      ExpressionAttributeNames: { '#u0': 'status', '#u1': 'metadata', '#u2': 'stage', '#u3': 'gsi3pk', '#u4': 'gsi3sk' },
      ReturnValues: 'ALL_NEW',
    });
    store.stop();
    const closed = recordStore(() => conditionFailed());
    expect(await search.finish('01JSEARCH', 'failed', metadata)).toBeUndefined();
    closed.stop();
  });

  it('claims a batch once while the search is open, and tells a retried batch from a closed search', async () => {
    const store = recordStore();
    expect(await search.claimBatch('S1', 'B1', 3)).toBe('claimed');
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'SEARCH#S1', sk: 'SEARCH' },
      UpdateExpression: 'ADD #u0 :u0, #u1 :u1',
      ConditionExpression: '(#u2 IN (:u2, :u3)) AND (NOT (contains(#u0, :u4)))',
      ExpressionAttributeNames: { '#u0': 'persistedBatches', '#u1': 'resultCount', '#u2': 'status' },
      ExpressionAttributeValues: { ':u0': new Set(['B1']), ':u1': 3, ':u2': 'running', ':u3': 'pending', ':u4': 'B1' },
    });
    store.stop();

    const retried = recordStore((c) => (c.name === 'UpdateItem' ? conditionFailed() : { Item: { persistedBatches: new Set(['B1']) } }));
    expect(await search.claimBatch('S1', 'B1', 3)).toBe('duplicate');
    expect(retried.commands[1]).toMatchObject({ name: 'GetItem', input: { Key: { pk: 'SEARCH#S1', sk: 'SEARCH' }, ConsistentRead: true } });
    retried.stop();

    const closed = recordStore((c) => (c.name === 'UpdateItem' ? conditionFailed() : { Item: { persistedBatches: new Set(['B0']) } }));
    expect(await search.claimBatch('S1', 'B1', 3)).toBe('closed');
    closed.stop();
  });

  it('reads only the status of a search, consistently', async () => {
    const store = recordStore(() => ({ Item: { status: 'running' } }));
    expect(await search.statusOf('S1')).toBe('running');
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'SEARCH#S1', sk: 'SEARCH' },
      ConsistentRead: true,
      ProjectionExpression: '#p0',
      ExpressionAttributeNames: { '#p0': 'status' },
    });
    store.stop();
  });

  it('lists a user\'s and a monitor\'s searches newest first, and asks for one key when checking for any', async () => {
    const store = recordStore(() => ({ Items: [search.toItem(record)] }));
    expect(await search.listByOwner('u1', 10)).toEqual([record]);
    expect(await search.listByMonitor('M1', 5)).toEqual([record]);
    expect(await search.ownerHasSearches('u1')).toBe(true);
    expect(store.commands.map((c) => c.input)).toMatchObject([
      { IndexName: 'gsi1', ExpressionAttributeValues: { ':k0': 'USER#u1#SEARCH' }, ScanIndexForward: false, Limit: 10 },
      { IndexName: 'gsi2', ExpressionAttributeValues: { ':k0': 'MONITOR#M1#SEARCH' }, ScanIndexForward: false, Limit: 5 },
      { IndexName: 'gsi1', ExpressionAttributeValues: { ':k0': 'USER#u1#SEARCH' }, Limit: 1, ProjectionExpression: '#k1' },
    ]);
    store.stop();
  });

  it('records the channels a manual scan discovered on an existing search, and sends nothing for none (issue 25)', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await search.setDiscoveredChannels('S1', [])).toBe(false);
    expect(store.commands).toHaveLength(0);
    expect(await search.setDiscoveredChannels('S1', ['lunamirror'])).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ UpdateExpression: 'SET #u0 = :u0', ConditionExpression: 'attribute_exists(#u1)', ExpressionAttributeValues: { ':u0': ['lunamirror'] } });
    store.stop();
  });

  it('takes removed results off the count only while the search counts at least that many', async () => {
    const store = recordStore();
    expect(await search.uncountResults('S1', 2)).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'SEARCH#S1', sk: 'SEARCH' },
      UpdateExpression: 'ADD #u0 :u0',
      ConditionExpression: '(attribute_exists(#u1)) AND (#u0 >= :u1)',
      ExpressionAttributeNames: { '#u0': 'resultCount', '#u1': 'pk' },
      ExpressionAttributeValues: { ':u0': -2, ':u1': 2 },
    });
    store.stop();
    const gone = recordStore(() => conditionFailed());
    expect(await search.uncountResults('S1', 2)).toBe(false);
    gone.stop();
    const none = recordStore();
    expect(await search.uncountResults('S1', 0)).toBe(true);
    expect(none.commands).toHaveLength(0);
    none.stop();
  });

  it('sets a run\'s new count only on an existing search', async () => {
    const store = recordStore(() => conditionFailed());
    expect(await search.setNewCount('S1', 4)).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({ UpdateExpression: 'SET #u0 = :u0', ConditionExpression: 'attribute_exists(#u1)', ExpressionAttributeValues: { ':u0': 4 } });
    store.stop();
  });
});
