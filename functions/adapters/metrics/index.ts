import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { captureClient } from '../../lib/tracer';
import { CloudWatchMetricsReader } from './cloudwatch-metrics-reader';
import { EmfLogMetricsReader, appendEmf } from './emf-log';
import { API_SERVICE, METRICS_NAMESPACE, type RequestMetricsReader } from './request-metrics';

export { REQUEST_METRICS, emptyDay, type DayFigures, type RequestMetricsReader } from './request-metrics';

/** The API's Powertools Metrics instance (namespace `Vigil`, dimension `service: vigil-api`). */
export const apiMetrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: API_SERVICE, logger });

/**
 * Publishes what `metrics` holds: as an EMF line on stdout (Lambda's log pipeline turns it into CloudWatch
 * metrics, no API call; POWERTOOLS_METRICS_DISABLED silences it), or, when METRICS_LOG_DIR is set (the
 * local runtime, tests), appended to the EMF log there, which the local reader sums.
 */
export function publishMetrics(metrics: Metrics): void {
  const dir = config().metricsLogDir;
  if (!dir) {
    metrics.publishStoredMetrics();
    return;
  }
  try {
    if (metrics.hasStoredMetrics()) appendEmf(dir, metrics.serializeMetrics());
  } finally {
    metrics.clearMetrics();
    metrics.clearDimensions();
  }
}

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
