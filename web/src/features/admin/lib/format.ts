/*
 * Number formats of the Business Dashboard (PRODUCT.md section 9): currency in US dollars, percentages from fractions
 * with one decimal place, and the badge thresholds of section 2.
 */

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const counts = new Intl.NumberFormat('en-US');

/** US dollars: `$12,500` for whole amounts, `$43.33` when there are cents. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? wholeDollars.format(amount) : dollarsAndCents.format(amount);
}

/** A fraction as a percentage with one decimal place: `0.0425` -> `4.3%`. */
export function percentFromFraction(fraction: number): string {
  return `${(fraction * 100).toFixed(1)}%`;
}

/** A growth fraction with its sign: `0.125` -> `+12.5%`, `-0.03` -> `-3.0%`, `0` -> `0.0%`. */
export function signedPercentFromFraction(fraction: number): string {
  return `${fraction > 0 ? '+' : ''}${percentFromFraction(fraction)}`;
}

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return counts.format(n);
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive' | 'outline';

/** Churn badge (PRODUCT.md section 2): default under 5%, otherwise destructive. */
export function churnBadgeVariant(churnRate: number): BadgeVariant {
  return churnRate < 0.05 ? 'default' : 'destructive';
}

/** Financial growth badge (PRODUCT.md section 2): default if above 0, else destructive. */
export function growthBadgeVariant(growth: number): BadgeVariant {
  return growth > 0 ? 'default' : 'destructive';
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A `yyyy-mm` period as `Mar 2025`; anything else is shown as it came. */
export function formatPeriod(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : period;
}

/** A join date (ISO time) as a short calendar date, `Mar 4, 2025`; an unreadable value is shown as it came. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A UTC date and time, `Mar 4, 2025, 14:05 UTC`; an unreadable value is shown as it came. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;
}
