// Reading the request metrics back (the admin figures): apart from requests.ts, which every area's handler
// chain imports, so the metrics reader and its CloudWatch client stay out of the other bundles.
import { emptyDay, type DayFigures } from '../../adapters/metrics';
import { requestMetricsReader } from '../../adapters/metrics/reader';

/** The request and health sums of the days from `from` to `to` (`yyyy-mm-dd`), from the metrics. */
export function readRequestDays(from: string, to: string): Promise<Map<string, DayFigures>> {
  return requestMetricsReader().daily(from, to);
}

/** The sums of several days. */
export const sumDays = (days: Iterable<DayFigures>): DayFigures => {
  const out = emptyDay();
  for (const d of days) for (const k of Object.keys(out) as Array<keyof DayFigures>) out[k] += d[k];
  return out;
};
