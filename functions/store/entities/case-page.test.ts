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

  it('counts the cases of each tab from their status only, under the same filters, and stops at the bound', async () => {
    const statuses = ['pending', 'sent', 'sent', 'resolved', 'reappeared', 'pending', 'sent'];
    const store = recordStore(() => ({ Items: statuses.map((status) => ({ status })) }));
    const some = await cases.countByStatus('u1', { host: 'a.example', from: '2026-11-01' }, 100);
    expect(some).toEqual({ counts: { pending: 2, sent: 3, resolved: 1, reappeared: 1 }, all: 7, capped: false });
    const input = store.commands[0]!.input as Record<string, unknown>;
    expect(input).toMatchObject({ IndexName: 'gsi1', ProjectionExpression: expect.any(String), ExpressionAttributeValues: expect.objectContaining({ ':k0': 'USER#u1#CASE', ':k1': '2026-11-01', ':k2': '~' }) });
    expect(Object.values(input.ExpressionAttributeNames as Record<string, string>)).toEqual(expect.arrayContaining(['status', 'host']));
    expect(input.FilterExpression).not.toMatch(/status/);
    // Past the bound the counts are lower bounds, and say so.
    expect(await cases.countByStatus('u1', {}, 5)).toEqual({ counts: { pending: 1, sent: 2, resolved: 1, reappeared: 1 }, all: 5, capped: true });
    store.stop();
  });
});
