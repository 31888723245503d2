// The read side of the request metrics, apart from the publisher (index.ts): every area's handler chain
// publishes, only the admin figures read, so only the admin bundle carries the CloudWatch client.
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { config } from '../../lib/config';
import { captureClient } from '../../lib/tracer';
import { CloudWatchMetricsReader } from './cloudwatch-metrics-reader';
import { EmfLogMetricsReader } from './emf-log';
import type { RequestMetricsReader } from './request-metrics';

let reader: { dir: string | undefined; reader: RequestMetricsReader } | undefined;

/** The reader the configuration selects: the EMF log under METRICS_LOG_DIR, else CloudWatch. One per process. */
export function requestMetricsReader(): RequestMetricsReader {
  const dir = config().metricsLogDir;
  if (reader?.dir !== dir || !reader) {
    reader = {
      dir,
      reader: dir
        ? new EmfLogMetricsReader(dir)
        : new CloudWatchMetricsReader(captureClient(new CloudWatchClient({ region: config().region, maxAttempts: 3 }))),
    };
  }
  return reader.reader;
}
