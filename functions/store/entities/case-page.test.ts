import { recordStore } from '../../../test/store-recorder';
import * as cases from './case';

describe('a page of cases', () => {
  it('bounds the owner listing by the dates and the cursor, filters the rest, and skips the cursor case', async () => {
    const store = recordStore(() => ({ Items: [] }));
    await cases.listPage('u1', { status: 'sent', host: 'a.example', outcome: 'open', from: '2026-11-01', to: '2026-11-30' }, { limit: 10, after: '2026-11-20T00:00:00.000Z#01X' });
    expect(store.commands[0]!.input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: '#k0 = :k0 AND #k1 BETWEEN :k1 AND :k2',
      ExpressionAttributeValues: { ':k0': 'USER#u1#CASE', ':k1': '2026-11-01', ':k2': '2026-11-20T00:00:00.000Z#01X' },
      ScanIndexForward: false,
      Limit: 1000,
    });
    expect((store.commands[0]!.input as { FilterExpression: string }).FilterExpression).toContain('attribute_not_exists');
    store.stop();
  });
});
