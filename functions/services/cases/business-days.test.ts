import { addBusinessDays, federalHolidays, isBusinessDay, restorationWindow } from './business-days';

describe('U.S. federal business days', () => {
  it('knows the observed holidays of a year', () => {
    const h = federalHolidays(2026);
    for (const d of ['2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25']) {
      expect(h.has(d)).toBe(true);
    }
    expect(isBusinessDay('2026-07-03')).toBe(false); // July 4th 2026 is a Saturday: observed on Friday
    expect(isBusinessDay('2026-11-27')).toBe(true);
  });

  it('counts 10 to 14 business days, skipping weekends and holidays', () => {
    // Wednesday 2026-11-18: Thanksgiving (26th) falls inside the window.
    expect(restorationWindow('2026-11-18T15:00:00.000Z')).toEqual({ restoreFrom: '2026-12-03', restoreBy: '2026-12-09' });
    expect(addBusinessDays('2026-12-23', 2)).toBe('2026-12-28'); // over Christmas and the weekend
  });
});
