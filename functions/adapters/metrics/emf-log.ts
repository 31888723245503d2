import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import { METRICS_NAMESPACE, REQUEST_METRICS, emptyDay, type DayFigures, type RequestFigure, type RequestMetricsReader } from './request-metrics';

/**
 * The local stand-in for CloudWatch's side of EMF: the lines Powertools would print are appended to
 * `<dir>/emf-yyyy-mm-dd.jsonl` (one file a UTC day; O_APPEND writes of one short line are atomic, so the
 * bundles mode's child processes share the files), and read back here with CloudWatch's arithmetic (a daily
 * Sum of each metric). Hand-written because no maintained package reads EMF back outside AWS.
 */
export const dayFile = (dir: string, day: string) => join(dir, `emf-${day}.jsonl`);

/** One EMF line as written: the directive and the values by metric name (and the dimension values). */
export type EmfLine = EmfOutput & Record<string, unknown> & { service?: string };

export function appendEmf(dir: string, emf: EmfOutput): void {
  const day = new Date(emf._aws.Timestamp).toISOString().slice(0, 10);
  mkdirSync(dir, { recursive: true });
  appendFileSync(dayFile(dir, day), `${JSON.stringify(emf)}\n`);
}

const FIGURE_BY_NAME = new Map(Object.entries(REQUEST_METRICS).map(([figure, name]) => [name as string, figure as RequestFigure]));

function* days(fromDay: string, toDay: string): Generator<string> {
  for (let t = Date.parse(`${fromDay}T00:00:00.000Z`); t <= Date.parse(`${toDay}T00:00:00.000Z`); t += 86_400_000) {
    yield new Date(t).toISOString().slice(0, 10);
  }
}

export class EmfLogMetricsReader implements RequestMetricsReader {
  constructor(private readonly dir: string) {}

  async daily(fromDay: string, toDay: string): Promise<Map<string, DayFigures>> {
    const out = new Map<string, DayFigures>();
    for (const day of days(fromDay, toDay)) {
      let text: string;
      try {
        text = readFileSync(dayFile(this.dir, day), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw err;
      }
      const sums = emptyDay();
      for (const line of text.split('\n')) {
        if (!line) continue;
        const emf = JSON.parse(line) as EmfOutput & Record<string, unknown>;
        for (const directive of emf._aws.CloudWatchMetrics) {
          if (directive.Namespace !== METRICS_NAMESPACE) continue;
          for (const { Name } of directive.Metrics) {
            const figure = FIGURE_BY_NAME.get(Name);
            const value = emf[Name];
            if (figure) sums[figure] += Array.isArray(value) ? value.reduce((a: number, v: number) => a + v, 0) : Number(value ?? 0);
          }
        }
      }
      out.set(day, sums);
    }
    return out;
  }
}
