/**
 * Calendar helpers for counters, all in UTC: months are `yyyy-mm`, days `yyyy-mm-dd`. Hand-written because the
 * arithmetic needed is a few lines of Date.UTC and no date library is a dependency of the functions.
 */

const pad = (n: number) => String(n).padStart(2, '0');

export const toIso = (at: Date | string | undefined): string =>
  at === undefined ? new Date().toISOString() : typeof at === 'string' ? new Date(at).toISOString() : at.toISOString();

/** `yyyy-mm` of a time. */
export const monthOf = (at: Date | string): string => toIso(at).slice(0, 7);

/** `yyyy-mm-dd` of a time. */
export const dayOf = (at: Date | string): string => toIso(at).slice(0, 10);

/** The month `n` months after `month` (negative goes back). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The months from `from` to `to`, both included, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** The day `n` days after `day`. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The `count` calendar days ending with the day of `now`, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  const today = dayOf(now);
  return Array.from({ length: count }, (_, i) => addDays(today, i - count + 1));
}
