import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as cases from './case';

const at = '2026-11-28T10:00:00.000Z';
const record: cases.CaseRecord = {
  id: '01JCASE',
  userId: 'u1',
  caseNumber: 'VGL-2026-000042',
  status: 'pending',
  statusHistory: [{ status: 'pending', at }],
  infringingUrl: 'https://copy.example/a\nhttps://copy.example/b',
  originalUrl: 'https://me.example/a',
  description: 'mine',
  searchEngine: 'google',
  searchResultId: '01JRESULT',
  host: 'copy.example',
  origin: 'form',
  rights: { owner: 'creator' },
  createdAt: at,
};

let store: ReturnType<typeof recordStore>;
// Stopped after each test, passed or not: a recorder left on would answer the next test's commands.
afterEach(() => store?.stop());

describe('case entity', () => {
  it('stores a case under its id, listed under its owner and its result, and reads it back', () => {
    const item = cases.toItem(record);
    expect(item).toMatchObject({
      pk: 'CASE#01JCASE',
      sk: 'CASE',
      gsi1pk: 'USER#u1#CASE',
      gsi1sk: `${at}#01JCASE`,
      gsi2pk: 'RESULT#01JRESULT#CASE',
      gsi2sk: `${at}#01JCASE`,
      entity: 'CASE',
      v: 1,
    });
    expect(cases.fromItem(item)).toEqual(record);
  });

  it('reads items written before versions were stored, the oldest without a status history', () => {
    const { statusHistory: _h, ...old } = record;
    const submission = { attempt: 2, state: 'awaiting-recheck', startedAt: at, updatedAt: at, recipient: 'abuse@host.example' };
    const baseline = [{ url: 'https://copy.example/a', status: 200, sha256: 'ab', images: [], at }];
    const item = { ...old, pk: 'CASE#01JCASE', sk: 'CASE', entity: 'CASE', gsi3pk: 'SUBMISSION_SWEEP_DUE', gsi3sk: 'x', submissionAttempt: 2, submission, baseline, lastNoticeKey: 'k', noticeCount: 3 };
    expect(cases.fromItem(item)).toEqual({ ...old, statusHistory: [], submissionAttempt: 2, submission, baseline, lastNoticeKey: 'k', noticeCount: 3 });
  });

  it('refuses an item that is not a case', () => {
    expect(() => cases.fromItem({ ...record, status: 'lost' })).toThrow();
  });

  it('creates a case only where none exists', async () => {
    store = recordStore(() => conditionFailed());
    expect(await cases.create(record)).toBe(false);
    expect(store.commands[0]).toMatchObject({
      name: 'PutItem',
      input: { Item: { pk: 'CASE#01JCASE', sk: 'CASE', v: 1 }, ConditionExpression: 'attribute_not_exists(#c0)', ExpressionAttributeNames: { '#c0': 'pk' } },
    });
  });

  it('moves a case only from the statuses given, appending to its history', async () => {
    store = recordStore();
    expect(await cases.transition('01JCASE', ['pending', 'reappeared'], 'sent', at)).toBe(true);
    expect(store.commands[0]).toMatchObject({
      name: 'UpdateItem',
      input: {
        Key: { pk: 'CASE#01JCASE', sk: 'CASE' },
        UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = list_append(if_not_exists(#u2, :u2), :u3)',
        ConditionExpression: '#u0 IN (:u4, :u5)',
        ExpressionAttributeNames: { '#u0': 'status', '#u1': 'sentAt', '#u2': 'statusHistory' },
        ExpressionAttributeValues: { ':u0': 'sent', ':u1': at, ':u2': [], ':u3': [{ status: 'sent', at }], ':u4': 'pending', ':u5': 'reappeared' },
      },
    });
  });

  it('answers false when the status was not one of those given', async () => {
    store = recordStore(() => conditionFailed());
    expect(await cases.transition('01JCASE', ['sent'], 'resolved', at)).toBe(false);
  });

  it('claims the first attempt only while none was claimed, entering the sweep index', async () => {
    store = recordStore();
    expect(await cases.claimSubmissionAttempt('01JCASE', undefined, 1, at, '2026-12-05T10:15:00.000Z')).toBe(true);
    const { input } = store.commands[0];
    expect(input).toMatchObject({
      Key: { pk: 'CASE#01JCASE', sk: 'CASE' },
      // A new attempt climbs the ladder afresh (issue 23); a counter-notice forbids one.
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1, #u2 = :u2, #u3 = :u3 REMOVE #u4, #u5, #u6, #u7',
      ConditionExpression: '(attribute_exists(#u8)) AND (#u9 <> :u4) AND (attribute_not_exists(#u10)) AND (attribute_not_exists(#u0))',
      ExpressionAttributeNames: {
        '#u0': 'submissionAttempt',
        '#u1': 'submission',
        '#u2': 'gsi3pk',
        '#u3': 'gsi3sk',
        '#u4': 'escalation',
        '#u5': 'ladder',
        '#u6': 'outcome',
        '#u7': 'agentFilings',
        '#u8': 'pk',
        '#u9': 'status',
        '#u10': 'counterNotice',
      },
      ExpressionAttributeValues: {
        ':u0': 1,
        ':u1': { attempt: 1, state: 'queued', startedAt: at, updatedAt: at },
        ':u2': 'SUBMISSION_SWEEP_DUE',
        ':u3': '2026-12-05T10:15:00.000Z#01JCASE',
        ':u4': 'resolved',
      },
    });
  });

  it("appends the agent's filing of a web form to its own attempt only (issue 23)", async () => {
    store = recordStore(() => conditionFailed());
    const filing = { step: 'cdn' as const, action: 'agent-filed' as const, at, reference: 'CF-1', attempt: 2 };
    expect(await cases.recordAgentFiling('01JCASE', filing)).toBe(false);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0 = list_append(if_not_exists(#u0, :u0), :u1)',
      ConditionExpression: '(attribute_exists(#u1)) AND (#u2 = :u2)',
      ExpressionAttributeNames: { '#u0': 'agentFilings', '#u2': 'submissionAttempt' },
      ExpressionAttributeValues: { ':u1': [filing], ':u2': 2 },
    });
  });

  it('claims a later attempt only while the count is still the one read', async () => {
    store = recordStore(() => conditionFailed());
    expect(await cases.claimSubmissionAttempt('01JCASE', 2, 3, at, 'T')).toBe(false);
    expect(store.commands[0].input).toMatchObject({
      ConditionExpression: '(attribute_exists(#u8)) AND (#u9 <> :u4) AND (attribute_not_exists(#u10)) AND (#u0 = :u5)',
      ExpressionAttributeValues: { ':u0': 3, ':u5': 2 },
    });
  });

  it('updates the submission field by field for its own attempt, in the sweep while it is in progress', async () => {
    store = recordStore();
    expect(await cases.updateSubmission('01JCASE', 2, { state: 'sending', recipient: 'abuse@host.example', error: undefined }, {}, at)).toBe(true);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0.#u1 = :u0, #u0.#u2 = :u1, #u0.#u3 = :u2',
      ConditionExpression: '#u4 = :u3',
      ExpressionAttributeNames: { '#u0': 'submission', '#u1': 'updatedAt', '#u2': 'state', '#u3': 'recipient', '#u4': 'submissionAttempt' },
      ExpressionAttributeValues: { ':u0': at, ':u1': 'sending', ':u2': 'abuse@host.example', ':u3': 2 },
    });
  });

  it('takes a case out of the sweep when its attempt reaches a final state', async () => {
    store = recordStore();
    const escalation = { flagged: true, reason: 'still online', checkedAt: at };
    await cases.updateSubmission('01JCASE', 2, { state: 'escalated' }, { escalation }, at);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0.#u1 = :u0, #u0.#u2 = :u1, #u3 = :u2 REMOVE #u4, #u5',
      ExpressionAttributeNames: { '#u3': 'escalation', '#u4': 'gsi3pk', '#u5': 'gsi3sk' },
      ExpressionAttributeValues: { ':u1': 'escalated', ':u2': escalation },
    });
  });

  it('ends an overdue attempt only while in progress and still the sweep entry read', async () => {
    store = recordStore(() => conditionFailed());
    expect(await cases.endOverdueSubmission('01JCASE', 2, 'T#01JCASE', 'took too long', at)).toBe(false);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0.#u1 = :u0, #u0.#u2 = :u1, #u0.#u3 = :u2 REMOVE #u4, #u5',
      ConditionExpression: '(#u6 = :u3) AND (#u5 = :u4) AND (#u0.#u1 IN (:u5, :u6, :u7, :u8, :u9, :u10, :u11))',
      ExpressionAttributeNames: { '#u0': 'submission', '#u1': 'state', '#u2': 'error', '#u3': 'updatedAt', '#u4': 'gsi3pk', '#u5': 'gsi3sk', '#u6': 'submissionAttempt' },
      ExpressionAttributeValues: {
        ':u0': 'failed',
        ':u1': 'took too long',
        ':u2': at,
        ':u3': 2,
        ':u4': 'T#01JCASE',
        ':u5': 'queued',
        ':u6': 'finding-contact',
        ':u7': 'sending',
        ':u8': 'awaiting-recheck',
        ':u9': 'rechecking',
      },
    });
  });

  it('records a notice and a content confirmation only on an existing case', async () => {
    store = recordStore((c) => (c.input.UpdateExpression === 'SET #u0 = if_not_exists(#u0, :u0)' ? { Attributes: cases.toItem({ ...record, contentConfirmedAt: at }) } : conditionFailed()));
    expect(await cases.recordNoticeKey('01JCASE', 'notices/u1/01JCASE/x.pdf')).toBe(false);
    expect(store.commands[0].input).toMatchObject({
      UpdateExpression: 'SET #u0 = :u0 ADD #u1 :u1',
      ConditionExpression: 'attribute_exists(#u2)',
      ExpressionAttributeNames: { '#u0': 'lastNoticeKey', '#u1': 'noticeCount', '#u2': 'pk' },
      ExpressionAttributeValues: { ':u0': 'notices/u1/01JCASE/x.pdf', ':u1': 1 },
    });
    expect(await cases.confirmContent('01JCASE', at)).toEqual({ ...record, contentConfirmedAt: at });
    expect(store.commands[1].input).toMatchObject({ ConditionExpression: 'attribute_exists(#u1)', ExpressionAttributeNames: { '#u0': 'contentConfirmedAt', '#u1': 'pk' } });
  });

  it('finds a result\'s newest case on gsi2, then reads it by id', async () => {
    store = recordStore((c) => (c.name === 'Query' ? { Items: [cases.toItem(record)] } : { Item: cases.toItem(record) }));
    expect(await cases.latestForResult('01JRESULT')).toEqual(record);
    expect(store.commands.map((c) => c.name)).toEqual(['Query', 'GetItem']);
    expect(store.commands[0].input).toMatchObject({ IndexName: 'gsi2', ExpressionAttributeValues: { ':k0': 'RESULT#01JRESULT#CASE' }, ScanIndexForward: false, Limit: 1 });
    expect(store.commands[1].input).toMatchObject({ Key: { pk: 'CASE#01JCASE', sk: 'CASE' }, ConsistentRead: true });
  });
});
