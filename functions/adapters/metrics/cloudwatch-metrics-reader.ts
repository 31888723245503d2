import { CloudWatchClient, GetMetricDataCommand, type MetricDataQuery } from '@aws-sdk/client-cloudwatch';
import { API_SERVICE, METRICS_NAMESPACE, REQUEST_METRICS, emptyDay, type DayFigures, type RequestFigure, type RequestMetricsReader } from './request-metrics';

const DAY_SECONDS = 86_400;

/**
 * The admin figures' request and health sums from CloudWatch: one GetMetricData call (paged) for the daily Sum
 * of each metric in the `{service}` dimension set, over whole UTC days. CloudWatch keeps daily datapoints
 * 455 days, longer than the 12 months the financial table shows. Needs `cloudwatch:GetMetricData` (granted
 * to the admin function only, infra/constructs/grants.ts).
 */
export class CloudWatchMetricsReader implements RequestMetricsReader {
  constructor(private readonly client: CloudWatchClient) {}

  async daily(fromDay: string, toDay: string): Promise<Map<string, DayFigures>> {
    const figures = Object.keys(REQUEST_METRICS) as RequestFigure[];
    const queries: MetricDataQuery[] = figures.map((figure) => ({
      Id: figure.toLowerCase(),
      ReturnData: true,
      MetricStat: {
        Metric: { Namespace: METRICS_NAMESPACE, MetricName: REQUEST_METRICS[figure], Dimensions: [{ Name: 'service', Value: API_SERVICE }] },
        Period: DAY_SECONDS,
        Stat: 'Sum',
      },
    }));
    const byId = new Map(figures.map((f) => [f.toLowerCase(), f]));
    const out = new Map<string, DayFigures>();
    let NextToken: string | undefined;
    do {
      const page = await this.client.send(
        new GetMetricDataCommand({
          MetricDataQueries: queries,
          StartTime: new Date(`${fromDay}T00:00:00.000Z`),
          EndTime: new Date(Date.parse(`${toDay}T00:00:00.000Z`) + DAY_SECONDS * 1000),
          ScanBy: 'TimestampAscending',
          NextToken,
        }),
      );
      for (const result of page.MetricDataResults ?? []) {
        const figure = byId.get(result.Id ?? '');
        if (!figure) continue;
        (result.Timestamps ?? []).forEach((at, i) => {
          const day = at.toISOString().slice(0, 10);
          const sums = out.get(day) ?? emptyDay();
          sums[figure] += result.Values?.[i] ?? 0;
          out.set(day, sums);
        });
      }
      NextToken = page.NextToken;
    } while (NextToken);
    return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
  }
}
