import { conditionFailed, recordStore } from '../../../test/store-recorder';
import * as returns from './case-return';

const record: returns.CaseReturnRecord = { caseId: '01JCASE', host: 'copy.example', removedAt: '2026-11-20T10:00:00.000Z', at: '2026-11-28T10:00:00.000Z' };

let store: ReturnType<typeof recordStore>;
afterEach(() => store?.stop());

describe('case return record', () => {
  it('is one item per return, listed platform-wide by time, with no creator identity', () => {
    const item = returns.toItem(record);
    expect(item).toMatchObject({ pk: `CASE_RETURN#01JCASE#${record.at}`, gsi1pk: 'CASE_RETURNS', gsi1sk: `${record.at}#01JCASE`, v: 1 });
    expect(item).not.toHaveProperty('userId');
    expect(returns.fromItem(item)).toEqual(record);
  });

  it('is written once, and read from a time on', async () => {
    store = recordStore(() => conditionFailed());
    expect(await returns.create(record)).toBe(false);
    expect(store.commands[0].input).toMatchObject({ ConditionExpression: expect.stringContaining('attribute_not_exists') });
    store.stop();
    store = recordStore(() => ({ Items: [returns.toItem(record)] }));
    expect(await returns.listSince('2026-11-01', 10)).toEqual([record]);
    expect(store.commands[0].input).toMatchObject({ IndexName: 'gsi1', KeyConditionExpression: '#k0 = :k0 AND #k1 BETWEEN :k1 AND :k2' });
  });
});
