import { bulkSummary } from './bulk-summary';

describe('bulk action toast', () => {
  it('counts what succeeded and what failed, naming the failures', () => {
    expect(bulkSummary([{ caseNumber: 'VGL-1', ok: true }, { caseNumber: 'VGL-2', ok: true }], 'Notices sent', 'sent')).toEqual({
      title: 'Notices sent: 2 of 2',
      description: 'All 2 cases done.',
      failed: false,
    });
    const mixed = bulkSummary(
      [
        { caseNumber: 'VGL-1', ok: true },
        { caseNumber: 'VGL-2', ok: false, reason: 'Upgrade to send notices automatically.' },
        ...['3', '4', '5', '6'].map((n) => ({ caseNumber: `VGL-${n}`, ok: false })),
      ],
      'Notices sent',
      'sent',
    );
    expect(mixed.title).toBe('Notices sent: 1 of 6');
    expect(mixed.description).toBe('5 not sent. VGL-2: Upgrade to send notices automatically. VGL-3: refused VGL-4: refused And 2 more.');
    expect(mixed.failed).toBe(true);
  });
});
