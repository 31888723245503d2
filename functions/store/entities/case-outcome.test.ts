import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as outcomes from './case-outcome';

const record: outcomes.CaseOutcomeRecord = {
  caseId: '01JCASE',
  userId: 'u1',
  host: 'copy.example',
  kind: 'removed',
  step: 'network',
  stepsClimbed: 2,
  sentAt: '2026-11-27T10:00:00.000Z',
  at: '2026-11-28T10:00:00.000Z',
};

let store: ReturnType<typeof recordStore>;
afterEach(() => store?.stop());

describe('case outcome record', () => {
  it('is one item per ending, listed platform-wide by time', () => {
    const item = outcomes.toItem(record);
    expect(item).toMatchObject({ pk: `CASE_OUTCOME#01JCASE#${record.at}`, gsi1pk: 'CASE_OUTCOMES', gsi1sk: `${record.at}#01JCASE`, v: 1 });
    expect(outcomes.fromItem(item)).toEqual(record);
  });

  it('is written once, and read from a time on', async () => {
    store = recordStore(() => conditionFailed());
    expect(await outcomes.create(record)).toBe(false);
    store.stop();
    store = recordStore(() => ({ Items: [outcomes.toItem(record)] }));
    expect(await outcomes.listSince('2026-11-01', 10)).toEqual([record]);
    expect(store.commands[0].input).toMatchObject({ IndexName: 'gsi1', KeyConditionExpression: '#k0 = :k0 AND #k1 BETWEEN :k1 AND :k2' });
  });
});
