import { utcDateText } from './utils';

describe('utcDateText', () => {
  it('states an instant as its UTC calendar day in words', () => {
    expect(utcDateText('2026-12-01T00:00:00.000Z')).toBe('December 1, 2026');
    // The UTC day, not the machine's: late on the 31st in UTC is still the 31st.
    expect(utcDateText('2026-12-31T23:30:00.000Z')).toBe('December 31, 2026');
  });

  it('shows a value that is not a date as given', () => {
    expect(utcDateText('soon')).toBe('soon');
  });
});
