import { periodOutcomes, type ReportCase } from './report-data';
import { renderReportCsv } from './report-csv';
import { outcomeLine } from './send-report';

const period = { from: '2026-11-01', to: '2026-11-30' };
const base = { urls: ['https://copy.example/1'], createdAt: '2026-11-01T00:00:00.000Z', notice: { channel: 'E-mail to the host' } };
const cases: ReportCase[] = [
  { ...base, caseNumber: 'VGL-1', status: 'resolved', host: 'fast.example', sentAt: '2026-11-02T00:00:00.000Z', outcome: { kind: 'removed', step: 'host', at: '2026-11-02T10:00:00.000Z' } },
  {
    ...base,
    caseNumber: 'VGL-2',
    status: 'reappeared',
    host: 'slow.example',
    sentAt: '2026-11-02T00:00:00.000Z',
    reappearedAt: '2026-11-20T00:00:00.000Z',
    outcome: { kind: 'removed', step: 'network', at: '2026-11-04T00:00:00.000Z' },
  },
  { ...base, caseNumber: 'VGL-3', status: 'sent', host: 'stubborn.example', sentAt: '2026-11-02T00:00:00.000Z', outcome: { kind: 'delisted', step: 'delisting', at: '2026-11-09T00:00:00.000Z' } },
  { ...base, caseNumber: 'VGL-4', status: 'sent', host: 'fast.example', sentAt: '2026-11-25T00:00:00.000Z', escalating: true },
  // Ended before the period: listed (opened in it), not counted as ended in it.
  { ...base, caseNumber: 'VGL-5', status: 'sent', host: 'old.example', sentAt: '2026-10-20T00:00:00.000Z', outcome: { kind: 'stopped', step: 'delisting', at: '2026-10-30T00:00:00.000Z' } },
];

describe("a report's takedown outcomes (issue 23)", () => {
  it('are measured over the cases that ended in the period, with the copies that came back in it', () => {
    const o = periodOutcomes(cases, period);
    expect(o).toMatchObject({ ended: 3, open: 1, removed: 2, delisted: 1, stopped: 0, cameBack: 1, medianHoursToRemoval: 29 });
    expect(o.removalRate).toBeCloseTo(2 / 3);
    expect(o.delistedOnlyShare).toBeCloseTo(1 / 3);
    expect(o.byStep).toEqual([
      { step: 'host', removals: 1, medianHours: 10 },
      { step: 'network', removals: 1, medianHours: 48 },
    ]);
    expect(o.byHost.map((h) => h.host).sort()).toEqual(['fast.example', 'slow.example']);
  });

  it('the CSV gives each case its outcome, step, end date and hours from the notice', () => {
    const report = {
      scope: 'creator' as const,
      period,
      generatedAt: '2026-12-01T00:00:00.000Z',
      scans: { total: 0, manual: 0, monitorRuns: 0 },
      results: { found: 0, decided: 0, unauthorized: 0, safe: 0, undecided: 0 },
      cases,
      caseCounts: { opened: 5, sent: 5, resolved: 1, reappeared: 1 },
      outcomes: periodOutcomes(cases, period),
      hosts: [],
    };
    const [header, ...rows] = renderReportCsv(report).trim().split(/\r?\n/).map((l) => l.split(','));
    const col = (row: string[], name: string) => row[header!.indexOf(name)];
    expect(header!.slice(-4)).toEqual(['outcome', 'outcome_step', 'ended', 'hours_to_outcome']);
    expect(rows.map((r) => [col(r, 'case_number'), col(r, 'outcome'), col(r, 'outcome_step'), col(r, 'ended'), col(r, 'hours_to_outcome')])).toEqual([
      ['VGL-1', 'removed', 'host', '2026-11-02', '10'],
      ['VGL-2', 'removed', 'network', '2026-11-04', '48'],
      ['VGL-3', 'delisted', 'delisting', '2026-11-09', '168'],
      ['VGL-4', 'escalating', '', '', ''],
      ['VGL-5', 'stopped', 'delisting', '2026-10-30', '240'],
    ]);
  });

  it('the e-mailed report says them in one line', () => {
    expect(outcomeLine(periodOutcomes(cases, period))).toBe('Takedowns ended: 3 (removal rate 67%, delisted only 33%, median 29 h to removal); came back: 1; still escalating: 1');
    expect(outcomeLine(periodOutcomes([], period))).toBe('Takedowns ended: 0 (removal rate none ended, delisted only none ended); came back: 0; still escalating: 0');
  });
});
