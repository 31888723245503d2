import { CloudWatchClient, GetMetricDataCommand, type MetricDataQuery } from '@aws-sdk/client-cloudwatch';
import { readFileSync } from 'node:fs';
import { config } from '../../lib/config';
import { captureClient } from '../../lib/tracer';
import { dayFile, type EmfLine } from './emf-log';
import { METRICS_NAMESPACE } from './request-metrics';

/** The read side of ./metric-sums.ts: sums of named Count metrics of one `service` over whole UTC days. */
const DAY_SECONDS = 86_400;

export interface MetricSumsReader {
  /** The sum of each named metric of `service` over the UTC days `fromDay`..`toDay` (inclusive); absent: 0. */
  sums(service: string, names: readonly string[], fromDay: string, toDay: string): Promise<Record<string, number>>;
}

const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

/** GetMetricData: one query per name (at most 500 a request), daily Sums, pages followed. */
export class CloudWatchSumsReader implements MetricSumsReader {
  constructor(private readonly client: CloudWatchClient) {}

  async sums(service: string, names: readonly string[], fromDay: string, toDay: string): Promise<Record<string, number>> {
    const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500);
      const queries: MetricDataQuery[] = chunk.map((name, j) => ({
        Id: `m${j}`,
        ReturnData: true,
        MetricStat: {
          Metric: { Namespace: METRICS_NAMESPACE, MetricName: name, Dimensions: [{ Name: 'service', Value: service }] },
          Period: DAY_SECONDS,
          Stat: 'Sum',
        },
      }));
      let NextToken: string | undefined;
      do {
        const page = await this.client.send(
          new GetMetricDataCommand({
            MetricDataQueries: queries,
            StartTime: dayStart(fromDay),
            EndTime: new Date(dayStart(toDay).getTime() + DAY_SECONDS * 1000),
            NextToken,
          }),
        );
        for (const result of page.MetricDataResults ?? []) {
          const name = chunk[Number(result.Id?.slice(1))];
          if (name !== undefined) out[name] = (out[name] ?? 0) + (result.Values ?? []).reduce((a, v) => a + v, 0);
        }
        NextToken = page.NextToken;
      } while (NextToken);
    }
    return out;
  }
}

/** The local stand-in: sums the EMF log's lines of `service` (CloudWatch's arithmetic). */
export class EmfLogSumsReader implements MetricSumsReader {
  constructor(private readonly dir: string) {}

  async sums(service: string, names: readonly string[], fromDay: string, toDay: string): Promise<Record<string, number>> {
    const wanted = new Set(names);
    const out: Record<string, number> = Object.fromEntries(names.map((n) => [n, 0]));
    for (let t = dayStart(fromDay).getTime(); t <= dayStart(toDay).getTime(); t += DAY_SECONDS * 1000) {
      let text: string;
      try {
        text = readFileSync(dayFile(this.dir, new Date(t).toISOString().slice(0, 10)), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      for (const line of text.split('\n')) {
        if (!line) continue;
        const emf = JSON.parse(line) as EmfLine;
        if (emf.service !== service) continue;
        for (const directive of emf._aws.CloudWatchMetrics) {
          if (directive.Namespace !== METRICS_NAMESPACE) continue;
          for (const { Name } of directive.Metrics) {
            if (!wanted.has(Name)) continue;
            const value = emf[Name];
            out[Name] = (out[Name] ?? 0) + (Array.isArray(value) ? value.reduce((a: number, v: number) => a + v, 0) : Number(value ?? 0));
          }
        }
      }
    }
    return out;
  }
}

let reader: { dir: string | undefined; reader: MetricSumsReader } | undefined;

/** The reader the configuration selects: the EMF log under METRICS_LOG_DIR, else CloudWatch. One per process. */
export function metricSumsReader(): MetricSumsReader {
  const dir = config().metricsLogDir;
  if (reader?.dir !== dir || !reader) {
    reader = {
      dir,
      reader: dir ? new EmfLogSumsReader(dir) : new CloudWatchSumsReader(captureClient(new CloudWatchClient({ region: config().region, maxAttempts: 3 }))),
    };
  }
  return reader.reader;
}
