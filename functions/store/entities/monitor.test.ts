import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as monitors from './monitor';

const NOW = '2026-11-28T00:00:00.000Z';
const input: monitors.NewMonitor = {
  id: '01JMON',
  userId: 'u1',
  name: 'Luna',
  names: ['Luna Vale'],
  searchEngines: ['google'],
  contentType: 'images',
  references: [{ id: 'R1', key: 'references/u1/monitors/01JMON/R1.jpg', filename: 'a.jpg', mediaType: 'image/jpeg', kind: 'image' }],
  cadence: 'weekly',
  alerts: 'daily',
};

/** The item as the monitors service wrote it before items carried a version. */
const oldItem = {
  pk: 'MONITOR#01JMON',
  sk: 'MONITOR',
  gsi1pk: 'USER#u1#MONITOR',
  gsi1sk: '01JMON',
  entity: 'MONITOR',
  ...input,
  autoSubmit: false,
  paused: false,
  createdAt: NOW,
  nextRunAt: NOW,
  runCount: 0,
  lastNewCount: 0,
  totalNewCount: 0,
};

describe('monitor entity', () => {
  let store: ReturnType<typeof recordStore>;
  afterEach(() => store?.stop());

  it('creates a monitor due at once, never over an existing id, as the service always stored it', async () => {
    store = recordStore();
    const m = await monitors.create(input, NOW);
    expect(store.commands[0]).toMatchObject({ name: 'PutItem', input: { ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } } });
    // The same attributes as before (the version is the one addition); fields still unset are absent, not null.
    expect(store.commands[0]!.input.Item).toEqual({ ...oldItem, v: 1 });
    expect(m).toEqual(monitors.fromItem(oldItem));
  });

  it('reads items written before versions were stored, with what a monitor gains later', () => {
    expect(monitors.fromItem(oldItem)).toMatchObject({ paused: false, pausedReason: null, lastRunAt: null, lastSearchId: null, originalUrl: null, lastAutoSubmit: null, runCount: 0 });
    const later = { ...oldItem, paused: true, pausedReason: 'Paused: ...', nextRunAt: null, lastRunAt: NOW, lastSearchId: 'S1', runCount: 3, skippedReferences: [{ id: 'R1', reason: 'too small' }] };
    expect(monitors.fromItem(later)).toMatchObject({ paused: true, pausedReason: 'Paused: ...', nextRunAt: null, runCount: 3, skippedReferences: [{ id: 'R1', reason: 'too small' }] });
  });

  it('round-trips a record, in no due index (its schedule says when it runs)', () => {
    const m = monitors.fromItem(oldItem);
    expect(monitors.fromItem(monitors.toItem(m))).toEqual(m);
    expect(monitors.toItem(m)).not.toHaveProperty('gsi3pk');
    expect(monitors.toItem({ ...m, originalUrl: 'https://luna.example' })).toMatchObject({ originalUrl: 'https://luna.example' });
    // An item written with the former due index still reads.
    expect(monitors.fromItem({ ...oldItem, gsi3pk: 'MONITOR_DUE', gsi3sk: `${NOW}#01JMON` })).toEqual(m);
  });

  it('refuses an item that is not a monitor', () => {
    expect(() => monitors.fromItem({ ...oldItem, cadence: 'yearly' })).toThrow();
  });

  it('pauses out of the due index, conditional on the state read', async () => {
    store = recordStore(() => ({ Attributes: { ...oldItem, paused: true, nextRunAt: null } }));
    const m = await monitors.update({ id: '01JMON', paused: false, nextRunAt: NOW }, { paused: true, cadence: 'weekly', clearPausedReason: true, originalUrl: null });
    expect(m).toMatchObject({ paused: true, nextRunAt: null });
    expect(store.commands[0]!.input).toMatchObject({
      Key: { pk: 'MONITOR#01JMON', sk: 'MONITOR' },
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 REMOVE #u3, #u4, #u5, #u6',
      ConditionExpression: '(attribute_exists(#u7)) AND (#u0 = :u3) AND ((#u2 = :u4) OR ((attribute_not_exists(#u2)) OR (attribute_type(#u2, :u5))))',
      ExpressionAttributeNames: { '#u0': 'paused', '#u1': 'cadence', '#u2': 'nextRunAt', '#u3': 'originalUrl', '#u4': 'pausedReason', '#u5': 'gsi3pk', '#u6': 'gsi3sk', '#u7': 'pk' },
      ExpressionAttributeValues: { ':u0': true, ':u1': 'weekly', ':u2': null, ':u3': false, ':u4': NOW, ':u5': 'NULL' },
    });
  });

  it('sets a resumed monitor\'s next run', async () => {
    store = recordStore(() => ({ Attributes: oldItem }));
    await monitors.update({ id: '01JMON', paused: true, nextRunAt: null }, { paused: false, cadence: 'daily', nextRunAt: '2026-12-01T00:00:00.000Z' });
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2',
      ExpressionAttributeNames: { '#u0': 'paused', '#u1': 'cadence', '#u2': 'nextRunAt' },
      ExpressionAttributeValues: { ':u2': '2026-12-01T00:00:00.000Z', ':u3': true, ':u4': '-' },
    });
  });

  it('answers undefined when the monitor changed since it was read', async () => {
    store = recordStore(() => conditionFailed());
    expect(await monitors.update({ id: '01JMON', paused: false, nextRunAt: NOW }, { paused: false, cadence: 'weekly', alerts: 'off' })).toBeUndefined();
  });

  it('claims a scheduled occurrence once: only while unpaused and no occurrence at or after it was claimed', async () => {
    store = recordStore(() => ({ Attributes: oldItem }));
    expect(await monitors.claimOccurrence('01JMON', NOW, '2026-12-05T00:00:00.000Z')).toBe(true);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1',
      ConditionExpression: '(attribute_exists(#u2)) AND (#u3 = :u2) AND ((attribute_not_exists(#u0)) OR (#u0 < :u3))',
      ExpressionAttributeNames: { '#u0': 'lastDueAt', '#u1': 'nextRunAt', '#u2': 'pk', '#u3': 'paused' },
      ExpressionAttributeValues: { ':u0': NOW, ':u1': '2026-12-05T00:00:00.000Z', ':u2': false, ':u3': NOW },
    });
  });

  it('records a started occurrence, gives back a claim only while it is the last, and records a skip', async () => {
    store = recordStore(() => ({ Attributes: oldItem }));
    await monitors.recordScheduledRun('01JMON', { searchId: 'S1', at: NOW });
    await monitors.unclaimOccurrence('01JMON', NOW);
    await monitors.recordSkip('01JMON', { at: NOW, dueAt: NOW, reason: 'spent' });
    expect(store.commands.map((c) => [c.input.UpdateExpression, c.input.ConditionExpression])).toEqual([
      ['SET #u0 = :u0, #u1 = :u1 ADD #u2 :u2', 'attribute_exists(#u3)'],
      ['REMOVE #u0', '(attribute_exists(#u1)) AND (#u0 = :u0)'],
      ['SET #u0 = :u0', 'attribute_exists(#u1)'],
    ]);
  });

  it('claims a run now without touching the schedule, and reports a lost claim', async () => {
    store = recordStore(() => conditionFailed());
    expect(await monitors.claimRun({ id: '01JMON' }, { searchId: 'S1', at: NOW })).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 ADD #u2 :u2',
      ConditionExpression: '(attribute_exists(#u3)) AND (#u4 = :u3)',
      ExpressionAttributeNames: { '#u0': 'lastRunAt', '#u1': 'lastSearchId', '#u2': 'runCount', '#u3': 'pk', '#u4': 'paused' },
    });
  });

  it('pauses a monitor beyond the plan\'s count only while unpaused', async () => {
    store = recordStore(() => conditionFailed());
    expect(await monitors.pausePlanExcess('01JMON', 'Paused: the Basic plan includes 3 monitors')).toBe(false);
    expect(store.commands[0]!.input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2 REMOVE #u3, #u4',
      ConditionExpression: '(attribute_exists(#u5)) AND (#u0 = :u3)',
      ExpressionAttributeNames: { '#u0': 'paused', '#u1': 'pausedReason', '#u2': 'nextRunAt', '#u3': 'gsi3pk', '#u4': 'gsi3sk' },
      ExpressionAttributeValues: { ':u0': true, ':u1': 'Paused: the Basic plan includes 3 monitors', ':u2': null, ':u3': false },
    });
  });

  it('records a run\'s outcome and its automatic submissions on a monitor that still exists', async () => {
    store = recordStore(() => conditionFailed());
    await monitors.recordRunOutcome('01JMON', 4);
    const sent = Array.from({ length: 120 }, (_, i) => ({ resultId: `r${i}`, url: `https://x.example/${i}`, caseId: `c${i}` }));
    await monitors.recordAutoSubmit('01JMON', { searchId: 'S1', at: NOW, sent, waiting: 0, reason: null });
    expect(store.commands[0]!.input).toMatchObject({ UpdateExpression: 'SET #u0 = :u0 ADD #u1 :u1', ConditionExpression: 'attribute_exists(#u2)', ExpressionAttributeValues: { ':u0': 4, ':u1': 4 } });
    const kept = store.commands[1]!.input.ExpressionAttributeValues as Record<string, { sent: unknown[] }>;
    expect(kept[':u0']!.sent).toHaveLength(100);
  });

  it('deletes the monitor with its seen pictures', async () => {
    store = recordStore();
    await monitors.remove('01JMON');
    expect(store.commands.map((c) => c.input.Key)).toEqual([
      { pk: 'MONITOR#01JMON', sk: 'MONITOR' },
      { pk: 'MONITOR#01JMON', sk: 'SEEN_IMAGES' },
    ]);
  });

  it('takes a monitor slot within the plan\'s count and gives it back, never below zero', async () => {
    store = recordStore((c) => (c.name === 'UpdateItem' && c.input.ConditionExpression !== '#u0 >= :u1' ? conditionFailed() : { Item: { count: 3 } }));
    expect(await monitors.takeSlot('u1', 3)).toEqual({ taken: false, used: 3 });
    await monitors.giveSlot('u1');
    expect(store.commands.map((c) => [c.name, c.input.Key, c.input.ConditionExpression])).toEqual([
      ['UpdateItem', { pk: 'USER#u1', sk: 'MONITOR_COUNT' }, '(attribute_not_exists(#u2)) OR (#u2 <= :u3)'],
      ['GetItem', { pk: 'USER#u1', sk: 'MONITOR_COUNT' }, undefined],
      ['UpdateItem', { pk: 'USER#u1', sk: 'MONITOR_COUNT' }, '#u0 >= :u1'],
    ]);
    expect(store.commands[0]!.input.ExpressionAttributeValues).toEqual({ ':u0': 'u1', ':u1': 'MONITOR_COUNT', ':u2': 1, ':u3': 2 });
  });
});

describe('monitors written before issue 27 (the schedule migration)', () => {
  it('are read from the former due index, newest first, a page below the cursor', async () => {
    const store = recordStore(() => ({ Items: [] }));
    expect(await monitors.listLegacyDue(200, '2026-01-01T00:00:00.000Z#X')).toEqual({ monitors: [] });
    expect(store.commands[0]!.input).toMatchObject({
      IndexName: 'gsi3',
      ScanIndexForward: false,
      ExpressionAttributeValues: { ':k0': 'MONITOR_DUE', ':k1': '2026-01-01T00:00:00.000Z#X' },
    });
    store.stop();
  });
});
