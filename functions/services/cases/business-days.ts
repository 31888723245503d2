/**
 * U.S. federal business days (5 U.S.C. 6103 holidays, with a Saturday holiday observed on the Friday before and a
 * Sunday one on the Monday after), for the 512(g) restoration window of a counter-notice (issue 23).
 */
const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The `n`-th `weekday` (0 = Sunday) of month `m` (0-based), or the last when n = -1. */
function nthWeekday(y: number, m: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m, 1)).getUTCDay();
    return iso(y, m, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
  }
  const lastDay = new Date(Date.UTC(y, m + 1, 0));
  return iso(y, m, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7));
}

function observed(y: number, m: number, d: number): string {
  const day = new Date(Date.UTC(y, m, d)).getUTCDay();
  return day === 6 ? iso(y, m, d - 1) : day === 0 ? iso(y, m, d + 1) : iso(y, m, d);
}

/** The federal holidays (observed dates) of year `y`, as YYYY-MM-DD. */
export function federalHolidays(y: number): Set<string> {
  return new Set([
    observed(y, 0, 1),
    nthWeekday(y, 0, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(y, 1, 1, 3), // Washington's Birthday
    nthWeekday(y, 4, 1, -1), // Memorial Day
    observed(y, 5, 19), // Juneteenth
    observed(y, 6, 4),
    nthWeekday(y, 8, 1, 1), // Labor Day
    nthWeekday(y, 9, 1, 2), // Columbus Day
    observed(y, 10, 11), // Veterans Day
    nthWeekday(y, 10, 4, 4), // Thanksgiving
    observed(y, 11, 25),
    observed(y + 1, 0, 1), // New Year's Day of the next year observed on Dec 31
  ]);
}

export function isBusinessDay(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDay();
  return day !== 0 && day !== 6 && !federalHolidays(d.getUTCFullYear()).has(date);
}

/** The date `n` business days after `date` (YYYY-MM-DD; the day itself not counted). */
export function addBusinessDays(date: string, n: number): string {
  let d = new Date(`${date}T00:00:00Z`);
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + 86_400_000);
    if (isBusinessDay(d.toISOString().slice(0, 10))) left--;
  }
  return d.toISOString().slice(0, 10);
}

/** 17 U.S.C. 512(g)(2)(C): restored no less than 10, no more than 14 business days after the counter-notice. */
export function restorationWindow(receivedAt: string): { restoreFrom: string; restoreBy: string } {
  const day = receivedAt.slice(0, 10);
  return { restoreFrom: addBusinessDays(day, 10), restoreBy: addBusinessDays(day, 14) };
}
