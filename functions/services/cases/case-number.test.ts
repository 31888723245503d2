import { recordStore } from '../../../test/store-recorder';
import { allocateCaseNumber, formatCaseNumber } from './case-number';

describe('case numbers', () => {
  it('take the next value of the one global counter, with the year of opening', async () => {
    const store = recordStore(() => ({ Attributes: { pk: 'COUNTER#case-number', sk: 'TOTAL', name: 'case-number', count: 124 } }));
    expect(await allocateCaseNumber(new Date('2027-01-02T00:00:00Z'))).toBe('VGL-2027-000124');
    expect(store.commands).toEqual([
      {
        name: 'UpdateItem',
        input: expect.objectContaining({
          Key: { pk: 'COUNTER#case-number', sk: 'TOTAL' },
          UpdateExpression: 'SET #u0 = :u0 ADD #u1 :u1',
          ExpressionAttributeNames: { '#u0': 'name', '#u1': 'count' },
          ExpressionAttributeValues: { ':u0': 'case-number', ':u1': 1 },
          ReturnValues: 'ALL_NEW',
        }),
      },
    ]);
    expect(store.commands[0].input.ConditionExpression).toBeUndefined();
    store.stop();
  });

  it('pad the sequence to six digits and grow past them', () => {
    expect(formatCaseNumber(7, new Date('2026-05-01T00:00:00Z'))).toBe('VGL-2026-000007');
    expect(formatCaseNumber(1_234_567, new Date('2026-05-01T00:00:00Z'))).toBe('VGL-2026-1234567');
  });
});
